import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { sharedKey } from '../../db/server-keys'

/**
 * The secret the sandbox acquirer signs webhooks with: `SANDBOX_ACQUIRER_SECRET`, or one made
 * once and shared by every node through the database (decision 0114); an older release kept it
 * in the data directory, and that one is kept.
 */
export async function loadSandboxSecret(
  fromEnv: string | undefined,
  db: Kysely<Database>,
  dataDir: string,
): Promise<string> {
  if (fromEnv) return fromEnv
  return sharedKey(db, 'sandbox-acquirer', () => randomBytes(32).toString('hex'), {
    path: join(dataDir, 'sandbox-acquirer-secret'),
    valid: (text) => text.length >= 32,
  })
}
