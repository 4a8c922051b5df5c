import { readFileSync } from 'node:fs'
import type { Kysely } from 'kysely'
import type { Database } from './schema'

/** Where an older release kept a key it made, and how to tell that what is there is one. */
export interface KeptFile {
  path: string
  valid: (text: string) => boolean
}

/**
 * A key the server makes once and every node shares (decision 0114): kept in `server_keys`, so
 * nodes on one database agree on it without files copied between them, and a backup of the
 * database carries it. Whichever node asks first stores its candidate; every node reads back what
 * was stored. The candidate is the key an older release kept in `kept` (the data directory), when
 * there is one, so the sign-in codes, webhooks and push subscriptions made with it keep working;
 * otherwise `make()`.
 */
export async function sharedKey(
  db: Kysely<Database>,
  name: string,
  make: () => string,
  kept?: KeptFile,
): Promise<string> {
  const candidate = (kept && readKept(kept)) ?? make()
  await db
    .insertInto('serverKeys')
    .values({ name, secret: candidate })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute()
  const row = await db
    .selectFrom('serverKeys')
    .select('secret')
    .where('name', '=', name)
    .executeTakeFirstOrThrow()
  return row.secret
}

function readKept({ path, valid }: KeptFile): string | undefined {
  try {
    const text = readFileSync(path, 'utf8').trim()
    return valid(text) ? text : undefined
  } catch {
    return undefined
  }
}
