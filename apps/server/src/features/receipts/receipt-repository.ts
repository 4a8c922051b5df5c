import type { FiscalReceipt } from '@tableside/contracts/receipts'
import type { Kysely, Selectable, Transaction } from 'kysely'
import type { Database, ReceiptsTable } from '../../db/schema'
import type { FiscalSettingsRow } from './fiscal-register'

export type ReceiptRow = Selectable<ReceiptsTable>
type Executor = Kysely<Database> | Transaction<Database>

export interface NewReceipt {
  restaurantId: string
  paymentId: string
  orderId: string | null
  refundId: string | null
  refundKey: string | null
  kind: 'sell' | 'sell_refund'
  via: 'acquirer' | 'atol'
  contact: string
  body: FiscalReceipt
}

/** Receipts' rows (migration 0049): at most one per payment's sale and one per refund. */
export function createReceiptRepository(db: Kysely<Database>) {
  const touched = (at: Date) => ({ updatedAt: at })
  return {
    /**
     * The receipt, written once: a second call (another node, a retry) finds the first one's row
     * and answers it as it is.
     */
    async insertOnce(receipt: NewReceipt, at: Date, executor: Executor = db): Promise<ReceiptRow> {
      const inserted = await executor
        .insertInto('receipts')
        .values({
          ...receipt,
          body: JSON.stringify(receipt.body),
          total: receipt.body.total,
          state: 'pending',
          updatedAt: at,
        })
        .onConflict((oc) => oc.doNothing())
        .returningAll()
        .executeTakeFirst()
      if (inserted) return inserted
      let query = executor.selectFrom('receipts').selectAll().where('kind', '=', receipt.kind)
      if (receipt.refundId) query = query.where('refundId', '=', receipt.refundId)
      else if (receipt.refundKey) query = query.where('refundKey', '=', receipt.refundKey)
      else query = query.where('paymentId', '=', receipt.paymentId)
      return query.executeTakeFirstOrThrow()
    },

    find: (id: string, executor: Executor = db) =>
      executor.selectFrom('receipts').selectAll().where('id', '=', id).executeTakeFirst(),

    sellOf: (paymentId: string, executor: Executor = db) =>
      executor
        .selectFrom('receipts')
        .selectAll()
        .where('paymentId', '=', paymentId)
        .where('kind', '=', 'sell')
        .executeTakeFirst(),

    ofPayments: (paymentIds: readonly string[], executor: Executor = db) =>
      paymentIds.length === 0
        ? Promise.resolve([])
        : executor
            .selectFrom('receipts')
            .selectAll()
            .where('paymentId', 'in', paymentIds)
            .orderBy('createdAt')
            .execute(),

    ofOrder: (orderId: string, executor: Executor = db) =>
      executor
        .selectFrom('receipts')
        .selectAll()
        .where('orderId', '=', orderId)
        .orderBy('createdAt')
        .execute(),

    /** The order's receipts: its refunds' and its payments' sales (a bill's payment among them). */
    ofOrderAndPayments: (orderId: string, paymentIds: readonly string[], executor: Executor = db) =>
      executor
        .selectFrom('receipts')
        .selectAll()
        .where((eb) =>
          paymentIds.length === 0
            ? eb('orderId', '=', orderId)
            : eb.or([
                eb('orderId', '=', orderId),
                eb.and([eb('kind', '=', 'sell'), eb('paymentId', 'in', paymentIds)]),
              ]),
        )
        .orderBy('createdAt')
        .execute(),

    /** The provider took it (compare-and-set: only one sender records its id). */
    async sent(id: string, providerId: string | null, at: Date, executor: Executor = db) {
      return executor
        .updateTable('receipts')
        .set({ state: 'sent', providerId, error: null, ...touched(at) })
        .where('id', '=', id)
        .where('state', '=', 'pending')
        .returningAll()
        .executeTakeFirst()
    },

    async done(id: string, at: Date, executor: Executor = db) {
      return executor
        .updateTable('receipts')
        .set({ state: 'done', error: null, ...touched(at) })
        .where('id', '=', id)
        .where('state', 'in', ['pending', 'sent'])
        .returningAll()
        .executeTakeFirst()
    },

    /** Failed for good; `tried`: this try reached the register and was not counted yet. */
    async failed(id: string, error: string, at: Date, tried = false, executor: Executor = db) {
      return executor
        .updateTable('receipts')
        .set((eb) => ({
          state: 'failed',
          error: error.slice(0, 1000),
          ...(tried ? { attempts: eb('attempts', '+', 1) } : {}),
          ...touched(at),
        }))
        .where('id', '=', id)
        .where('state', 'in', ['pending', 'sent'])
        .returningAll()
        .executeTakeFirst()
    },

    /** A try that found the provider down: counted, with what it said. */
    async unanswered(id: string, error: string, at: Date) {
      return db
        .updateTable('receipts')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          error: error.slice(0, 1000),
          ...touched(at),
        }))
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst()
    },

    /**
     * A manager sends a failed one again: a new document (compare-and-set on `failed`); one that
     * went with the acquirer keeps the acquirer's payment or refund id it is for (0147).
     */
    async retried(id: string, restaurantId: string, at: Date, executor: Executor) {
      return executor
        .updateTable('receipts')
        .set((eb) => ({
          state: 'pending',
          providerId: null,
          // With the acquirer: the payment or refund it is for, which the first retry copies.
          acquirerRef: eb
            .case()
            .when('via', '=', 'acquirer')
            .then(eb.fn.coalesce('acquirerRef', 'providerId'))
            .else(eb.ref('acquirerRef'))
            .end(),
          attempts: 0,
          generation: eb('generation', '+', 1),
          ...touched(at),
        }))
        .where('id', '=', id)
        .where('restaurantId', '=', restaurantId)
        .where('state', '=', 'failed')
        .returningAll()
        .executeTakeFirst()
    },

    failedOf: (restaurantId: string) =>
      db
        .selectFrom('receipts')
        .leftJoin('orders', 'orders.id', 'receipts.orderId')
        .selectAll('receipts')
        .select('orders.number as orderNumber')
        .where('receipts.restaurantId', '=', restaurantId)
        .where('receipts.state', '=', 'failed')
        .orderBy('receipts.createdAt', 'desc')
        .limit(200)
        .execute(),

    settingsOf: (restaurantId: string, executor: Executor = db) =>
      executor
        .selectFrom('fiscalSettings')
        .selectAll()
        .where('restaurantId', '=', restaurantId)
        .executeTakeFirst(),

    /** How the restaurant sends receipts, its row locked for the transaction's change. */
    async modeLocked(restaurantId: string, trx: Transaction<Database>) {
      const row = await trx
        .selectFrom('fiscalSettings')
        .select('mode')
        .where('restaurantId', '=', restaurantId)
        .forUpdate()
        .executeTakeFirst()
      return row?.mode ?? 'off'
    },

    /** The profile fields a receipt names (who sells, under which tax system and VAT rate). */
    profileOf: (restaurantId: string, executor: Executor = db) =>
      executor
        .selectFrom('restaurants')
        .select(['inn', 'taxSystem', 'vatRate', 'legalName'])
        .where('id', '=', restaurantId)
        .executeTakeFirst(),

    writeSettings: (
      trx: Transaction<Database>,
      row: Omit<FiscalSettingsRow, 'updatedAt'>,
      at: Date,
    ) =>
      trx
        .insertInto('fiscalSettings')
        .values({ ...row, updatedAt: at })
        .onConflict((oc) => oc.column('restaurantId').doUpdateSet({ ...row, updatedAt: at }))
        .returningAll()
        .executeTakeFirstOrThrow(),

    /** Who sells and the VAT rates of the dishes it names. */
    async seller(restaurantId: string, dishIds: readonly string[], executor: Executor = db) {
      const restaurant = await executor
        .selectFrom('restaurants')
        .select(['inn', 'taxSystem', 'vatRate', 'legalName'])
        .where('id', '=', restaurantId)
        .executeTakeFirstOrThrow()
      const dishes =
        dishIds.length === 0
          ? []
          : await executor
              .selectFrom('dishes')
              .innerJoin('menuCategories', (join) =>
                join
                  .onRef('menuCategories.id', '=', 'dishes.categoryId')
                  .onRef('menuCategories.restaurantId', '=', 'dishes.restaurantId'),
              )
              .select(['dishes.id', 'dishes.vatRate', 'menuCategories.vatRate as categoryVat'])
              .where('dishes.restaurantId', '=', restaurantId)
              .where('dishes.id', 'in', [...new Set(dishIds)])
              .execute()
      return { restaurant, dishes }
    },

    orders: (ids: readonly string[], executor: Executor = db) =>
      ids.length === 0
        ? Promise.resolve([])
        : executor
            .selectFrom('orders')
            .select(['id', 'number', 'type', 'status', 'lines', 'serviceCharge', 'deliveryFee'])
            .where('id', 'in', [...new Set(ids)])
            .execute(),

    refundOf: (id: string, executor: Executor = db) =>
      executor
        .selectFrom('refunds')
        .select(['id', 'kind', 'lines', 'amount', 'orderId'])
        .where('id', '=', id)
        .executeTakeFirst(),
  }
}

export type ReceiptRepository = ReturnType<typeof createReceiptRepository>
