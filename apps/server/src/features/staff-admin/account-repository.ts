import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../../db/schema'

type Executor = Kysely<Database> | Transaction<Database>

/** The two tables of people who sign in: waiters, and managers with kitchen logins. */
export type AccountTable = 'waiters' | 'staff'

/**
 * The SQL both kinds of account share (decision 0075): the restaurant's row held while its staff
 * change, who may change it, and the rows every account has (a login, an active flag).
 */
export function createAccountRepository(db: Kysely<Database>) {
  return {
    /**
     * Holds the restaurant's row to the end of `trx`, so changes to its staff run one at a time.
     * `FOR NO KEY UPDATE`: no key changes, so orders and sessions naming the restaurant still go in.
     */
    async lockRestaurant(restaurantId: string, trx: Transaction<Database>): Promise<boolean> {
      const row = await trx
        .selectFrom('restaurants')
        .select('id')
        .where('id', '=', restaurantId)
        .forNoKeyUpdate()
        .executeTakeFirst()
      return row !== undefined
    },

    /** The ids of the restaurant's active managers. */
    async activeManagers(restaurantId: string, trx: Transaction<Database>): Promise<string[]> {
      return (
        await trx
          .selectFrom('staff')
          .select('id')
          .where('restaurantId', '=', restaurantId)
          .where('role', '=', 'manager')
          .where('active', '=', true)
          .execute()
      ).map((row) => row.id)
    },

    /** Holds one account's row to the end of `trx`; undefined when the restaurant has no such one. */
    async lock(
      table: AccountTable,
      restaurantId: string,
      id: string,
      trx: Transaction<Database>,
    ): Promise<{ id: string; active: boolean } | undefined> {
      return trx
        .selectFrom(table)
        .select(['id', 'active'])
        .where('restaurantId', '=', restaurantId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst()
    },

    async loginTaken(
      table: AccountTable,
      restaurantId: string,
      login: string,
      executor: Executor = db,
    ): Promise<boolean> {
      const row = await executor
        .selectFrom(table)
        .select('id')
        .where('restaurantId', '=', restaurantId)
        .where('login', '=', login)
        .executeTakeFirst()
      return row !== undefined
    },

    async update(
      table: AccountTable,
      id: string,
      columns: { name?: string; active?: boolean },
      trx: Transaction<Database>,
    ): Promise<void> {
      if (Object.keys(columns).length === 0) return
      await trx.updateTable(table).set(columns).where('id', '=', id).execute()
    },
  }
}

export type AccountRepository = ReturnType<typeof createAccountRepository>
