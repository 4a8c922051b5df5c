import type { Transaction } from 'kysely'
import type { Database } from '../../db/schema'

/** Its row in `server_keys` (decision 0114): every node reads the one token from there. */
export const SETUP_TOKEN_KEY = 'setup-token'

/** The setup token's row in `server_keys`: read and locked, and forgotten once used. */
export function createSetupRepository() {
  return {
    /**
     * The token under its row's lock, for the length of `trx`: of two setups at once, the second
     * waits here and then finds the token gone.
     */
    async lockToken(trx: Transaction<Database>): Promise<string | undefined> {
      const row = await trx
        .selectFrom('serverKeys')
        .select('secret')
        .where('name', '=', SETUP_TOKEN_KEY)
        .forUpdate()
        .executeTakeFirst()
      return row?.secret
    },

    async forgetToken(trx: Transaction<Database>): Promise<void> {
      await trx.deleteFrom('serverKeys').where('name', '=', SETUP_TOKEN_KEY).execute()
    },
  }
}
