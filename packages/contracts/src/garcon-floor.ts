import * as z from 'zod/mini'
import { cartLine, MAX_CART_LINES } from './cart'
import { defineEndpoint } from './endpoint'
import { orderStatus } from './order-status'
import type { RealtimeEvent } from './realtime-events'
import {
  contact,
  deliveryAddress,
  MAX_ORDER_COMMENT,
  order,
  orderLine,
  paidWith,
  paymentStatus,
} from './orders'
import { paymentMethod } from './restaurants'
import { tableRef, tableSessionId } from './table-sessions'
import { billMoney, localizedText, money } from './text'
import { waiterCallId, waiterCallReason, waiterCallStatus, waiterRef } from './waiter-calls'

/**
 * The waiter's floor (issue 15, decision 0044): their tables as they are now, and what a waiter
 * does to a table's session as a whole (cash for all of it, close it, move it, order for it).
 */

const floorOrderShape = {
  id: z.string(),
  number: z.int(),
  status: orderStatus,
  placedAt: z.string(),
  /** The waiter who placed it for the table; null when a diner's phone did. */
  placedBy: z.nullable(z.object({ name: z.string() })),
  lines: z.array(orderLine),
  total: money,
  paidAmount: money,
  paymentMethod,
  paymentStatus,
  /** How it was actually paid so far (issue 28). */
  paidWith,
  comment: z.nullable(z.string()),
}

/** An order as the waiter sees it on the floor: its number, who placed it, what and how far. */
export const floorOrder = z.object(floorOrderShape)
export type FloorOrder = z.infer<typeof floorOrder>

/**
 * An order without a table (a delivery, a pickup or a pre-order): besides what the floor shows of
 * any order, whom it is for, where it goes and when it is wanted (null: as soon as possible).
 */
export const tablelessOrder = z.object({
  ...floorOrderShape,
  type: z.enum(['delivery', 'pickup', 'preorder']),
  contact: z.nullable(contact),
  address: z.nullable(deliveryAddress),
  scheduledFor: z.nullable(z.string()),
  guests: z.nullable(z.int()),
})
export type TablelessOrder = z.infer<typeof tablelessOrder>

/** Open orders without a table the floor lists at most, the soonest wanted first. */
export const MAX_TABLELESS_ORDERS = 50

/** A call not yet done; `createdAt` says how long the guests have waited. */
export const floorCall = z.object({
  id: waiterCallId,
  reason: waiterCallReason,
  comment: z.nullable(z.string()),
  status: waiterCallStatus,
  createdAt: z.string(),
  acknowledgedAt: z.nullable(z.string()),
  acknowledgedBy: z.nullable(waiterRef),
})
export type FloorCall = z.infer<typeof floorCall>

/** A table's open session: its orders (oldest first), its money and its open calls. */
export const floorSession = z.object({
  id: tableSessionId,
  openedAt: z.string(),
  lastActivityAt: z.string(),
  expiresAt: z.string(),
  orders: z.array(floorOrder),
  totals: z.object({
    /** What the orders that are not cancelled come to. */
    total: billMoney,
    paid: billMoney,
    /** Being paid now: held by online payments in progress (still in `due` until it arrives). */
    pending: billMoney,
    /** What has not arrived yet: `total` less `paid`, as the table's bill says. */
    due: billMoney,
  }),
  calls: z.array(floorCall),
})
export type FloorSession = z.infer<typeof floorSession>

export const floorTable = z.object({
  code: z.string(),
  label: z.string(),
  zone: z.nullable(localizedText),
  enabled: z.boolean(),
  /** Null while nobody sits there. */
  session: z.nullable(floorSession),
})
export type FloorTable = z.infer<typeof floorTable>

export const garconFloor = z.object({
  currency: z.string(),
  /** The signed-in waiter's tables, by zone then code. */
  tables: z.array(floorTable),
  /**
   * The restaurant's open orders without a table, which every waiter may run: the soonest wanted
   * first (`MAX_TABLELESS_ORDERS` at most).
   */
  tableless: z.array(tablelessOrder),
})
export type GarconFloor = z.infer<typeof garconFloor>

export const getGarconFloor = defineEndpoint({
  method: 'GET',
  path: '/garcon/floor',
  summary:
    "The signed-in waiter's tables, each with its open session: orders, what is due and paid, open calls",
  tags: ['garcon'],
  status: 200,
  response: garconFloor,
})

/** The cash the waiter took for a whole table: once per Idempotency-Key. */
export const tableCashSettlement = z.object({
  sessionId: tableSessionId,
  amount: billMoney,
  currency: z.string(),
  /** The orders it paid. */
  orderNumbers: z.array(z.int()),
  at: z.string(),
})
export type TableCashSettlement = z.infer<typeof tableCashSettlement>

const sessionParams = z.object({ sessionId: tableSessionId })

export const recordTableCashPayment = defineEndpoint({
  method: 'POST',
  path: '/garcon/table-sessions/:sessionId/cash-paid',
  summary:
    'The waiter took cash for everything due at the table (header Idempotency-Key); 409 nothing_due or payment_in_progress',
  tags: ['garcon'],
  params: sessionParams,
  status: 200,
  response: tableCashSettlement,
})

export const closeTableSession = defineEndpoint({
  method: 'POST',
  path: '/garcon/table-sessions/:sessionId/close',
  summary:
    "Ends a table's session by hand once its bill is settled; 409 bill_not_settled or orders_in_progress",
  tags: ['garcon'],
  params: sessionParams,
  status: 200,
  response: z.object({ sessionId: tableSessionId, closedAt: z.string() }),
})

/** A table's code as people read it ("T7"), in any case. */
const tableCode = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{1,32}$/, 'A table code is 1–32 letters, digits, _ or -'))

export const moveTableSession = defineEndpoint({
  method: 'POST',
  path: '/garcon/table-sessions/:sessionId/move',
  summary:
    'Moves the guests (the session, its orders and bill) to another free table of the restaurant; 409 table_occupied',
  tags: ['garcon'],
  params: sessionParams,
  body: z.object({ tableCode }),
  status: 200,
  response: z.object({ sessionId: tableSessionId, table: tableRef }),
})

export const placeTableOrder = defineEndpoint({
  method: 'POST',
  path: '/garcon/table-sessions/:sessionId/orders',
  summary:
    'The waiter orders for guests without phones (header Idempotency-Key): paid at the table, the history names the waiter',
  tags: ['garcon'],
  params: sessionParams,
  body: z.object({
    lines: z
      .array(cartLine)
      .check(z.minLength(1, 'The order is empty'), z.maxLength(MAX_CART_LINES)),
    comment: z.optional(z.string().check(z.trim(), z.maxLength(MAX_ORDER_COMMENT))),
  }),
  status: 201,
  response: order,
})

/**
 * Where an order's money is changed (a payment started, failed, was given up or arrived): on
 * the restaurant's waiters' own channels, so a floor that shows the order reads it again at once
 * (decision 0113). It carries the order's id only; the floor is read with the waiter's token.
 */
export const floorOrderChanged = {
  name: 'floor.order-changed',
  data: z.object({ orderId: z.string() }),
} as const satisfies RealtimeEvent
