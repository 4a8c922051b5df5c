import type { Kysely, Selectable, Transaction } from 'kysely'
import type { Database, PaymentAccountsTable } from '../../db/schema'

export type PaymentAccountRow = Selectable<PaymentAccountsTable>

type Executor = Kysely<Database> | Transaction<Database>

/**
 * Each restaurant's acquirer and its account (migration 0048, decision 0121): the restaurant's
 * configuration, kept beside its profile; the payments feature reads it to reach the acquirer.
 */
export function createPaymentAccountRepository(db: Kysely<Database>) {
  return {
    /** The restaurant's account; `forUpdate`: locked until `executor`'s transaction ends. */
    find(
      restaurantId: string,
      executor: Executor = db,
      forUpdate = false,
    ): Promise<PaymentAccountRow | undefined> {
      const query = executor
        .selectFrom('paymentAccounts')
        .selectAll()
        .where('restaurantId', '=', restaurantId)
      return (forUpdate ? query.forUpdate() : query).executeTakeFirst()
    },

    async write(
      trx: Transaction<Database>,
      row: Omit<PaymentAccountRow, 'updatedAt'>,
      at: Date,
    ): Promise<PaymentAccountRow> {
      return trx
        .insertInto('paymentAccounts')
        .values({ ...row, updatedAt: at })
        .onConflict((oc) => oc.column('restaurantId').doUpdateSet({ ...row, updatedAt: at }))
        .returningAll()
        .executeTakeFirstOrThrow()
    },
  }
}

export type PaymentAccountRepository = ReturnType<typeof createPaymentAccountRepository>
