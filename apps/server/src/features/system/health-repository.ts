import { sql, type Kysely } from 'kysely'
import type { Database } from '../../db/schema'

/** Resolves when the database answers a statement; rejects with why it did not. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db)
}
