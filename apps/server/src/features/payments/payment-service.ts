import { setTimeout as delay } from 'node:timers/promises'
import { sql, type Kysely, type Transaction } from 'kysely'
import type { OrderLine } from '@tableside/contracts/orders'
import { orderChannel } from '@tableside/contracts/orders'
import type { OrderStatus } from '@tableside/contracts/order-status'
import {
  billItemsAmount,
  equalShare,
  MAX_TIP_PERCENT,
  PAYMENT_LIFETIME_MINUTES,
  paymentUpdated,
  type BillPaymentChoice,
  type OnlinePaymentMethod,
  type Payment,
} from '@tableside/contracts/payments'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { billUpdated } from '@tableside/contracts/table-events'
import { tableChannel } from '@tableside/contracts/table-sessions'
import type { Database } from '../../db/schema'
import { HttpError, notFound } from '../../http/http-error'
import type { OrderService } from '../orders/order-service'
import { publishEvent } from '../realtime/publish-event'
import type { Broadcaster } from '../realtime/realtime'
import type { RestaurantCache } from '../restaurants/restaurant-cache'
import type { TableSessionService } from '../table-sessions/table-session-service'
import type { PaymentProvider } from './payment-provider'
import { WebhookRejected } from './payment-provider'
import { createPaymentRepository, type Allocation, type PaymentRow } from './payment-repository'

const UNKNOWN_PAYMENT = 'This payment does not exist.'
/** A pending payment is asked about this long after it expired, if no webhook came. */
const LATE_WEBHOOK_GRACE_MS = 2 * 60_000
/** How long a racing tap waits for the first tap's hand-over: 40 × 50 ms. */
const HANDOVER_WAIT_ATTEMPTS = 40
const HANDOVER_WAIT_STEP_MS = 50

/** An order as a bill payment sees it. */
export interface PayableOrder {
  id: string
  number: number
  status: OrderStatus
  lines: OrderLine[]
  subtotal: number
  serviceCharge: number
  total: number
  paidAmount: number
}

/** What live payments hold of a table's orders, beyond what is paid. */
export interface BillHolds {
  /** Per order id: the amount held by pending payments, and item quantities taken per line. */
  byOrder: Map<string, { held: number; quantities: number[] }>
  pending: number
  splitBy: 'items' | 'amounts' | null
}

/** Reads the holds of live (pending or succeeded) payments on a table's orders. */
export function billHolds(
  orders: readonly Pick<PayableOrder, 'id' | 'lines'>[],
  payments: readonly PaymentRow[],
) {
  const byOrder = new Map<string, { held: number; quantities: number[] }>(
    orders.map((order) => [order.id, { held: 0, quantities: order.lines.map(() => 0) }]),
  )
  let pending = 0
  let splitBy: BillHolds['splitBy'] = null
  for (const payment of payments) {
    splitBy ??= payment.splitBy
    for (const allocation of payment.allocations) {
      const hold = byOrder.get(allocation.orderId)
      if (!hold) continue
      if (payment.status === 'pending') {
        hold.held += allocation.amount
        pending += allocation.amount
      }
      for (const { line, quantity } of allocation.lines) {
        hold.quantities[line] = (hold.quantities[line] ?? 0) + quantity
      }
    }
  }
  return { byOrder, pending, splitBy } satisfies BillHolds
}

/** What the acquirer's page and the bank statement say is paid, in the restaurant's language. */
function describe(restaurant: Restaurant, what: 'order' | 'table', name: string | number) {
  const russian = restaurant.locale.startsWith('ru')
  if (what === 'order') return russian ? `Заказ ${name}` : `Order ${name}`
  return russian ? `Стол ${name}` : `Table ${name}`
}

export interface PaymentServiceDeps {
  db: Kysely<Database>
  provider: PaymentProvider
  restaurants: RestaurantCache
  orders: OrderService
  tableSessions: TableSessionService
  broadcaster: Broadcaster
  /** The SPA's origin, for the acquirer's return addresses. */
  publicUrl: string
  log?: { warn: (object: object, message: string) => void }
  now?: () => Date
}

export function createPaymentService(deps: PaymentServiceDeps) {
  const { db, provider, restaurants, orders, tableSessions, broadcaster, publicUrl } = deps
  const now = deps.now ?? (() => new Date())
  const repository = createPaymentRepository(db)

  function toPayment(row: PaymentRow, orderNumber: number | null): Payment {
    return {
      id: row.id,
      restaurantId: row.restaurantId,
      purpose: row.purpose,
      orderId: row.orderId,
      orderNumber,
      tableSessionId: row.tableSessionId,
      method: row.method,
      amount: row.amount,
      tip: row.tip,
      currency: row.currency.trim(),
      status: row.status,
      failureReason: row.failureReason,
      redirectUrl: row.status === 'pending' ? row.redirectUrl : null,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      completedAt: row.completedAt?.toISOString() ?? null,
    }
  }

  async function view(row: PaymentRow): Promise<Payment> {
    if (!row.orderId) return toPayment(row, null)
    const order = await sql<{ number: number }>`
      select number from orders where id = ${row.orderId}
    `.execute(db)
    return toPayment(row, order.rows[0]?.number ?? null)
  }

  async function restaurantOf(id: string): Promise<Restaurant> {
    const restaurant = await restaurants.get(id)
    if (!restaurant) throw notFound('This restaurant does not exist.')
    return restaurant
  }

  function requireOnline(restaurant: Restaurant, method: OnlinePaymentMethod): void {
    if (!restaurant.settings.onlinePayment) {
      throw new HttpError(
        409,
        'online_payment_off',
        'This restaurant does not take payments online.',
      )
    }
    if (!restaurant.settings.paymentMethods.includes(method)) {
      throw new HttpError(
        409,
        'payment_method_unavailable',
        `This restaurant does not take ${method === 'sbp' ? 'SBP' : 'card'} payments.`,
      )
    }
  }

  const expiry = () => new Date(now().getTime() + PAYMENT_LIFETIME_MINUTES * 60_000)

  /** Registers a freshly inserted payment with the acquirer; a refusal ends it as failed. */
  async function handOver(row: PaymentRow, restaurant: Restaurant, description: string) {
    const back = row.orderId
      ? `${publicUrl}/rest/${row.restaurantId}/order/${row.orderId}`
      : `${publicUrl}/rest/${row.restaurantId}/bill`
    const query = `payment=${row.id}`
    try {
      const { ref, redirectUrl } = await provider.create({
        paymentId: row.id,
        amount: row.amount,
        currency: row.currency.trim(),
        method: row.method,
        merchant: restaurant.name,
        description,
        successUrl: row.orderId ? `${back}/success?${query}` : `${back}?${query}`,
        failUrl: row.orderId ? `${back}/fail?${query}` : `${back}?${query}`,
        expiresAt: row.expiresAt,
      })
      return await repository.attachProvider(row.id, ref, redirectUrl)
    } catch (error) {
      await repository.finish(row.id, 'failed', 'declined', now())
      throw error
    }
  }

  /**
   * A payment another request is handing over to the acquirer right now: wait (briefly) for
   * its page address, so both taps send the diner to the same page.
   */
  async function handedOver(row: PaymentRow): Promise<PaymentRow> {
    for (let attempt = 0; attempt < HANDOVER_WAIT_ATTEMPTS; attempt++) {
      const current = (await repository.find(row.id)) ?? row
      if (current.redirectUrl || current.status !== 'pending') return current
      await delay(HANDOVER_WAIT_STEP_MS)
    }
    return row
  }

  async function announce(row: PaymentRow): Promise<void> {
    const data = {
      id: row.id,
      status: row.status,
      failureReason: row.failureReason,
      orderId: row.orderId,
      amount: row.amount,
    }
    const orderIds = new Set(row.allocations.map((allocation) => allocation.orderId))
    const sessions = new Set<string>()
    if (row.tableSessionId) sessions.add(row.tableSessionId)
    for (const id of orderIds) {
      const found = await sql<{ tableSessionId: string | null }>`
        select table_session_id from orders where id = ${id}
      `.execute(db)
      const session = found.rows[0]?.tableSessionId
      if (session) sessions.add(session)
    }
    const channels = [
      ...[...orderIds].map((id) => orderChannel(id)),
      ...[...sessions].map((id) => tableChannel(id)),
    ]
    await publishEvent(broadcaster, channels, paymentUpdated, data)
    if (row.status === 'succeeded' || row.status === 'refunded') {
      for (const id of orderIds) await orders.announcePaid(id)
      for (const session of sessions) {
        await publishEvent(broadcaster, tableChannel(session), billUpdated, { sessionId: session })
        await tableSessions.settleIfDone(session)
      }
    } else if (sessions.size > 0) {
      for (const session of sessions) {
        await publishEvent(broadcaster, tableChannel(session), billUpdated, { sessionId: session })
      }
    }
  }

  /** Applies an acquirer's outcome once; returns the payment as it ends up. */
  async function settle(
    row: PaymentRow,
    outcome: { outcome: 'succeeded' } | { outcome: 'failed'; reason: Payment['failureReason'] },
    executor: Transaction<Database>,
  ): Promise<{ row: PaymentRow; overflow: number } | undefined> {
    const at = now()
    if (outcome.outcome === 'failed') {
      // A failure never undoes a success that arrived first (webhooks come in any order).
      const failed = await repository.finish(row.id, 'failed', outcome.reason, at, executor)
      return failed && { row: failed, overflow: 0 }
    }
    // Money was taken: a success counts even after the payment was given up here.
    const succeeded = await repository.finish(row.id, 'succeeded', null, at, executor, [
      'pending',
      'failed',
      'cancelled',
    ])
    if (!succeeded) return undefined
    let overflow = 0
    for (const allocation of succeeded.allocations) {
      overflow += await repository.allocate(allocation, at, executor)
    }
    if (succeeded.tip > 0) await repository.recordTip(succeeded, executor)
    return { row: succeeded, overflow }
  }

  async function afterSettle(result: { row: PaymentRow; overflow: number }): Promise<PaymentRow> {
    let { row } = result
    if (result.overflow > 0 && row.providerRef) {
      // Another payment covered these orders first: give the difference back.
      await provider.refund(row.providerRef, result.overflow)
      if (result.overflow >= row.amount - row.tip) {
        row = (await repository.finish(row.id, 'refunded', null, now(), db, ['succeeded'])) ?? row
      }
      deps.log?.warn({ paymentId: row.id, refunded: result.overflow }, 'Late payment refunded')
    }
    await announce(row)
    return row
  }

  /** Orders of a table session that can still be paid, locked for the transaction. */
  async function payableOrders(sessionId: string, executor: Transaction<Database>) {
    const result = await sql<PayableOrder>`
      select id, number, status, lines, subtotal, service_charge, total, paid_amount from orders
      where table_session_id = ${sessionId} and status <> 'cancelled'
      order by placed_at for update
    `.execute(executor)
    return result.rows
  }

  return {
    async startOrderPayment(orderId: string, method: OnlinePaymentMethod): Promise<Payment> {
      const order = await orders.get(orderId)
      const restaurant = await restaurantOf(order.restaurantId)
      requireOnline(restaurant, method)
      if (order.paymentMethod === 'cash') {
        throw new HttpError(409, 'payment_not_online', 'This order is paid in cash to the waiter.')
      }
      if (order.status === 'cancelled') {
        throw new HttpError(409, 'order_cancelled', 'A cancelled order is not paid for.')
      }
      if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') {
        throw new HttpError(409, 'already_paid', 'This order is already paid.')
      }
      const pending = await repository.pendingForOrder(orderId)
      if (pending) {
        // The acquirer may have decided already, its webhook still on the way: apply it now.
        const decided = pending.providerRef ? await provider.status(pending.providerRef) : undefined
        const usable =
          decided?.outcome === 'pending' &&
          pending.method === method &&
          pending.redirectUrl &&
          pending.expiresAt > now()
        if (usable) return view(pending)
        if (decided && decided.outcome !== 'pending') {
          const result = await db.transaction().execute((trx) => settle(pending, decided, trx))
          if (result) await afterSettle(result)
        } else {
          await this.cancel(pending.id)
        }
        const after = await repository.find(pending.id)
        if (after?.status === 'succeeded') {
          throw new HttpError(409, 'already_paid', 'This order is already paid.')
        }
      }
      const created = await db.transaction().execute(async (trx) => {
        const [locked] = (
          await sql<{ total: number; paidAmount: number; tableSessionId: string | null }>`
            select total, paid_amount, table_session_id from orders where id = ${orderId}
            for update
          `.execute(trx)
        ).rows
        if (!locked) throw notFound('This order does not exist.')
        // A second tap racing this one waited for the lock: the first tap's payment is its too.
        const racing = await repository.pendingForOrder(orderId, trx)
        if (racing) return { racing }
        // What other payments in progress (the table's bill) already hold of this order.
        const held = locked.tableSessionId
          ? (billHolds(
              [{ id: orderId, lines: [] }],
              await repository.liveForSession(locked.tableSessionId, trx),
            ).byOrder.get(orderId)?.held ?? 0)
          : 0
        const due = locked.total - locked.paidAmount - held
        if (due <= 0) {
          throw new HttpError(409, 'nothing_due', 'Nothing is left to pay for this order.')
        }
        const row = await repository.insert(
          {
            restaurantId: order.restaurantId,
            purpose: 'order',
            orderId,
            tableSessionId: null,
            method,
            provider: provider.name,
            currency: order.currency,
            amount: due,
            tip: 0,
            allocations: [{ orderId, amount: due, lines: [] }],
            splitBy: null,
            waiterId: null,
            expiresAt: expiry(),
          },
          trx,
        )
        return { row }
      })
      if (created.racing) return view(await handedOver(created.racing))
      const attached = await handOver(
        created.row,
        restaurant,
        describe(restaurant, 'order', order.number),
      )
      return toPayment(attached, order.number)
    },

    async startBillPayment(
      sessionId: string,
      input: {
        method: OnlinePaymentMethod
        choice: BillPaymentChoice
        tip: number
        expectedAmount: number
      },
    ): Promise<Payment> {
      const session = await tableSessions.get(sessionId)
      if (session.status !== 'open') {
        throw new HttpError(409, 'session_closed', 'This table session has ended.')
      }
      const restaurant = await restaurantOf(session.restaurantId)
      requireOnline(restaurant, input.method)
      const row = await db.transaction().execute(async (trx) => {
        await sql`select id from table_sessions where id = ${sessionId} for update`.execute(trx)
        const payable = await payableOrders(sessionId, trx)
        const holds = billHolds(payable, await repository.liveForSession(sessionId, trx))
        const billOrders = payable.map((order) => {
          const hold = holds.byOrder.get(order.id)
          return {
            ...order,
            paidAmount: order.paidAmount + (hold?.held ?? 0),
            paidQuantities: hold?.quantities ?? [],
            totals: {
              subtotal: order.subtotal,
              serviceCharge: order.serviceCharge,
              total: order.total,
            },
          }
        })
        const total = billOrders.reduce((sum, order) => sum + order.total, 0)
        const due = billOrders.reduce((sum, order) => sum + order.total - order.paidAmount, 0)
        const { choice } = input
        let amount: number
        let allocations: Allocation[]
        let splitBy: 'items' | 'amounts' | null
        if (choice.mode === 'items') {
          if (holds.splitBy === 'amounts') {
            throw new HttpError(
              409,
              'split_closed',
              'This bill is being split by amounts; pay a share or the rest.',
            )
          }
          const priced = billItemsAmount({ orders: billOrders }, choice.items)
          if ('error' in priced) {
            throw new HttpError(409, 'items_unavailable', priced.error)
          }
          amount = priced.amount
          allocations = billOrders.flatMap((order) => {
            const chosen = choice.items.filter((item) => item.orderNumber === order.number)
            if (chosen.length === 0) return []
            const single = billItemsAmount({ orders: [order] }, chosen)
            return 'amount' in single
              ? [
                  {
                    orderId: order.id,
                    amount: single.amount,
                    lines: chosen.map(({ line, quantity }) => ({ line, quantity })),
                  },
                ]
              : []
          })
          splitBy = 'items'
        } else {
          if (choice.mode === 'share' && holds.splitBy === 'items') {
            throw new HttpError(
              409,
              'split_closed',
              'This bill is being paid by items; choose items or pay the rest.',
            )
          }
          amount = choice.mode === 'share' ? equalShare(total, choice.parts, due) : due
          allocations = []
          let left = amount
          for (const order of billOrders) {
            const room = order.total - order.paidAmount
            if (left <= 0 || room <= 0) continue
            const take = Math.min(room, left)
            left -= take
            // Paying what remains of an order takes its items too.
            const lines =
              take === room
                ? order.lines
                    .map((line, index) => ({
                      line: index,
                      quantity: line.quantity - (order.paidQuantities[index] ?? 0),
                    }))
                    .filter((line) => line.quantity > 0)
                : []
            allocations.push({ orderId: order.id, amount: take, lines })
          }
          splitBy = choice.mode === 'share' ? 'amounts' : holds.splitBy
        }
        if (amount <= 0) {
          throw new HttpError(409, 'nothing_due', 'Nothing is left to pay at this table.')
        }
        if (amount !== input.expectedAmount) {
          throw new HttpError(
            409,
            'amount_changed',
            `The bill changed: this now comes to ${amount} instead of ${input.expectedAmount}.`,
          )
        }
        if (input.tip * 100 > amount * MAX_TIP_PERCENT) {
          throw new HttpError(400, 'validation_failed', 'A tip is at most the amount it tips on.', [
            { path: 'body.tip', message: `At most ${MAX_TIP_PERCENT} % of the amount` },
          ])
        }
        const waiter = await repository.servingWaiter(sessionId, trx)
        return repository.insert(
          {
            restaurantId: session.restaurantId,
            purpose: 'bill',
            orderId: null,
            tableSessionId: sessionId,
            method: input.method,
            provider: provider.name,
            currency: restaurant.currency,
            amount: amount + input.tip,
            tip: input.tip,
            allocations,
            splitBy,
            waiterId: waiter?.id ?? null,
            expiresAt: expiry(),
          },
          trx,
        )
      })
      const attached = await handOver(
        row,
        restaurant,
        describe(restaurant, 'table', session.table.label),
      )
      await publishEvent(broadcaster, tableChannel(sessionId), billUpdated, { sessionId })
      return toPayment(attached, null)
    },

    async get(id: string): Promise<Payment> {
      const row = await repository.find(id)
      if (!row) throw notFound(UNKNOWN_PAYMENT)
      return view(row)
    },

    async cancel(id: string): Promise<Payment> {
      const row = await repository.find(id)
      if (!row) throw notFound(UNKNOWN_PAYMENT)
      if (row.status !== 'pending') return view(row)
      if (row.providerRef && (await provider.cancel(row.providerRef)) === 'too_late') {
        // The acquirer took the money already: its webhook settles it; nothing is undone here.
        return view(row)
      }
      const cancelled = await repository.finish(id, 'cancelled', 'cancelled', now())
      if (!cancelled) return view((await repository.find(id)) ?? row)
      await announce(cancelled)
      return view(cancelled)
    },

    /**
     * A webhook from `providerName`: verified, recorded by event id and applied once, in one
     * transaction. Returns whether it changed anything.
     */
    async receiveWebhook(
      providerName: string,
      headers: Readonly<Record<string, unknown>>,
      rawBody: string,
    ): Promise<'applied' | 'duplicate' | 'ignored'> {
      if (providerName !== provider.name) throw notFound('There is no such payment provider.')
      let event
      try {
        event = provider.verifyWebhook(headers, rawBody, now())
      } catch (error) {
        if (error instanceof WebhookRejected) {
          throw new HttpError(401, 'webhook_rejected', error.message)
        }
        throw error
      }
      const outcome = await db.transaction().execute(async (trx) => {
        const row = await repository.findByRef(provider.name, event.ref, trx)
        if (!row) throw notFound(UNKNOWN_PAYMENT)
        if (row.amount !== event.amount || row.currency.trim() !== event.currency) {
          throw new HttpError(
            400,
            'webhook_mismatch',
            'The amount or currency does not match the payment.',
          )
        }
        if (!(await repository.recordEvent(provider.name, event.eventId, row.id, trx))) {
          return 'duplicate' as const
        }
        return (await settle(row, event, trx)) ?? ('ignored' as const)
      })
      if (typeof outcome === 'string') return outcome
      await afterSettle(outcome)
      return 'applied'
    },

    /** Pending payments whose webhook never came: the acquirer is asked, then they end. */
    async sweepOverdue(): Promise<void> {
      const overdue = await repository.overdue(new Date(now().getTime() - LATE_WEBHOOK_GRACE_MS))
      for (const row of overdue) {
        const status = row.providerRef ? await provider.status(row.providerRef) : undefined
        if (status?.outcome === 'pending' && row.providerRef) {
          await provider.cancel(row.providerRef)
        }
        const result = await db.transaction().execute((trx) =>
          status?.outcome === 'succeeded'
            ? settle(row, status, trx)
            : settle(
                row,
                {
                  outcome: 'failed',
                  reason: status?.outcome === 'failed' ? status.reason : 'expired',
                },
                trx,
              ),
        )
        if (result) await afterSettle(result)
      }
    },

    /** What live payments hold of a table's orders (for the bill). */
    async holdsForSession(sessionId: string, payable: readonly PayableOrder[]) {
      const [payments, waiter, tips] = await Promise.all([
        repository.liveForSession(sessionId),
        repository.servingWaiter(sessionId),
        repository.tipsForSession(sessionId),
      ])
      return {
        ...billHolds(payable, payments),
        waiter: waiter ? { name: waiter.name } : null,
        tips,
      }
    },
  }
}

export type PaymentService = ReturnType<typeof createPaymentService>
