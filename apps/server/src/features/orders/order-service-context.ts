import type { Kysely, Selectable, Transaction } from 'kysely'
import type { TableAlert } from '@tableside/contracts/garcon-alerts'
import type { OrderStatus } from '@tableside/contracts/order-status'
import type { Order, PaidWith } from '@tableside/contracts/orders'
import type { OrderType, Restaurant } from '@tableside/contracts/restaurants'
import type { Database, PaymentsTable } from '../../db/schema'
import { notFound } from '../../http/http-error'
import type { OrderBonus } from '../bonus/bonus-orders'
import type { MenuCache } from '../menu/menu-cache'
import type { Outbox } from '../outbox/outbox'
import type { OutboxEntry } from '../outbox/outbox-repository'
import type { Broadcaster } from '../realtime/realtime'
import type { RestaurantCache } from '../restaurants/restaurant-cache'
import type { TableSessionService } from '../table-sessions/table-session-service'
import type { OrderPaymentRepository } from './order-payment-repository'
import { createOrderRepository, type OrderRepository, type OrderRow } from './order-repository'
import type { RefundRepository } from './refund-repository'
import { toOrder } from './order-view'

export const UNKNOWN_ORDER = 'This order does not exist.'
export const UNKNOWN_SESSION = 'This table session does not exist.'
export const UNKNOWN_RESTAURANT = 'This restaurant does not exist.'

/** Says why `scheduledFor` cannot be booked (null: it can); `null` time means "as soon as possible". */
export type SlotCheck = (
  restaurant: Restaurant,
  type: OrderType,
  scheduledFor: Date | null,
  now: Date,
) => string | null

/** A payment as orders read it: what it paid of which orders, and what was given back. */
type OrderPayment = Pick<
  Selectable<PaymentsTable>,
  'id' | 'status' | 'amount' | 'refundedAmount' | 'allocations'
>

export interface OrderServiceDeps {
  db: Kysely<Database>
  restaurants: RestaurantCache
  menus: MenuCache
  tableSessions: TableSessionService
  broadcaster: Broadcaster
  checkSlot: SlotCheck
  /**
   * Where placements, status changes and refunds go, to be delivered after their transaction
   * (or statement) commits; a placed order's entry is delivered here (ORDER_PLACED).
   */
  outbox: Outbox
  /**
   * What payments hold of an order: a cancel waits for them, or refunds them (decision 0028).
   * Payments' repository answers; orders rank below payments, so they name only what they read.
   */
  payments: {
    pendingHolding(orderId: string, trx: Transaction<Database>): Promise<boolean>
    succeededFor(orderId: string, trx: Transaction<Database>): Promise<OrderPayment[]>
    liveForSession(sessionId: string, trx: Transaction<Database>): Promise<OrderPayment[]>
  }
  /**
   * How orders were actually paid (issue 28): payments' derivation from their payment and
   * refund rows, which the app passes in (payments rank above orders). Never in a transaction.
   */
  paidWith: (rows: readonly OrderRow[]) => Promise<ReadonlyMap<string, PaidWith>>
  orderPayments: Pick<
    OrderPaymentRepository,
    'lock' | 'refunded' | 'payableForSession' | 'pointsReturned'
  >
  /** A cancel writes what it gives back, and how, in its transaction (decision 0119). */
  refunds: Pick<RefundRepository, 'add'>
  /** The waiters who hear of a new order at the restaurant. */
  waitersOf?: (restaurantId: string) => Promise<readonly string[]>
  /**
   * The waiter area's alerts (the app composes them, decision 0045): `placedKind` makes the
   * statement that places an order alert its table's waiters (see `OrderRepositoryOptions`);
   * `atTable` alerts them in the transaction of an order's change (ready to serve); `moved`
   * clears, in that transaction, the alerts the change answers (decision 0123).
   */
  alerts?: {
    placedKind: string
    atTable: (
      trx: Transaction<Database>,
      tableSessionId: string,
      alert: TableAlert,
    ) => Promise<unknown>
    moved?: (
      trx: Transaction<Database>,
      order: { restaurantId: string; number: number; status: OrderStatus },
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

/**
 * Who cancels an order on the staff's side, and why (decision 0119): a waiter or a manager
 * (their reason is the diner's to read); `also` runs in the cancel's transaction once the order
 * is cancelled (a tip refunded with it) and returns what it tells.
 */
export interface StaffCancel {
  waiter?: ActingWaiter
  manager?: { id: string; name: string }
  reason?: string | undefined
  also?: (trx: Transaction<Database>, cancelled: OrderRow) => Promise<OutboxEntry[]>
}

/** What the parts of the order service share: its deps, the clock, the orders' repository. */
export interface OrderServiceContext {
  deps: OrderServiceDeps
  now: () => Date
  repository: OrderRepository
  restaurantOf: (id: string) => Promise<Restaurant>
  /** An order as it leaves the service: with how it was paid. Not in a transaction. */
  view: (row: OrderRow) => Promise<Order>
}

export function createOrderServiceContext(deps: OrderServiceDeps): OrderServiceContext {
  return {
    deps,
    now: deps.now ?? (() => new Date()),
    repository: createOrderRepository(deps.db, {
      ...(deps.alerts ? { placedAlertKind: deps.alerts.placedKind } : {}),
      // Their outbox entries go out: one kick for all the orders a statement placed.
      placed: () => void deps.outbox.kick(),
    }),
    view: async (row) => toOrder(row, (await deps.paidWith([row])).get(row.id) ?? []),
    restaurantOf: async (id) => {
      const restaurant = await deps.restaurants.get(id)
      if (!restaurant) throw notFound(UNKNOWN_RESTAURANT)
      return restaurant
    },
  }
}
