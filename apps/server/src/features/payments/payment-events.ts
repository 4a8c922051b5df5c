import { orderChannel } from '@tableside/contracts/orders'
import { floorOrderChanged } from '@tableside/contracts/garcon-floor'
import { paymentUpdated } from '@tableside/contracts/payments'
import { garconChannel } from '@tableside/contracts/table-events'
import { publishEntry } from '../outbox/outbox'
import type { OutboxEntry } from '../outbox/outbox-repository'
import { billUpdatedEntry, kitchenEntriesOf, orderUpdatedEntry } from '../orders/order-events'
import type { OrderRow } from '../orders/order-repository'
import type { PaymentRow } from './payment-repository'

/**
 * What a payment's change tells, as outbox entries (decision 0015, issue 13): the payment
 * itself only on its own order's channel, whose holder started it; the orders it paid or
 * refunded on theirs; and to the tables only that the bill changed, with no ids. A bill
 * payment's starter follows it by its id (`GET /payments/{id}`), refreshed on `bill.updated`.
 */
export function paymentUpdateEntries(
  row: PaymentRow,
  changedOrders: readonly OrderRow[],
  sessions: readonly string[],
): OutboxEntry[] {
  const entries: OutboxEntry[] = []
  if (row.orderId) {
    entries.push(
      publishEntry(orderChannel(row.orderId), paymentUpdated, {
        id: row.id,
        status: row.status,
        failureReason: row.failureReason,
        orderId: row.orderId,
        amount: row.amount,
      }),
    )
  }
  for (const order of changedOrders) {
    // The kitchen's tickets say where the order's money is too (decision 0113).
    entries.push(orderUpdatedEntry(order), ...kitchenEntriesOf(order))
  }
  const tables = new Set(sessions)
  if (row.tableSessionId) tables.add(row.tableSessionId)
  for (const order of changedOrders) if (order.tableSessionId) tables.add(order.tableSessionId)
  for (const session of tables) entries.push(billUpdatedEntry(session))
  return entries
}

/**
 * `floor.order-changed` to the restaurant's waiters (`waiterIds`) for each order whose money
 * changed: their floors read it again (decision 0113).
 */
export function floorOrderEntries(
  waiterIds: readonly string[],
  orders: readonly Pick<OrderRow, 'id'>[],
): OutboxEntry[] {
  if (waiterIds.length === 0) return []
  const channels = waiterIds.map(garconChannel)
  return orders.map((order) => publishEntry(channels, floorOrderChanged, { orderId: order.id }))
}
