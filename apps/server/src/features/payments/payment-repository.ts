import { sql, type Kysely, type Transaction } from 'kysely'
import type {
  OnlinePaymentMethod,
  PaymentFailure,
  PaymentState,
} from '@tableside/contracts/payments'
import type { Database } from '../../db/schema'

type Executor = Kysely<Database> | Transaction<Database>

/** What a payment pays of one order: an amount, and by item which lines and how many. */
export interface Allocation {
  orderId: string
  amount: number
  lines: { line: number; quantity: number }[]
}

export interface PaymentRow {
  id: string
  restaurantId: string
  purpose: 'order' | 'bill'
  orderId: string | null
  tableSessionId: string | null
  method: OnlinePaymentMethod
  provider: string
  providerRef: string | null
  currency: string
  amount: number
  tip: number
  status: PaymentState
  failureReason: PaymentFailure | null
  allocations: Allocation[]
  splitBy: 'items' | 'amounts' | null
  waiterId: string | null
  redirectUrl: string | null
  createdAt: Date
  expiresAt: Date
  completedAt: Date | null
}

const COLUMNS = sql.raw(`id, restaurant_id, purpose, order_id, table_session_id, method, provider,
  provider_ref, currency, amount, tip, status, failure_reason, allocations, split_by, waiter_id,
  redirect_url, created_at, expires_at, completed_at`)

export interface NewPayment {
  restaurantId: string
  purpose: 'order' | 'bill'
  orderId: string | null
  tableSessionId: string | null
  method: OnlinePaymentMethod
  provider: string
  currency: string
  amount: number
  tip: number
  allocations: Allocation[]
  splitBy: 'items' | 'amounts' | null
  waiterId: string | null
  expiresAt: Date
}

/** Payments in SQL: rows are read with their allocations, always by id or by session. */
export function createPaymentRepository(db: Kysely<Database>) {
  return {
    async find(id: string, executor: Executor = db, lock = false): Promise<PaymentRow | undefined> {
      const result = await sql<PaymentRow>`
        select ${COLUMNS} from payments where id = ${id} ${lock ? sql`for update` : sql``}
      `.execute(executor)
      return result.rows[0]
    },

    async findByRef(provider: string, ref: string, executor: Executor) {
      const result = await sql<PaymentRow>`
        select ${COLUMNS} from payments
        where provider = ${provider} and provider_ref = ${ref} for update
      `.execute(executor)
      return result.rows[0]
    },

    async pendingForOrder(orderId: string, executor: Executor = db) {
      const result = await sql<PaymentRow>`
        select ${COLUMNS} from payments where order_id = ${orderId} and status = 'pending'
      `.execute(executor)
      return result.rows[0]
    },

    /** Payments that hold or paid part of a table's bill: its own and its orders'. */
    async liveForSession(sessionId: string, executor: Executor = db): Promise<PaymentRow[]> {
      const result = await sql<PaymentRow>`
        select ${COLUMNS} from payments
        where status in ('pending', 'succeeded')
          and (table_session_id = ${sessionId}
            or order_id in (select id from orders where table_session_id = ${sessionId}))
        order by created_at
      `.execute(executor)
      return result.rows
    },

    async insert(payment: NewPayment, executor: Executor): Promise<PaymentRow> {
      const result = await sql<PaymentRow>`
        insert into payments (restaurant_id, purpose, order_id, table_session_id, method,
          provider, currency, amount, tip, allocations, split_by, waiter_id, expires_at)
        values (${payment.restaurantId}, ${payment.purpose}, ${payment.orderId},
          ${payment.tableSessionId}, ${payment.method}, ${payment.provider}, ${payment.currency},
          ${payment.amount}, ${payment.tip}, ${JSON.stringify(payment.allocations)}::jsonb,
          ${payment.splitBy}, ${payment.waiterId}, ${payment.expiresAt})
        returning ${COLUMNS}
      `.execute(executor)
      const row = result.rows[0]
      if (!row) throw new Error('Inserting a payment returned no row')
      return row
    },

    async attachProvider(id: string, ref: string, redirectUrl: string): Promise<PaymentRow> {
      const result = await sql<PaymentRow>`
        update payments set provider_ref = ${ref}, redirect_url = ${redirectUrl}
        where id = ${id} returning ${COLUMNS}
      `.execute(db)
      const row = result.rows[0]
      if (!row) throw new Error(`Payment ${id} vanished`)
      return row
    },

    /** Ends a payment that is still pending; undefined when something else ended it first. */
    async finish(
      id: string,
      status: PaymentState,
      reason: PaymentFailure | null,
      at: Date,
      executor: Executor = db,
      from: readonly PaymentState[] = ['pending'],
    ): Promise<PaymentRow | undefined> {
      const result = await sql<PaymentRow>`
        update payments set status = ${status}, failure_reason = ${reason}, completed_at = ${at}
        where id = ${id} and status in (${sql.join(from)}) returning ${COLUMNS}
      `.execute(executor)
      return result.rows[0]
    },

    /** Records an event id; false when it was recorded before (a repeated delivery). */
    async recordEvent(provider: string, eventId: string, paymentId: string, executor: Executor) {
      const result = await sql`
        insert into payment_webhook_events (provider, event_id, payment_id)
        values (${provider}, ${eventId}, ${paymentId}) on conflict do nothing
      `.execute(executor)
      return Number(result.numAffectedRows ?? 0) > 0
    },

    /**
     * Adds a succeeded payment's share to its order; returns how much did not fit because
     * the order was already paid (to be refunded).
     */
    async allocate(allocation: Allocation, at: Date, executor: Executor): Promise<number> {
      const result = await sql<{ room: number }>`
        with before as (
          select id, total - paid_amount as room from orders where id = ${allocation.orderId}
          for update
        )
        update orders o set
          paid_amount = o.paid_amount + least(before.room, ${allocation.amount}),
          payment_status = case when o.paid_amount + least(before.room, ${allocation.amount})
            >= o.total then 'paid' else o.payment_status end,
          updated_at = ${at}
        from before where o.id = before.id
        returning before.room
      `.execute(executor)
      const room = result.rows[0]?.room ?? 0
      return Math.max(0, allocation.amount - room)
    },

    async recordTip(payment: PaymentRow, executor: Executor): Promise<void> {
      await sql`
        insert into tips (restaurant_id, waiter_id, payment_id, table_session_id, amount, currency)
        values (${payment.restaurantId}, ${payment.waiterId}, ${payment.id},
          ${payment.tableSessionId}, ${payment.tip}, ${payment.currency})
        on conflict (payment_id) do nothing
      `.execute(executor)
    },

    /** Pending payments past their time (plus a grace for a late webhook). */
    async overdue(before: Date): Promise<PaymentRow[]> {
      const result = await sql<PaymentRow>`
        select ${COLUMNS} from payments where status = 'pending' and expires_at <= ${before}
        limit 100
      `.execute(db)
      return result.rows
    },

    /** The waiter who took the table most recently: tips at the table are theirs. */
    async servingWaiter(sessionId: string, executor: Executor = db) {
      const result = await sql<{ id: string; name: string }>`
        select w.id, w.name from waiter_tables wt
        join waiters w on w.id = wt.waiter_id and w.active
        join table_sessions s on s.table_id = wt.table_id
        where s.id = ${sessionId}
        order by wt.assigned_at desc limit 1
      `.execute(executor)
      return result.rows[0]
    },

    async tipsForSession(sessionId: string, executor: Executor = db): Promise<number> {
      const result = await sql<{ sum: number | null }>`
        select sum(amount)::int as sum from tips where table_session_id = ${sessionId}
      `.execute(executor)
      return result.rows[0]?.sum ?? 0
    },
  }
}

export type PaymentRepository = ReturnType<typeof createPaymentRepository>
