import { sql, type Kysely, type Transaction } from 'kysely'
import type { StatusChange } from '@tableside/contracts/orders'
import type { Allocation, Database } from '../../db/schema'
import type { OrderRow } from './order-repository'

type Executor = Kysely<Database> | Transaction<Database>

/** What payments and refunds read and write of orders (SQL on orders for the payments feature). */
export function createOrderPaymentRepository(db: Kysely<Database>) {
  /** A history entry in the order's current status. */
  const appendHistory = (at: Date, refund: StatusChange['refund']) =>
    sql<string>`history || jsonb_build_array(jsonb_build_object(
      'status', status, 'at', ${at.toISOString()}::text, 'refund', ${JSON.stringify(refund)}::jsonb))`

  return {
    /** The order, locked for the transaction: payments of it are started or refunded one at a time. */
    lock(id: string, executor: Transaction<Database>): Promise<OrderRow | undefined> {
      return executor
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst()
    },

    /** Orders of a table session that can still be paid, locked for the transaction. */
    payableForSession(sessionId: string, executor: Transaction<Database>): Promise<OrderRow[]> {
      return executor
        .selectFrom('orders')
        .selectAll()
        .where('tableSessionId', '=', sessionId)
        .where('status', '<>', 'cancelled')
        .orderBy('placedAt')
        .forUpdate()
        .execute()
    },

    find(id: string): Promise<OrderRow | undefined> {
      return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst()
    },

    /** The table sessions of some orders (their tables hear of payments on them). */
    async sessionsOf(ids: readonly string[], executor: Executor = db): Promise<string[]> {
      if (ids.length === 0) return []
      const rows = await executor
        .selectFrom('orders')
        .select('tableSessionId')
        .where('id', 'in', ids)
        .where('tableSessionId', 'is not', null)
        .execute()
      return rows.flatMap((row) => (row.tableSessionId ? [row.tableSessionId] : []))
    },

    async numberOf(id: string): Promise<number | null> {
      const row = await db
        .selectFrom('orders')
        .select('number')
        .where('id', '=', id)
        .executeTakeFirst()
      return row?.number ?? null
    },

    /**
     * Adds a succeeded payment's share to its order; returns the order as it is now and how
     * much did not fit (to be refunded): all of it for a cancelled order, the excess for an
     * order another payment had covered first.
     */
    async allocate(
      allocation: Allocation,
      at: Date,
      executor: Transaction<Database>,
    ): Promise<{ order: OrderRow; overflow: number } | undefined> {
      const before = await executor
        .selectFrom('orders')
        .select(['id', 'status', 'total', 'paidAmount'])
        .where('id', '=', allocation.orderId)
        .forUpdate()
        .executeTakeFirst()
      if (!before) return undefined
      const room = before.status === 'cancelled' ? 0 : before.total - before.paidAmount
      const counted = Math.max(0, Math.min(room, allocation.amount))
      const order = await executor
        .updateTable('orders')
        .set((eb) => ({
          paidAmount: eb('paidAmount', '+', counted),
          paymentStatus: sql`case when paid_amount + ${counted} >= total and status <> 'cancelled'
            then 'paid' else payment_status end`,
          updatedAt: at,
        }))
        .where('id', '=', before.id)
        .returningAll()
        .executeTakeFirstOrThrow()
      return { order, overflow: allocation.amount - counted }
    },

    /**
     * The order's own online payment started: it is `pending` until the acquirer answers
     * (issue 28). Undefined when the order is paid, refunded or already pending.
     */
    paymentStarted(id: string, at: Date, executor: Executor): Promise<OrderRow | undefined> {
      return executor
        .updateTable('orders')
        .set({ paymentStatus: 'pending', updatedAt: at })
        .where('id', '=', id)
        .where('paymentStatus', 'in', ['unpaid', 'failed'])
        .returningAll()
        .executeTakeFirst()
    },

    /**
     * The order's own online payment failed or was given up: the order is `failed` (collect it
     * or cancel it), unless another payment of its own is in progress by now or something paid
     * it. Undefined when it did not change.
     */
    paymentFailed(id: string, at: Date, executor: Executor): Promise<OrderRow | undefined> {
      return executor
        .updateTable('orders')
        .set({ paymentStatus: 'failed', updatedAt: at })
        .where('id', '=', id)
        .where('paymentStatus', '=', 'pending')
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('payments')
                .select('payments.id')
                .whereRef('payments.orderId', '=', 'orders.id')
                .where('payments.status', '=', 'pending'),
            ),
          ),
        )
        .returningAll()
        .executeTakeFirst()
    },

    /** Points that paid part of a cancelled order came back: they no longer count as paid. */
    pointsReturned(id: string, worth: number, executor: Executor): Promise<OrderRow | undefined> {
      return executor
        .updateTable('orders')
        .set({ paidAmount: sql<number>`greatest(0, paid_amount - ${worth})` })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst()
    },

    /**
     * Writes a refund into the order's history: started (with what it is and why, decision
     * 0119), or done (then no longer counted as paid).
     */
    refunded(
      id: string,
      refund: {
        amount: number
        state: 'in_progress' | 'done'
        counted: boolean
        said?: Pick<NonNullable<StatusChange['refund']>, 'kind' | 'takenOff' | 'reason'>
      },
      at: Date,
      executor: Executor,
    ): Promise<OrderRow | undefined> {
      const taken = refund.state === 'done' && refund.counted ? refund.amount : 0
      return executor
        .updateTable('orders')
        .set((eb) => ({
          history: appendHistory(at, {
            amount: refund.amount,
            state: refund.state,
            ...refund.said,
          }),
          paidAmount: sql<number>`greatest(0, paid_amount - ${taken})`,
          paymentStatus:
            refund.state === 'done'
              ? sql`case when status = 'cancelled' and paid_amount - ${taken} <= 0
                  then 'refunded' else payment_status end`
              : eb.ref('paymentStatus'),
          updatedAt: at,
        }))
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst()
    },

    /**
     * An online refund turned (decision 0139): refused by the acquirer (`failed`) or asked again
     * (`in_progress`, with `again`). `paid` moves what is paid (back up when refused, down again
     * when asked again), `price` the order's price with it (a part refund took both off at once:
     * what is paid never passes the price), and `lines`, when given, are the order's lines now.
     * The history gains the step; the payment status follows what is paid. Under the order's
     * lock; undefined when it would take off more than is paid or than the price.
     */
    refundTurned(
      id: string,
      turn: {
        amount: number
        state: 'failed' | 'in_progress'
        paid: number
        price: number
        said?: Pick<NonNullable<StatusChange['refund']>, 'kind' | 'reason'>
        lines?: OrderRow['lines'] | undefined
      },
      at: Date,
      executor: Transaction<Database>,
    ): Promise<OrderRow | undefined> {
      const paid = sql<number>`paid_amount + ${turn.paid}`
      const total = sql<number>`total + ${turn.price}`
      return executor
        .updateTable('orders')
        .set({
          history: appendHistory(at, {
            amount: turn.amount,
            state: turn.state,
            ...turn.said,
            ...(turn.state === 'in_progress' ? { again: true as const } : {}),
          }),
          ...(turn.lines ? { lines: JSON.stringify(turn.lines) } : {}),
          paidAmount: paid,
          total,
          takenOff: sql<number>`taken_off - ${turn.price}`,
          paymentStatus: sql`case
            when status = 'cancelled' or ${turn.paid} = 0 then payment_status
            when ${paid} <= 0 and ${total} <= 0 then 'refunded'
            when payment_status in ('paid', 'refunded') and ${total} > ${paid} then 'unpaid'
            when payment_status in ('unpaid', 'refunded') and ${total} <= ${paid} then 'paid'
            else payment_status end`,
          updatedAt: at,
        })
        .where('id', '=', id)
        .where(sql<boolean>`${paid} >= 0 and ${total} >= 0 and taken_off - ${turn.price} >= 0`)
        .returningAll()
        .executeTakeFirst()
    },
  }
}

export type OrderPaymentRepository = ReturnType<typeof createOrderPaymentRepository>
