import type { Kysely, Selectable, Transaction } from 'kysely'
import type { Database, PaymentAccountsTable } from '../../db/schema'

export type PaymentAccountRow = Selectable<PaymentAccountsTable>

type Executor = Kysely<Database> | Transaction<Database>

/**
 * Each restaurant's acquirer and its account (migrations 0048 and 0051, decisions 0121 and 0132): the restaurant's
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

    /** The accounts at `provider` with the id `accountId` (a T-Bank terminal several may share). */
    withAccount(provider: 'yookassa' | 'tbank', accountId: string): Promise<PaymentAccountRow[]> {
      return db
        .selectFrom('paymentAccounts')
        .selectAll()
        .where('accountProvider', '=', provider)
        .where('accountId', '=', accountId)
        .execute()
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
