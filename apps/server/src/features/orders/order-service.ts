import type { Kysely, Transaction } from 'kysely'
import type { ErrorCode, FieldError } from '@tableside/contracts/errors'
import { nextStatuses, type OrderStatus } from '@tableside/contracts/order-status'
import {
  orderChannel,
  type CheckoutQuote,
  type Order,
  type OrderSummary,
  type PlaceOrderBody,
} from '@tableside/contracts/orders'
import type { ReorderQuote } from '@tableside/contracts/reorder'
import type { TableAlert } from '@tableside/contracts/garcon-alerts'
import type { OrderType, PaymentMethod, Restaurant } from '@tableside/contracts/restaurants'
import type { TableCashSettlement } from '@tableside/contracts/garcon-floor'
import {
  billUpdated,
  garconChannel,
  orderPlaced,
  orderUpdated,
} from '@tableside/contracts/table-events'
import { tableChannel } from '@tableside/contracts/table-sessions'
import { MAX_BILL_TOTAL } from '@tableside/contracts/text'
import type { Database } from '../../db/schema'
import { HttpError, notFound } from '../../http/http-error'
import { MINOR_PER_POINT } from '../bonus/bonus-ledger'
import { requireOrderBonus, type OrderBonus } from '../bonus/bonus-orders'
import type { MenuCache } from '../menu/menu-cache'
import type { Outbox } from '../outbox/outbox'
import type { OutboxEntry } from '../outbox/outbox-repository'
import { pointsWorth } from '../payments/bill-payment-plan'
import type { PaymentRepository } from '../payments/payment-repository'
import { refundEntry } from '../payments/refund-entry'
import { publishEvent } from '../realtime/publish-event'
import type { Broadcaster } from '../realtime/realtime'
import type { RestaurantCache } from '../restaurants/restaurant-cache'
import { sessionExpired, type TableSessionService } from '../table-sessions/table-session-service'
import { priceCheckout } from './order-pricing'
import { quoteReorder } from './reorder-quote'
import {
  ORDER_PLACED,
  orderUpdateEntries,
  orderUpdatedData,
  type OrderPlacedEntry,
} from './order-events'
import type { OrderPaymentRepository } from './order-payment-repository'
import { createOrderRepository, type OrderRow, type StepBy } from './order-repository'
import { createTableCashRepository, toTableCashSettlement } from './table-cash-repository'
import { orderFieldProblems } from './order-validation'
import { dinerMayCancel, toOrder, toOrderSummary } from './order-view'
import { requestHash } from './request-hash'

export const UNKNOWN_ORDER = 'This order does not exist.'
const UNKNOWN_SESSION = 'This table session does not exist.'
const UNKNOWN_RESTAURANT = 'This restaurant does not exist.'

/** Says why `scheduledFor` cannot be booked (null: it can); `null` time means "as soon as possible". */
export type SlotCheck = (
  restaurant: Restaurant,
  type: OrderType,
  scheduledFor: Date | null,
  now: Date,
) => string | null

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
   * Where placements, status changes and refunds go, to be delivered after their transaction
   * (or statement) commits; a placed order's entry is delivered here (ORDER_PLACED).
   */
  outbox: Outbox
  /** What payments hold of an order: a cancel waits for them, or refunds them (decision 0028). */
  payments: Pick<PaymentRepository, 'pendingHolding' | 'succeededFor' | 'liveForSession'>
  orderPayments: Pick<
    OrderPaymentRepository,
    'lock' | 'refunded' | 'payableForSession' | 'pointsReturned'
  >
  /** The waiters who hear of a new order at the restaurant. */
  waitersOf?: (restaurantId: string) => Promise<readonly string[]>
  /**
   * The waiter area's alerts (the app composes them, decision 0045): `placedKind` makes the
   * statement that places an order alert its table's waiters (see `OrderRepositoryOptions`);
   * `atTable` alerts them in the transaction of an order's change (ready to serve).
   */
  alerts?: {
    placedKind: string
    atTable: (
      trx: Transaction<Database>,
      tableSessionId: string,
      alert: TableAlert,
    ) => Promise<unknown>
  }
  /**
   * The bonus card (decision 0060): points spent with an order, earned on cash, released when
   * it completes, given back when it is cancelled, each in the transaction of that step.
   */
  bonus?: OrderBonus
  now?: () => Date
}

/** The waiter who acts, as an order's history names them. */
export interface ActingWaiter {
  id: string
  name: string
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
  const repository = createOrderRepository(deps.db, {
    ...(deps.alerts ? { placedAlertKind: deps.alerts.placedKind } : {}),
  })

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
    await publishEvent(broadcaster, channels, orderUpdated, orderUpdatedData(order))
    if (row.tableSessionId) {
      await publishEvent(broadcaster, tableChannel(row.tableSessionId), billUpdated, {
        sessionId: row.tableSessionId,
      })
    }
    return order
  }

  const tellPlaced = async (row: OrderRow, waiterChannels: readonly string[]) => {
    const order = await announce(row)
    if (waiterChannels.length > 0) {
      await publishEvent(broadcaster, waiterChannels, orderPlaced, {
        id: order.id,
        number: order.number,
        type: order.type,
        tableLabel: order.table?.label ?? null,
      })
    }
  }

  // A placed order's entry tells of the order as it is when delivered (or read ahead with the
  // others of its batch): a later change has its own entry, delivered after this one.
  let readAhead = new Map<string, OrderRow>()
  deps.outbox.handle(
    ORDER_PLACED,
    async (payload) => {
      const { orderId, waiterChannels } = payload as OrderPlacedEntry
      const row = readAhead.get(orderId) ?? (await repository.find(orderId))
      readAhead.delete(orderId)
      if (!row) throw new Error(`The placed order ${orderId} is not in the database`)
      await tellPlaced(row, waiterChannels)
    },
    async (payloads) => {
      const ids = payloads.map((payload) => (payload as OrderPlacedEntry).orderId)
      readAhead = new Map((await repository.findMany(ids)).map((row) => [row.id, row]))
    },
  )

  /**
   * Money follows the order (decision 0028): an order that a pending payment holds part of is
   * not cancelled until that payment ends; what online payments paid of a cancelled order is
   * refunded through the provider, by the outbox, and shows in its history at once.
   */
  const cancelIn = async (
    row: OrderRow,
    trx: Transaction<Database>,
    refuse?: (row: OrderRow) => HttpError | undefined,
    by?: StepBy,
  ): Promise<{ moved: OrderRow; entries: OutboxEntry[] } | undefined> => {
    const locked = await deps.orderPayments.lock(row.id, trx)
    if (locked?.status !== row.status) return undefined
    // A payment may have landed since the actor's rule was judged (the diner's: nothing paid).
    const refusal = refuse?.(locked)
    if (refusal) throw refusal
    if (await deps.payments.pendingHolding(row.id, trx)) {
      throw new HttpError(
        409,
        'payment_in_progress',
        'A payment of this order is in progress. Cancel the payment first, or wait until it ends (at most 15 minutes).',
      )
    }
    const at = now()
    let moved = await repository.changeStatus(row.id, row.status, 'cancelled', at, trx, by)
    if (!moved) return undefined
    const entries: OutboxEntry[] = []
    const payments = await deps.payments.succeededFor(row.id, trx)
    // Points that paid part of it (at checkout, or with a bill payment) come back as points;
    // what bill payments paid in them no longer counts as paid (decision 0060).
    await deps.bonus?.cancelled(trx, row.id)
    const inPoints = payments
      .flatMap((payment) => payment.allocations)
      .filter((allocation) => allocation.orderId === row.id)
      .reduce((sum, allocation) => sum + pointsWorth(allocation), 0)
    if (inPoints > 0)
      moved = (await deps.orderPayments.pointsReturned(row.id, inPoints, trx)) ?? moved
    let left = moved.paidAmount
    for (const payment of payments) {
      const share = payment.allocations
        .filter((allocation) => allocation.orderId === row.id)
        .reduce((sum, allocation) => sum + allocation.amount - pointsWorth(allocation), 0)
      const amount = Math.min(share, left, payment.amount - payment.refundedAmount)
      if (amount <= 0) continue
      left -= amount
      entries.push(refundEntry({ paymentId: payment.id, orderId: row.id, amount, counted: true }))
      moved =
        (await deps.orderPayments.refunded(
          row.id,
          { amount, state: 'in_progress', counted: true },
          at,
          trx,
        )) ?? moved
    }
    return { moved, entries }
  }

  /**
   * A step other than a cancel, in the caller's transaction, compared and set on `from`: the
   * change, what it tells (the outbox), the points of a completed order, and the table's
   * waiters alerted when it is ready. Undefined when the order is no longer `from`.
   */
  const stepIn = async (
    trx: Transaction<Database>,
    id: string,
    from: OrderStatus,
    to: Exclude<OrderStatus, 'cancelled'>,
    by?: StepBy,
  ): Promise<OrderRow | undefined> => {
    const order = await repository.changeStatus(id, from, to, now(), trx, by)
    if (!order) return undefined
    await deps.outbox.add(orderUpdateEntries(order), trx)
    if (to === 'completed') await deps.bonus?.moved(trx, order)
    if (to === 'ready' && order.tableSessionId) {
      await deps.alerts?.atTable(trx, order.tableSessionId, {
        kind: 'order_ready',
        orderNumber: order.number,
        detail: { amount: order.total, currency: order.currency.trim() },
      })
    }
    return order
  }

  /**
   * Moves an order along the transition table. `refuse` is the actor's own rule (the diner
   * may cancel only a placed order); it is judged again against the order as it is now
   * whenever someone else moved it first. The change and what it tells are one transaction
   * (the outbox, decision 0027).
   */
  const move = async (
    row: OrderRow,
    to: OrderStatus,
    refuse?: (row: OrderRow) => HttpError | undefined,
    by?: StepBy,
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
    const moved = await deps.db.transaction().execute(async (trx) => {
      if (to !== 'cancelled') return stepIn(trx, row.id, row.status, to, by)
      const changed = await cancelIn(row, trx, refuse, by)
      if (!changed) return undefined
      await deps.outbox.add([...changed.entries, ...orderUpdateEntries(changed.moved)], trx)
      return changed.moved
    })
    if (!moved) {
      // Someone else moved it first: judge the move against where it is now.
      const fresh = await repository.find(row.id)
      if (!fresh) throw notFound(UNKNOWN_ORDER)
      if (fresh.status === to) return toOrder(fresh)
      return move(fresh, to, refuse, by)
    }
    void deps.outbox.kick()
    if (moved.tableSessionId) await tableSessions.settleIfDone(moved.tableSessionId)
    return toOrder(moved)
  }

  /** Everything that can refuse an order, before anything is written; the priced checkout. */
  const check = async (
    restaurant: Restaurant,
    body: PlaceOrderBody,
    at: Date,
    { byWaiter = false }: { byWaiter?: boolean } = {},
  ): Promise<CheckoutQuote> => {
    const problems = orderFieldProblems(body)
    const { settings } = restaurant
    if (!settings.orderTypes.includes(body.type)) {
      problems.push({ path: 'body.type', message: 'This restaurant does not take such orders.' })
    }
    // A waiter's order is paid at the table, however the diners' app lets them pay.
    if (
      !byWaiter &&
      !acceptsPaymentMethod(restaurant, body.paymentMethod, deps.onlinePaymentsReady ?? false)
    ) {
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

  /** Why an order was not taken at its table: the session is not open, or the bill is full. */
  const refuseAtTable = async (sessionId: string, restaurantId: string, total: number) => {
    await tableSessions.requireOpen(sessionId, restaurantId)
    const placed = await repository.placedTotal(sessionId)
    if (placed + total <= MAX_BILL_TOTAL) return
    const currency = (await restaurantOf(restaurantId)).currency
    const left = Math.max(0, MAX_BILL_TOTAL - placed) / 100
    throw new HttpError(
      400,
      'order_too_large',
      `A table's orders come to at most ${String(MAX_BILL_TOTAL / 100)} ${currency}; ${String(left)} ${currency} is left at this table. Settle the bill and order again.`,
    )
  }

  const bonus = () => requireOrderBonus(deps.bonus)

  const service = {
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
    async place(
      restaurantId: string,
      key: string,
      body: PlaceOrderBody,
      placedBy: ActingWaiter | null = null,
      client: { id: string } | null = null,
    ): Promise<PlacedOrder> {
      const restaurant = await restaurantOf(restaurantId)
      const hash = requestHash(restaurantId, placedBy ? { body, placedBy: placedBy.id } : body)
      const at = now()
      let priced: CheckoutQuote
      try {
        priced = await check(restaurant, body, at, { byWaiter: placedBy !== null })
      } catch (refusal) {
        // A retry of an order placed before the menu changed still gets that order.
        const existing = await repository.findByKey(restaurantId, key)
        if (existing) return replay(existing, hash)
        throw refusal
      }
      const points = placedBy ? 0 : (body.bonusPoints ?? 0)
      let cardId: string | null = null
      if (points > 0) {
        // A retry of an order that spent them gets that order, however the balance stands now.
        const existing = await repository.findByKey(restaurantId, key)
        if (existing) return replay(existing, hash)
        cardId = await bonus().cardFor(restaurantId, client?.id)
      }
      const spent = points * MINOR_PER_POINT
      const waiters = (await deps.waitersOf?.(restaurantId)) ?? []
      const newOrder = {
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
        totals: {
          ...priced.totals,
          discount: priced.totals.discount + spent,
          total: priced.totals.total - spent,
        },
        bonusPoints: points,
        clientId: placedBy ? null : (client?.id ?? null),
        idempotencyKey: key,
        requestHash: hash,
        placedAt: at,
        waiterChannels: waiters.map(garconChannel),
        placedBy,
      }
      // Points are spent in the transaction that places the order (decision 0060): the order
      // goes in on its own, not in a shared statement, and both are written or neither.
      const insertSpending = (card: string) =>
        repository.insertWith(newOrder, (trx, row) =>
          bonus().spend(trx, {
            cardId: card,
            orderId: row.id,
            points,
            earningMinor: priced.totals.total - priced.totals.deliveryFee,
          }),
        )
      let inserted = await (cardId ? insertSpending(cardId) : repository.insert(newOrder))
      if (!inserted) {
        // The key was taken (a retry, or a concurrent duplicate), the session is not open, or
        // the table's bill would pass its bound.
        const existing = await repository.findByKey(restaurantId, key)
        if (existing) return replay(existing, hash)
        await refuseAtTable(body.tableSessionId ?? '', restaurantId, priced.totals.total)
        // Orders to one table that shared a statement are bounded together: once more alone.
        inserted = await (cardId ? insertSpending(cardId) : repository.insertAlone(newOrder))
        if (!inserted) {
          const again = await repository.findByKey(restaurantId, key)
          if (again) return replay(again, hash)
          await refuseAtTable(body.tableSessionId ?? '', restaurantId, priced.totals.total)
          throw sessionExpired()
        }
      }
      void deps.outbox.kick()
      return { order: toOrder(inserted), replayed: false }
    },

    /**
     * A past order of this restaurant priced against today's menu ("Order again"): its id is
     * the capability, as for reading it; another restaurant's order is not found here.
     */
    async reorderQuote(restaurantId: string, id: string): Promise<ReorderQuote> {
      const row = await repository.find(id)
      if (row?.restaurantId !== restaurantId) throw notFound(UNKNOWN_ORDER)
      const restaurant = await restaurantOf(restaurantId)
      const snapshot = await menus.get(restaurantId)
      if (!snapshot) throw notFound(UNKNOWN_RESTAURANT)
      return quoteReorder(toOrder(row), snapshot, restaurant.settings)
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

    /**
     * A waiter of the order's restaurant moves it along the transition table. Named (`by`), the
     * waiter's step carries their name, and a cancel needs their reason.
     */
    async changeStatus(
      id: string,
      restaurantId: string,
      to: OrderStatus,
      by?: { waiter: ActingWaiter; reason?: string | undefined },
    ): Promise<Order> {
      const reason = by?.reason?.trim() ?? ''
      if (by && to === 'cancelled' && reason === '') {
        throw fieldsError(400, 'validation_failed', 'Say why the order is cancelled.', [
          { path: 'body.reason', message: 'Required to cancel' },
        ])
      }
      const row = await repository.find(id)
      if (row?.restaurantId !== restaurantId) throw notFound(UNKNOWN_ORDER)
      if (row.status === to) return toOrder(row)
      const step: StepBy | undefined = by && {
        waiter: { name: by.waiter.name },
        ...(to === 'cancelled' ? { reason } : {}),
      }
      return move(row, to, undefined, step)
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
      const paid = await deps.db.transaction().execute(async (trx) => {
        const before = await deps.orderPayments.lock(id, trx)
        const marked = await repository.markCashPaid(id, now(), trx)
        if (!marked) return undefined
        await deps.bonus?.paid(trx, marked, {
          payerId: marked.clientId,
          paidMinor: marked.total - (before?.paidAmount ?? 0),
        })
        await deps.outbox.add(orderUpdateEntries(marked), trx)
        return marked
      })
      if (!paid) {
        // Paid meanwhile (the answer stands), or cancelled.
        const fresh = await repository.find(id)
        if (fresh?.paymentStatus === 'paid') return toOrder(fresh)
        throw new HttpError(409, 'order_cancelled', 'A cancelled order is not paid for.')
      }
      void deps.outbox.kick()
      if (paid.tableSessionId) await tableSessions.settleIfDone(paid.tableSessionId)
      return toOrder(paid)
    },

    /**
     * A waiter took cash for everything due at a table, once per `key`: every unpaid order of
     * the session that is not cancelled is paid in one transaction, with the session's row
     * locked so that orders and payments of the table wait for it. Nothing due, or an online
     * payment in progress, is refused and writes nothing; the same key again gives back the
     * first answer.
     */
    async recordCashForTable(
      sessionId: string,
      waiter: ActingWaiter & { restaurantId: string },
      key: string,
    ): Promise<{ settlement: TableCashSettlement; replayed: boolean }> {
      const { restaurantId } = waiter
      const restaurant = await restaurantOf(restaurantId)
      const result = await deps.db.transaction().execute(async (trx) => {
        const cash = createTableCashRepository(trx)
        const session = await cash.lockSession(sessionId)
        if (session?.restaurantId !== restaurantId) throw notFound(UNKNOWN_SESSION)
        const earlier = await cash.findByKey(restaurantId, key)
        if (earlier) {
          if (earlier.tableSessionId !== sessionId) {
            throw new HttpError(
              409,
              'idempotency_conflict',
              'This Idempotency-Key was already used for another table. Use a new key.',
            )
          }
          return { settlement: toTableCashSettlement(earlier), replayed: true }
        }
        if (session.closedAt) throw sessionExpired()
        // The orders are locked before payments are read: a payment of one of them that started
        // first is seen, one that starts now waits and then finds the order paid.
        const unpaid = (await deps.orderPayments.payableForSession(sessionId, trx)).filter(
          (row) => row.paymentStatus === 'unpaid' || row.paymentStatus === 'pending',
        )
        const live = await deps.payments.liveForSession(sessionId, trx)
        if (live.some((payment) => payment.status === 'pending')) {
          throw new HttpError(
            409,
            'payment_in_progress',
            'A card payment at this table is in progress. Wait until it ends (at most 15 minutes), or cancel it first.',
          )
        }
        const amount = unpaid.reduce((sum, row) => sum + row.total - row.paidAmount, 0)
        if (unpaid.length === 0 || amount <= 0) {
          throw new HttpError(409, 'nothing_due', 'Nothing is due at this table.')
        }
        const at = now()
        const paid = await repository.markSessionCashPaid(
          unpaid.map((row) => row.id),
          at,
          trx,
        )
        for (const order of paid) {
          const before = unpaid.find((row) => row.id === order.id)?.paidAmount ?? 0
          await deps.bonus?.paid(trx, order, {
            payerId: order.clientId,
            paidMinor: order.total - before,
          })
        }
        const row = await cash.insert({
          restaurantId,
          tableSessionId: sessionId,
          waiterId: waiter.id,
          idempotencyKey: key,
          amount,
          currency: restaurant.currency,
          orderNumbers: JSON.stringify(paid.map((order) => order.number).sort((a, b) => a - b)),
          createdAt: at,
        })
        await deps.outbox.add(paid.flatMap(orderUpdateEntries), trx)
        return { settlement: toTableCashSettlement(row), replayed: false }
      })
      if (!result.replayed) {
        void deps.outbox.kick()
        await tableSessions.settleIfDone(sessionId)
      }
      return result
    },

    /**
     * The waiter places an order for the table's guests without phones: checked and priced as
     * a diner's, paid at the table, its history naming the waiter.
     */
    async placeAtTable(
      sessionId: string,
      waiter: ActingWaiter & { restaurantId: string },
      key: string,
      body: Pick<PlaceOrderBody, 'lines' | 'comment'>,
    ): Promise<PlacedOrder> {
      const existing = await repository.findByKey(waiter.restaurantId, key)
      // A retry after the table closed still gets its order; the key's checks are `place`'s.
      if (!existing) await tableSessions.requireOpen(sessionId, waiter.restaurantId)
      return service.place(
        waiter.restaurantId,
        key,
        {
          type: 'dine_in',
          lines: body.lines,
          paymentMethod: 'cash',
          tableSessionId: sessionId,
          ...(body.comment ? { comment: body.comment } : {}),
        },
        { id: waiter.id, name: waiter.name },
      )
    },

    async lookup(restaurantId: string, ids: readonly string[]): Promise<OrderSummary[]> {
      return (await repository.lookup(restaurantId, [...new Set(ids)])).map(toOrderSummary)
    },

    /**
     * The kitchen's step (decision 0071), in the kitchen's transaction that holds the order's
     * row: accepted → cooking at the first bump, cooking → ready at the last, and back from
     * ready to cooking when the bump that made it ready is undone in time (the one step the
     * transition table does not list). The same events and alerts as any other step.
     */
    async kitchenStepIn(
      trx: Transaction<Database>,
      id: string,
      from: OrderStatus,
      to: 'cooking' | 'ready',
    ): Promise<OrderStatus | undefined> {
      const allowed =
        (from === 'accepted' && to === 'cooking') ||
        (from === 'cooking' && to === 'ready') ||
        (from === 'ready' && to === 'cooking')
      if (!allowed) {
        throw new HttpError(
          409,
          'illegal_status_change',
          `An order that is ${from} cannot become ${to}.`,
        )
      }
      return (await stepIn(trx, id, from, to))?.status
    },

    /** Whether an order with this id exists (for its realtime channel). */
    async exists(id: string): Promise<boolean> {
      return (await repository.find(id)) !== undefined
    },
  }
  return service
}

export type OrderService = ReturnType<typeof createOrderService>
