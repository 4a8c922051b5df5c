import type { Kysely } from 'kysely'
import type { ErrorCode, FieldError } from '@tableside/contracts/errors'
import { nextStatuses, type OrderStatus } from '@tableside/contracts/order-status'
import {
  orderChannel,
  type Bill,
  type CheckoutQuote,
  type Order,
  type OrderSummary,
  type PlaceOrderBody,
} from '@tableside/contracts/orders'
import type { OrderType, PaymentMethod, Restaurant } from '@tableside/contracts/restaurants'
import {
  billUpdated,
  garconChannel,
  orderPlaced,
  orderUpdated,
} from '@tableside/contracts/table-events'
import { tableChannel } from '@tableside/contracts/table-sessions'
import type { Database } from '../../db/schema'
import { HttpError, notFound } from '../../http/http-error'
import type { MenuCache } from '../menu/menu-cache'
import { publishEvent } from '../realtime/publish-event'
import type { Broadcaster } from '../realtime/realtime'
import type { RestaurantCache } from '../restaurants/restaurant-cache'
import { sessionExpired, type TableSessionService } from '../table-sessions/table-session-service'
import { priceCheckout } from './order-pricing'
import { createOrderRepository, type OrderRow } from './order-repository'
import { orderFieldProblems } from './order-validation'
import { dinerMayCancel, toBillOrder, toOrder, toOrderSummary } from './order-view'
import { requestHash } from './request-hash'

export const UNKNOWN_ORDER = 'This order does not exist.'
const UNKNOWN_RESTAURANT = 'This restaurant does not exist.'

/** Says why `scheduledFor` cannot be booked (null: it can); `null` time means "as soon as possible". */
export type SlotCheck = (
  restaurant: Restaurant,
  type: OrderType,
  scheduledFor: Date | null,
  now: Date,
) => string | null

export interface BillHoldsView {
  byOrder: Map<string, { held: number; quantities: number[] }>
  pending: number
  splitBy: 'items' | 'amounts' | null
  waiter: { name: string } | null
  tips: number
}

export interface OrderServiceDeps {
  db: Kysely<Database>
  restaurants: RestaurantCache
  menus: MenuCache
  tableSessions: TableSessionService
  broadcaster: Broadcaster
  checkSlot: SlotCheck
  /**
   * Online methods hand over to the payments flow; until it exists they are refused, whatever
   * a restaurant enables.
   */
  onlinePaymentsReady?: boolean
  /**
   * What payments in progress hold of a table's orders, item by item, and its tips and
   * waiter (the payments feature); without it the bill counts what is paid only.
   */
  billHolds?: (sessionId: string, orders: readonly OrderRow[]) => Promise<BillHoldsView>
  /** The waiters who hear of a new order at the restaurant. */
  waitersOf?: (restaurantId: string) => Promise<readonly string[]>
  now?: () => Date
}

export interface PlacedOrder {
  order: Order
  /** True when the key was seen before: this is the order placed then, not a new one. */
  replayed: boolean
}

const fieldsError = (status: number, code: ErrorCode, message: string, fields: FieldError[]) =>
  new HttpError(status, code, message, fields)

export function acceptsPaymentMethod(
  restaurant: Restaurant,
  method: PaymentMethod,
  onlinePaymentsReady: boolean,
): boolean {
  if (!restaurant.settings.paymentMethods.includes(method)) return false
  if (method === 'cash') return true
  return onlinePaymentsReady && restaurant.settings.onlinePayment
}

/** Orders: placed once per idempotency key, priced by the server, moved along one transition table. */
export function createOrderService(deps: OrderServiceDeps) {
  const { restaurants, menus, tableSessions, broadcaster } = deps
  const now = deps.now ?? (() => new Date())
  const repository = createOrderRepository(deps.db)

  const restaurantOf = async (id: string) => {
    const restaurant = await restaurants.get(id)
    if (!restaurant) throw notFound(UNKNOWN_RESTAURANT)
    return restaurant
  }

  const replay = (existing: OrderRow, hash: string): PlacedOrder => {
    if (existing.requestHash !== hash) {
      throw new HttpError(
        409,
        'idempotency_conflict',
        'This Idempotency-Key was already used for a different order. Use a new key for a new order.',
      )
    }
    return { order: toOrder(existing), replayed: true }
  }

  const announce = async (row: OrderRow) => {
    const order = toOrder(row)
    const channels = [orderChannel(row.id)]
    await publishEvent(broadcaster, channels, orderUpdated, {
      id: order.id,
      number: order.number,
      status: order.status,
      paymentStatus: order.paymentStatus,
      paidAmount: order.paidAmount,
      updatedAt: order.updatedAt,
      history: order.history,
      cancellable: order.cancellable,
    })
    if (row.tableSessionId) {
      await publishEvent(broadcaster, tableChannel(row.tableSessionId), billUpdated, {
        sessionId: row.tableSessionId,
      })
    }
    return order
  }

  /**
   * Moves an order along the transition table. `refuse` is the actor's own rule (the diner
   * may cancel only a placed order); it is judged again against the order as it is now
   * whenever someone else moved it first.
   */
  const move = async (
    row: OrderRow,
    to: OrderStatus,
    refuse?: (row: OrderRow) => HttpError | undefined,
  ): Promise<Order> => {
    const refusal = refuse?.(row)
    if (refusal) throw refusal
    if (!nextStatuses(row.type, row.status).includes(to)) {
      throw new HttpError(
        409,
        'illegal_status_change',
        `An order that is ${row.status} cannot become ${to}.`,
      )
    }
    const moved = await repository.changeStatus(row.id, row.status, to, now())
    if (!moved) {
      // Someone else moved it first: judge the move against where it is now.
      const fresh = await repository.find(row.id)
      if (!fresh) throw notFound(UNKNOWN_ORDER)
      if (fresh.status === to) return toOrder(fresh)
      return move(fresh, to, refuse)
    }
    const order = await announce(moved)
    if (moved.tableSessionId) await tableSessions.settleIfDone(moved.tableSessionId)
    return order
  }

  /** Everything that can refuse an order, before anything is written; the priced checkout. */
  const check = async (
    restaurant: Restaurant,
    body: PlaceOrderBody,
    at: Date,
  ): Promise<CheckoutQuote> => {
    const problems = orderFieldProblems(body)
    const { settings } = restaurant
    if (!settings.orderTypes.includes(body.type)) {
      problems.push({ path: 'body.type', message: 'This restaurant does not take such orders.' })
    }
    if (!acceptsPaymentMethod(restaurant, body.paymentMethod, deps.onlinePaymentsReady ?? false)) {
      problems.push({
        path: 'body.paymentMethod',
        message: 'This way of paying is not available here.',
      })
    }
    if (problems.length > 0) {
      throw fieldsError(400, 'validation_failed', 'Some fields are missing or invalid.', problems)
    }

    const scheduledFor = body.scheduledFor ? new Date(body.scheduledFor) : null
    const slotProblem = deps.checkSlot(restaurant, body.type, scheduledFor, at)
    if (slotProblem) {
      throw fieldsError(409, 'slot_unavailable', slotProblem, [
        { path: 'body.scheduledFor', message: slotProblem },
      ])
    }

    const snapshot = await menus.get(restaurant.id)
    if (!snapshot) throw notFound(UNKNOWN_RESTAURANT)
    const priced = priceCheckout(snapshot, settings, body.type, body.lines)
    const lineProblems = priced.quote.lines.flatMap((line, index) =>
      line.problem ? [{ index, problem: line.problem }] : [],
    )
    if (lineProblems.length > 0) {
      const gone = lineProblems.some(({ problem }) => problem.code !== 'invalid_modifiers')
      throw fieldsError(
        gone ? 409 : 400,
        gone ? 'dish_unavailable' : 'validation_failed',
        gone
          ? 'Some dishes cannot be ordered right now. Remove them and order again.'
          : 'Some options are not valid.',
        lineProblems.map(({ index, problem }) => ({
          path: `body.lines.${index}`,
          message: problem.message,
        })),
      )
    }
    if (!priced.orderable && priced.minimumOrder !== null) {
      throw new HttpError(
        409,
        'below_minimum_order',
        `Delivery starts from an order of ${String(priced.minimumOrder / 100)} ${snapshot.currency}.`,
      )
    }
    if (body.expectedTotal !== undefined && body.expectedTotal !== priced.totals.total) {
      throw new HttpError(
        409,
        'total_changed',
        'Prices changed since you looked. Check the new total and confirm again.',
      )
    }
    return priced
  }

  return {
    /** Prices a checkout before the diner confirms it. */
    async quote(restaurantId: string, type: OrderType, lines: PlaceOrderBody['lines']) {
      const restaurant = await restaurantOf(restaurantId)
      const snapshot = await menus.get(restaurantId)
      if (!snapshot) throw notFound(UNKNOWN_RESTAURANT)
      return priceCheckout(snapshot, restaurant.settings, type, lines)
    },

    /**
     * Places an order once per key: the same key and body give back the order placed the
     * first time; the same key with another body is refused. Bad input changes nothing.
     */
    async place(restaurantId: string, key: string, body: PlaceOrderBody): Promise<PlacedOrder> {
      const restaurant = await restaurantOf(restaurantId)
      const hash = requestHash(restaurantId, body)
      const at = now()
      let priced: CheckoutQuote
      try {
        priced = await check(restaurant, body, at)
      } catch (refusal) {
        // A retry of an order placed before the menu changed still gets that order.
        const existing = await repository.findByKey(restaurantId, key)
        if (existing) return replay(existing, hash)
        throw refusal
      }
      const inserted = await repository.insert({
        restaurantId,
        type: body.type,
        tableSessionId: body.tableSessionId ?? null,
        sessionExpiresAt: body.tableSessionId
          ? new Date(at.getTime() + restaurant.settings.tableSessionMinutes * 60_000)
          : null,
        contact: body.contact ?? null,
        address: body.address ?? null,
        scheduledFor: body.scheduledFor ? new Date(body.scheduledFor) : null,
        guests: body.guests ?? null,
        comment: body.comment ? body.comment : null,
        paymentMethod: body.paymentMethod,
        currency: priced.quote.currency,
        lines: priced.quote.lines.map((line) => ({
          dishId: line.dishId,
          // Lines without problems always have their dish, and so its name.
          name: line.name ?? { ru: line.dishId },
          quantity: line.quantity,
          modifiers: line.modifiers,
          comment: line.comment,
          unitPrice: line.unitPrice,
          lineTotal: line.lineTotal,
        })),
        totals: priced.totals,
        idempotencyKey: key,
        requestHash: hash,
        placedAt: at,
      })
      if (!inserted) {
        // The key was taken (a retry, or a concurrent duplicate), or the session is not open.
        const existing = await repository.findByKey(restaurantId, key)
        if (existing) return replay(existing, hash)
        await tableSessions.requireOpen(body.tableSessionId ?? '', restaurantId)
        throw sessionExpired()
      }
      const order = await announce(inserted)
      const waiters = (await deps.waitersOf?.(restaurantId)) ?? []
      if (waiters.length > 0) {
        await publishEvent(broadcaster, waiters.map(garconChannel), orderPlaced, {
          id: order.id,
          number: order.number,
          type: order.type,
          tableLabel: order.table?.label ?? null,
        })
      }
      return { order, replayed: false }
    },

    async get(id: string): Promise<Order> {
      const row = await repository.find(id)
      if (!row) throw notFound(UNKNOWN_ORDER)
      return toOrder(row)
    },

    /** The diner cancels: only while nobody has accepted the order. */
    async cancelByDiner(id: string): Promise<Order> {
      const row = await repository.find(id)
      if (!row) throw notFound(UNKNOWN_ORDER)
      if (row.status === 'cancelled') return toOrder(row)
      return move(row, 'cancelled', (current) => {
        if (dinerMayCancel(current)) return undefined
        return new HttpError(
          409,
          'order_not_cancellable',
          current.status === 'placed'
            ? 'This order is already paid. Ask your waiter to change it.'
            : 'The restaurant has already accepted this order. Ask your waiter to change it.',
        )
      })
    },

    /** A waiter of the order's restaurant moves it along the transition table. */
    async changeStatus(id: string, restaurantId: string, to: OrderStatus): Promise<Order> {
      const row = await repository.find(id)
      if (row?.restaurantId !== restaurantId) throw notFound(UNKNOWN_ORDER)
      if (row.status === to) return toOrder(row)
      return move(row, to)
    },

    /**
     * A waiter of the order's restaurant took the cash for it (or for what is left of it). An
     * order meant for online payment may be paid so too, when the diner's card would not go
     * through: an online payment that still succeeds afterwards is refunded (payments service).
     */
    async recordCashPayment(id: string, restaurantId: string): Promise<Order> {
      const row = await repository.find(id)
      if (row?.restaurantId !== restaurantId) throw notFound(UNKNOWN_ORDER)
      if (row.paymentStatus === 'paid') return toOrder(row)
      const paid = await repository.markCashPaid(id, now())
      if (!paid) {
        // Paid meanwhile (the answer stands), or cancelled.
        const fresh = await repository.find(id)
        if (fresh?.paymentStatus === 'paid') return toOrder(fresh)
        throw new HttpError(409, 'order_cancelled', 'A cancelled order is not paid for.')
      }
      const order = await announce(paid)
      if (paid.tableSessionId) await tableSessions.settleIfDone(paid.tableSessionId)
      return order
    },

    async lookup(restaurantId: string, ids: readonly string[]): Promise<OrderSummary[]> {
      return (await repository.lookup(restaurantId, [...new Set(ids)])).map(toOrderSummary)
    },

    /** Whether an order with this id exists (for its realtime channel). */
    async exists(id: string): Promise<boolean> {
      return (await repository.find(id)) !== undefined
    },

    async bill(sessionId: string): Promise<Bill> {
      const session = await tableSessions.get(sessionId)
      const restaurant = await restaurantOf(session.restaurantId)
      const rows = await repository.listBySession(sessionId)
      const live = rows.filter((row) => row.status !== 'cancelled')
      const holds = await deps.billHolds?.(sessionId, live)
      const sum = (pick: (row: OrderRow) => number) =>
        live.reduce((total, row) => total + pick(row), 0)
      const total = sum((row) => row.total)
      const paid = sum((row) => row.paidAmount)
      const pending = holds?.pending ?? 0
      return {
        sessionId,
        table: session.table,
        sessionStatus: session.status,
        currency: restaurant.currency,
        orders: rows.map((row) => toBillOrder(row, holds?.byOrder.get(row.id))),
        totals: {
          subtotal: sum((row) => row.subtotal),
          serviceCharge: sum((row) => row.serviceCharge),
          total,
          paid,
          pending,
          due: Math.max(0, total - paid - pending),
          tips: holds?.tips ?? 0,
        },
        splitBy: holds?.splitBy ?? null,
        waiter: holds?.waiter ?? null,
      }
    },

    /** Tells the order's and table's screens that a payment changed what is paid of it. */
    async announcePaid(id: string): Promise<void> {
      const row = await repository.find(id)
      if (row) await announce(row)
    },
  }
}

export type OrderService = ReturnType<typeof createOrderService>
