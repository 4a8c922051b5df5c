import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely'
import type { OrderLine } from '@tableside/contracts/orders'
import type { Database, RefundLine, RefundsTable } from '../../db/schema'
import type { OrderRow } from './order-repository'

type Executor = Kysely<Database> | Transaction<Database>

export type RefundRow = Selectable<RefundsTable>
export type NewRefund = Omit<Insertable<RefundsTable>, 'lines'> & { lines?: RefundLine[] }

/**
 * The `refunds` table (decision 0119): orders owns it, since a cancel writes it in the order's
 * transaction; payments' refund service and the outbox's refund delivery write it through here,
 * and the day report reads it (`ofRestaurant`).
 */
export function createRefundRepository(db: Kysely<Database>) {
  return {
    /** Writes an action's rows, in the transaction that locked the order. */
    async add(rows: readonly NewRefund[], executor: Transaction<Database>): Promise<RefundRow[]> {
      if (rows.length === 0) return []
      return executor
        .insertInto('refunds')
        .values(rows.map((row) => ({ ...row, lines: JSON.stringify(row.lines ?? []) })))
        .returningAll()
        .execute()
    },

    /** An order's refunds, oldest first. */
    ofOrder(orderId: string, executor: Executor = db): Promise<RefundRow[]> {
      return executor
        .selectFrom('refunds')
        .selectAll()
        .where('orderId', '=', orderId)
        .orderBy('createdAt')
        .orderBy('id')
        .execute()
    },

    /** The refunds of some orders (a table's bill), oldest first. */
    async ofOrders(orderIds: readonly string[], executor: Executor = db): Promise<RefundRow[]> {
      if (orderIds.length === 0) return []
      return executor
        .selectFrom('refunds')
        .selectAll()
        .where('orderId', 'in', orderIds)
        .orderBy('createdAt')
        .orderBy('id')
        .execute()
    },

    /**
     * A restaurant's refunds made between `from` (inclusive) and `to` (exclusive), oldest first:
     * what the day report sums (failed ones gave nothing back; `state` says so).
     */
    ofRestaurant(restaurantId: string, from: Date, to: Date, executor: Executor = db) {
      return executor
        .selectFrom('refunds')
        .selectAll()
        .where('restaurantId', '=', restaurantId)
        .where('createdAt', '>=', from)
        .where('createdAt', '<', to)
        .orderBy('createdAt')
        .orderBy('id')
        .execute()
    },

    /** The rows of one action (a manager's or a waiter's), oldest first. */
    ofAction(actionId: string, executor: Executor = db): Promise<RefundRow[]> {
      return executor
        .selectFrom('refunds')
        .selectAll()
        .where('actionId', '=', actionId)
        .orderBy('createdAt')
        .orderBy('id')
        .execute()
    },

    /**
     * An action's `points` row turns with it (decision 0140): `failed` when a refusal spent
     * its points again, `done` when a retry gave them back (`pointsReturned`, what it gave).
     */
    pointsTurned(
      id: string,
      turn: { state: 'failed' | 'done'; pointsReturned: number; at: Date },
      executor: Transaction<Database>,
    ) {
      return executor
        .updateTable('refunds')
        .set({ state: turn.state, pointsReturned: turn.pointsReturned, completedAt: turn.at })
        .where('id', '=', id)
        .where('way', '=', 'points')
        .where('state', '=', turn.state === 'failed' ? 'done' : 'failed')
        .returningAll()
        .executeTakeFirst()
    },

    /** The earned points an online refund takes back, asked again (decision 0140). */
    async tookBack(id: string, points: number, executor: Transaction<Database>): Promise<void> {
      await executor
        .updateTable('refunds')
        .set({ pointsTakenBack: points })
        .where('id', '=', id)
        .execute()
    },

    find(id: string, executor: Executor = db): Promise<RefundRow | undefined> {
      return executor.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirst()
    },

    /**
     * Money given back online so far from `paymentId` on the order (tips apart), failed
     * refunds not counted: what the payment may still give back for it.
     */
    async refundedFrom(
      orderId: string,
      paymentId: string,
      executor: Executor,
    ): Promise<{ money: number; tip: number }> {
      const rows = await executor
        .selectFrom('refunds')
        .select(['kind', 'amount'])
        .where('orderId', '=', orderId)
        .where('paymentId', '=', paymentId)
        .where('state', '<>', 'failed')
        .execute()
      return rows.reduce(
        (sum, row) =>
          row.kind === 'tip'
            ? { ...sum, tip: sum.tip + row.amount }
            : { ...sum, money: sum.money + row.amount },
        { money: 0, tip: 0 },
      )
    },

    /** Money given back from a payment so far, over every order it paid (tips apart). */
    async refundedOfPayment(paymentId: string, executor: Executor): Promise<number> {
      const row = await executor
        .selectFrom('refunds')
        .select((eb) => eb.fn.sum<string | number | null>('amount').as('amount'))
        .where('paymentId', '=', paymentId)
        .where('kind', '<>', 'tip')
        .where('state', '<>', 'failed')
        .executeTakeFirst()
      return Number(row?.amount ?? 0)
    },

    /** Cash handed back for the order so far. */
    async cashOut(orderId: string, executor: Executor): Promise<number> {
      const row = await executor
        .selectFrom('refunds')
        .select((eb) => eb.fn.sum<string | number | null>('amount').as('amount'))
        .where('orderId', '=', orderId)
        .where('way', '=', 'cash')
        .where('kind', '<>', 'tip')
        .executeTakeFirst()
      return Number(row?.amount ?? 0)
    },

    /** The acquirer took an online refund: done, with its id (once: a repeat changes nothing). */
    done(id: string, providerRefundId: string | null, at: Date, executor: Executor) {
      return executor
        .updateTable('refunds')
        .set({ state: 'done', providerRefundId, completedAt: at })
        .where('id', '=', id)
        .where('state', '=', 'in_progress')
        .returningAll()
        .executeTakeFirst()
    },

    /** The acquirer took an online refund but has not confirmed it: its id, kept to ask again. */
    taken(id: string, providerRefundId: string, executor: Executor = db) {
      return executor
        .updateTable('refunds')
        .set({ providerRefundId })
        .where('id', '=', id)
        .where('state', '=', 'in_progress')
        .execute()
    },

    /** The acquirer refused an online refund or gave it up: nothing went back (once). */
    failed(id: string, providerRefundId: string | null, at: Date, executor: Executor) {
      return executor
        .updateTable('refunds')
        .set({ state: 'failed', providerRefundId, completedAt: at })
        .where('id', '=', id)
        .where('state', '=', 'in_progress')
        .returningAll()
        .executeTakeFirst()
    },

    /**
     * A failed online refund of `orderId` asked again (decision 0130): in progress once more,
     * without the acquirer's id of the refund it refused; undefined unless it was failed.
     */
    retry(id: string, orderId: string, executor: Transaction<Database>) {
      return executor
        .updateTable('refunds')
        .set({ state: 'in_progress', providerRefundId: null, completedAt: null })
        .where('id', '=', id)
        .where('orderId', '=', orderId)
        .where('way', '=', 'online')
        .where('state', '=', 'failed')
        .returningAll()
        .executeTakeFirst()
    },

    /**
     * Takes lines, quantities or an amount off an order's price and `moneyBack` off what is
     * paid of it, in one statement under the order's lock: undefined when the order is no longer
     * as `row` had it (its price or what is paid changed meanwhile).
     */
    takeOff(
      row: OrderRow,
      change: { lines: OrderLine[]; takenOff: number; moneyBack: number; at: Date },
      executor: Transaction<Database>,
    ): Promise<OrderRow | undefined> {
      return executor
        .updateTable('orders')
        .set({
          lines: JSON.stringify(change.lines),
          total: sql<number>`total - ${change.takenOff}`,
          takenOff: sql<number>`taken_off + ${change.takenOff}`,
          paidAmount: sql<number>`paid_amount - ${change.moneyBack}`,
          paymentStatus: sql`case
            when ${change.moneyBack} > 0 and paid_amount - ${change.moneyBack} <= 0
              and total - ${change.takenOff} <= 0
              then 'refunded'
            when payment_status = 'paid' and total - ${change.takenOff} > paid_amount - ${change.moneyBack}
              then 'unpaid'
            when payment_status <> 'paid' and total - ${change.takenOff} <= paid_amount - ${change.moneyBack}
              then 'paid'
            else payment_status end`,
          updatedAt: change.at,
        })
        .where('id', '=', row.id)
        .where('total', '=', row.total)
        .where('paidAmount', '=', row.paidAmount)
        .where('total', '>=', change.takenOff)
        .where('paidAmount', '>=', change.moneyBack)
        .returningAll()
        .executeTakeFirst()
    },
  }
}

export type RefundRepository = ReturnType<typeof createRefundRepository>
