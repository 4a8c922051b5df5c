import { sql, type Kysely, type Selectable, type Transaction } from 'kysely'
import type { PaymentFailure, PaymentState } from '@tableside/contracts/payments'
import type { Allocation, Database, PaymentsTable } from '../../db/schema'
import { pointsWorth } from '../bonus/bonus-ledger'

type Executor = Kysely<Database> | Transaction<Database>

export type PaymentRow = Selectable<PaymentsTable>

export interface NewPayment {
  restaurantId: string
  /** The signed-in diner who starts it; they earn its bonus points (decision 0060). */
  clientId?: string | null
  /** Bonus points it spends beside the money (decision 0060). */
  bonusPoints?: number
  purpose: 'order' | 'bill'
  orderId: string | null
  tableSessionId: string | null
  method: PaymentRow['method']
  provider: string
  currency: string
  amount: number
  tip: number
  allocations: Allocation[]
  splitBy: 'items' | 'amounts' | null
  waiterId: string | null
  expiresAt: Date
  /** Where its fiscal receipt goes (decision 0133); null: none is sent. */
  receiptContact?: string | null
}

/** Payments in SQL: rows are read with their allocations, always by id or by session. */
export function createPaymentRepository(db: Kysely<Database>) {
  const payments = (executor: Executor) => executor.selectFrom('payments').selectAll()

  /** Payments (pending or succeeded) with a share of `orderId`, whatever their purpose. */
  const allocatedTo = (executor: Executor, orderId: string) =>
    payments(executor).where((eb) =>
      eb.or([
        eb('orderId', '=', orderId),
        sql<boolean>`allocations @> ${JSON.stringify([{ orderId }])}::jsonb`,
      ]),
    )

  return {
    find(id: string, executor: Executor = db, lock = false): Promise<PaymentRow | undefined> {
      const query = payments(executor).where('id', '=', id)
      return (lock ? query.forUpdate() : query).executeTakeFirst()
    },

    findByRef(provider: string, ref: string, executor: Executor) {
      return payments(executor)
        .where('provider', '=', provider)
        .where('providerRef', '=', ref)
        .forUpdate()
        .executeTakeFirst()
    },

    /** Locks a table session: its bill payments are planned one at a time. */
    async lockSession(sessionId: string, executor: Transaction<Database>): Promise<void> {
      await executor
        .selectFrom('tableSessions')
        .select('id')
        .where('id', '=', sessionId)
        .forUpdate()
        .execute()
    },

    pendingForOrder(orderId: string, executor: Executor = db) {
      return payments(executor)
        .where('orderId', '=', orderId)
        .where('status', '=', 'pending')
        .executeTakeFirst()
    },

    /**
     * Whether a pending payment (the order's own, or a bill payment with a share of it) holds
     * part of the order: money may be on its way, so the order stays as it is (decision 0028).
     */
    async pendingHolding(orderId: string, executor: Executor = db): Promise<boolean> {
      const row = await allocatedTo(executor, orderId)
        .where('status', '=', 'pending')
        .executeTakeFirst()
      return row !== undefined
    },

    /** Succeeded payments with a share of the order, oldest first (to refund it). */
    succeededFor(orderId: string, executor: Executor): Promise<PaymentRow[]> {
      return allocatedTo(executor, orderId)
        .where('status', '=', 'succeeded')
        .orderBy('createdAt')
        .forUpdate()
        .execute()
    },

    /** Payments that hold or paid part of a table's bill: its own and its orders'. */
    liveForSession(sessionId: string, executor: Executor = db): Promise<PaymentRow[]> {
      return payments(executor)
        .where('status', 'in', ['pending', 'succeeded'])
        .where((eb) =>
          eb.or([
            eb('tableSessionId', '=', sessionId),
            eb(
              'orderId',
              'in',
              eb.selectFrom('orders').select('orders.id').where('tableSessionId', '=', sessionId),
            ),
          ]),
        )
        .orderBy('createdAt')
        .execute()
    },

    async insert(payment: NewPayment, executor: Executor): Promise<PaymentRow> {
      return executor
        .insertInto('payments')
        .values({ ...payment, allocations: JSON.stringify(payment.allocations) })
        .returningAll()
        .executeTakeFirstOrThrow()
    },

    /**
     * A payment whose points came back before its money came: it pays what its money does,
     * its allocations without their points' worth (decision 0060).
     */
    async dropPoints(id: string, executor: Executor): Promise<PaymentRow> {
      const row = await executor
        .selectFrom('payments')
        .select('allocations')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
      const allocations = row.allocations.map(({ points, ...allocation }) => ({
        ...allocation,
        amount: allocation.amount - pointsWorth({ points }),
      }))
      return executor
        .updateTable('payments')
        .set({ allocations: JSON.stringify(allocations), bonusPoints: 0 })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow()
    },

    attachProvider(id: string, ref: string, redirectUrl: string): Promise<PaymentRow> {
      return db
        .updateTable('payments')
        .set({ providerRef: ref, redirectUrl })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow()
    },

    /** Ends a payment that is still pending; undefined when something else ended it first. */
    finish(
      id: string,
      status: PaymentState,
      reason: PaymentFailure | null,
      at: Date,
      executor: Executor = db,
      from: readonly PaymentState[] = ['pending'],
    ): Promise<PaymentRow | undefined> {
      return executor
        .updateTable('payments')
        .set({ status, failureReason: reason, completedAt: at })
        .where('id', '=', id)
        .where('status', 'in', from)
        .returningAll()
        .executeTakeFirst()
    },

    /**
     * Counts `amount` more of the payment as given back; it becomes `refunded` once all it
     * paid of orders is (its tip stays the waiter's unless the whole payment is returned).
     */
    recordRefund(id: string, amount: number, at: Date, executor: Executor) {
      return executor
        .updateTable('payments')
        .set((eb) => ({
          refundedAmount: sql<number>`least(amount, refunded_amount + ${amount})`,
          status: sql<PaymentState>`case when refunded_amount + ${amount} >= amount - tip
            then 'refunded' else status end`,
          completedAt: eb.fn.coalesce('completedAt', eb.val(at)),
        }))
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst()
    },

    /** Records an event id; false when it was recorded before (a repeated delivery). */
    async recordEvent(provider: string, eventId: string, paymentId: string, executor: Executor) {
      const result = await executor
        .insertInto('paymentWebhookEvents')
        .values({ provider, eventId, paymentId })
        .onConflict((conflict) => conflict.doNothing())
        .executeTakeFirst()
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0
    },

    /** `tableSessionId`: the table the tip was left at (an order's payment names none itself). */
    recordTip(
      payment: PaymentRow,
      executor: Executor,
      tableSessionId = payment.tableSessionId,
    ): Promise<unknown> {
      return executor
        .insertInto('tips')
        .values({
          restaurantId: payment.restaurantId,
          waiterId: payment.waiterId,
          paymentId: payment.id,
          tableSessionId,
          amount: payment.tip,
          currency: payment.currency,
        })
        .onConflict((conflict) => conflict.column('paymentId').doNothing())
        .execute()
    },

    /** The tip a payment carried, locked while the diner's word on it is written. */
    tipOf(paymentId: string, executor: Transaction<Database>) {
      return executor
        .selectFrom('tips')
        .selectAll()
        .where('paymentId', '=', paymentId)
        .forUpdate()
        .executeTakeFirst()
    },

    /** Writes the diner's word on a tip that has none yet (a rated tip stays as it is). */
    async rateTip(tipId: string, rating: number, comment: string | null, executor: Executor) {
      await executor
        .updateTable('tips')
        .set({ rating, comment })
        .where('id', '=', tipId)
        .where('rating', 'is', null)
        .execute()
    },

    /** Whom a payment's tip goes to, and what the diner said of the service, if anything. */
    tipView(paymentId: string, executor: Executor = db) {
      return executor
        .selectFrom('payments as p')
        .leftJoin('waiters as w', 'w.id', 'p.waiterId')
        .leftJoin('tips as t', 't.paymentId', 'p.id')
        .select(['w.name as waiterName', 't.rating', 't.comment'])
        .where('p.id', '=', paymentId)
        .executeTakeFirst()
    },

    /** Pending payments past their time (plus a grace for a late webhook). */
    overdue(before: Date): Promise<PaymentRow[]> {
      return payments(db)
        .where('status', '=', 'pending')
        .where('expiresAt', '<=', before)
        .limit(100)
        .execute()
    },

    /** The restaurant's waiters who may sign in: whose floors may show any of its orders. */
    async waitersOf(restaurantId: string, executor: Executor = db): Promise<string[]> {
      const rows = await executor
        .selectFrom('waiters')
        .select('id')
        .where('restaurantId', '=', restaurantId)
        .where('active', '=', true)
        .execute()
      return rows.map((row) => row.id)
    },

    /** The waiter who took the table most recently: tips at the table are theirs. */
    servingWaiter(sessionId: string, executor: Executor = db) {
      return executor
        .selectFrom('waiterTables as wt')
        .innerJoin('waiters as w', (join) =>
          join.onRef('w.id', '=', 'wt.waiterId').on('w.active', '=', true),
        )
        .innerJoin('tableSessions as s', 's.tableId', 'wt.tableId')
        .select(['w.id', 'w.name'])
        .where('s.id', '=', sessionId)
        .orderBy('wt.assignedAt', 'desc')
        .limit(1)
        .executeTakeFirst()
    },

    /** Whether the waiter serves the table of session `sessionId` now (decision 0119). */
    async serves(waiterId: string, sessionId: string, executor: Executor = db): Promise<boolean> {
      const row = await executor
        .selectFrom('waiterTables as wt')
        .innerJoin('tableSessions as s', 's.tableId', 'wt.tableId')
        .select('wt.waiterId')
        .where('s.id', '=', sessionId)
        .where('wt.waiterId', '=', waiterId)
        .executeTakeFirst()
      return row !== undefined
    },

    /** Payments that paid part of the order (succeeded, or refunded since), oldest first. */
    paidFor(orderId: string, executor: Executor = db): Promise<PaymentRow[]> {
      return allocatedTo(executor, orderId)
        .where('status', 'in', ['succeeded', 'refunded'])
        .orderBy('createdAt')
        .execute()
    },

    /**
     * Online payments that took money (succeeded, or refunded since) with a share of any of
     * `orderIds`: how those orders were paid (`paidWith`).
     */
    async takenFor(orderIds: readonly string[], executor: Executor = db) {
      if (orderIds.length === 0) return []
      return executor
        .selectFrom('payments')
        .select(['id', 'method', 'status', 'allocations'])
        .where('status', 'in', ['succeeded', 'refunded'])
        .where((eb) =>
          eb.or([
            eb('orderId', 'in', orderIds),
            sql<boolean>`allocations @> any(array[${sql.join(
              orderIds.map((orderId) => sql`${JSON.stringify([{ orderId }])}::jsonb`),
            )}])`,
          ]),
        )
        .execute()
    },

    /** The tips of some payments, with their waiter's name. */
    async tipsOf(paymentIds: readonly string[], executor: Executor = db) {
      if (paymentIds.length === 0) return []
      return executor
        .selectFrom('tips as t')
        .leftJoin('waiters as w', 'w.id', 't.waiterId')
        .select([
          't.id',
          't.paymentId',
          't.waiterId',
          't.amount',
          't.refundedAmount',
          'w.name as waiterName',
        ])
        .where('t.paymentId', 'in', paymentIds)
        .execute()
    },

    /**
     * Takes `amount` off a tip for a refund (decision 0119): a compare-and-set that never goes
     * past the tip. Undefined when less is left.
     */
    refundTip(tipId: string, amount: number, executor: Executor) {
      return executor
        .updateTable('tips')
        .set((eb) => ({ refundedAmount: eb('refundedAmount', '+', amount) }))
        .where('id', '=', tipId)
        .where((eb) => eb(eb('refundedAmount', '+', amount), '<=', eb.ref('amount')))
        .returningAll()
        .executeTakeFirst()
    },

    async tipsForSession(sessionId: string, executor: Executor = db): Promise<number> {
      const row = await executor
        .selectFrom('tips')
        .select((eb) => eb.fn.sum<string | number | null>('amount').as('sum'))
        .where('tableSessionId', '=', sessionId)
        .executeTakeFirst()
      return Number(row?.sum ?? 0)
    },
  }
}

export type PaymentRepository = ReturnType<typeof createPaymentRepository>
