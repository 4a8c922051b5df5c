import * as z from 'zod/mini'
import { orderStatus } from './order-status'
import { paymentStatus, statusChange } from './orders'
import type { RealtimeEvent } from './realtime-events'
import { tableRef, tableSessionEnd } from './table-sessions'
import { money } from './text'
import { waiterCall } from './waiter-calls'

/**
 * An order moved on (status or payment), on `private-order.{id}`: small enough to patch an
 * open order screen without a refetch. The table's channel hears `bill.updated` instead, since
 * an order's id is its placer's to share.
 */
export const orderUpdated = {
  name: 'order.updated',
  data: z.object({
    id: z.string(),
    number: z.int(),
    status: orderStatus,
    paymentStatus,
    paidAmount: money,
    updatedAt: z.string(),
    history: z.array(statusChange),
    cancellable: z.boolean(),
  }),
} as const satisfies RealtimeEvent

/** Something on the table's bill changed (an order placed, moved on or paid): refetch it. */
export const billUpdated = {
  name: 'bill.updated',
  data: z.object({ sessionId: z.string() }),
} as const satisfies RealtimeEvent

/** The table session ended; the phones at the table show the session-expiry notice. */
export const tableSessionClosed = {
  name: 'table-session.closed',
  data: z.object({ sessionId: z.string(), reason: tableSessionEnd }),
} as const satisfies RealtimeEvent

/**
 * The waiter moved the guests to another table: the session (same id), its orders and its bill
 * went with them, so the phones show the new table.
 */
export const tableSessionMoved = {
  name: 'table-session.moved',
  data: z.object({ sessionId: z.string(), table: tableRef }),
} as const satisfies RealtimeEvent

/** A waiter call was made, acknowledged or done: on the table's channel and its waiters'. */
export const waiterCallUpdated = {
  name: 'waiter-call.updated',
  data: waiterCall,
} as const satisfies RealtimeEvent

/** A new order at a table the waiter serves (or at the restaurant, for a delivery or pickup). */
export const orderPlaced = {
  name: 'order.placed',
  data: z.object({
    id: z.string(),
    number: z.int(),
    type: z.string(),
    tableLabel: z.nullable(z.string()),
  }),
} as const satisfies RealtimeEvent

/** Private channel of one waiter: calls, new orders at their tables, tips (DESIGN §5). */
export const garconChannel = (waiterId: string) => `private-garcon.${waiterId}`

/**
 * Presence channel of a restaurant's waiters on shift: only they may join, each with
 * `user_info` `{ name, initials }` (the members list is who is working now).
 */
export const garconShiftChannel = (restaurantId: string) => `presence-garcon-shift.${restaurantId}`

/** What a member of `garconShiftChannel` shows of themself. */
export interface GarconShiftMember {
  name: string
  initials: string
}
