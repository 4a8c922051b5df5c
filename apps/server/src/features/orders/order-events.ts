import { kitchenChanged, kitchenChannel } from '@tableside/contracts/kitchen'
import type { OrderStatus } from '@tableside/contracts/order-status'
import { orderChannel } from '@tableside/contracts/orders'
import { billUpdated, orderUpdated } from '@tableside/contracts/table-events'
import { tableChannel } from '@tableside/contracts/table-sessions'
import { publishEntry } from '../outbox/outbox'
import type { OutboxEntry } from '../outbox/outbox-repository'
import type { OrderRow } from './order-repository'
import { dinerMayCancel } from './order-view'

/**
 * What an order's change tells, as outbox entries: the order itself on its own channel, and
 * only that "the bill changed" on the table's (an order's id is its placer's to share).
 */
export function orderUpdateEntries(row: OrderRow): OutboxEntry[] {
  const entries = [orderUpdatedEntry(row)]
  if (row.tableSessionId) entries.push(billUpdatedEntry(row.tableSessionId))
  return [...entries, ...kitchenEntriesOf(row)]
}

/** `kitchen.changed` for an order the kitchen's screens show (or just stopped showing). */
export function kitchenEntriesOf(row: OrderRow): OutboxEntry[] {
  return KITCHEN_HEARS.includes(row.status) ? [kitchenChangedEntry(row.restaurantId, row.id)] : []
}

/** The statuses that put an order on the kitchen's screen or take it off (decision 0070). */
const KITCHEN_HEARS: readonly OrderStatus[] = ['accepted', 'cooking', 'ready', 'cancelled']

/** `kitchen.changed` on the restaurant's kitchen channel: its screens refetch their tickets. */
export const kitchenChangedEntry = (restaurantId: string, orderId: string | null) =>
  publishEntry(kitchenChannel(restaurantId), kitchenChanged, { orderId })

/** What `order.updated` says of an order. */
export function orderUpdatedData(row: OrderRow) {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    paymentStatus: row.paymentStatus,
    paidAmount: row.paidAmount,
    updatedAt: row.updatedAt.toISOString(),
    history: row.history,
    cancellable: dinerMayCancel(row),
  }
}

/** `order.updated` on the order's own channel. */
export function orderUpdatedEntry(row: OrderRow): OutboxEntry {
  return publishEntry(orderChannel(row.id), orderUpdated, orderUpdatedData(row))
}

export const billUpdatedEntry = (sessionId: string) =>
  publishEntry(tableChannel(sessionId), billUpdated, { sessionId })
