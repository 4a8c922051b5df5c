import { DINER_CANCELLABLE } from '@tableside/contracts/order-status'
import type { BillOrder, Order, OrderSummary, PaidWith } from '@tableside/contracts/orders'
import type { OrderRow } from './order-repository'

const totalsOf = (row: OrderRow) => ({
  subtotal: row.subtotal,
  serviceCharge: row.serviceCharge,
  deliveryFee: row.deliveryFee,
  discount: row.discount,
  tip: row.tip,
  total: row.total,
})

/** Nobody has accepted it yet and nothing of it is paid (a paid order is the waiter's to undo). */
export const dinerMayCancel = (row: OrderRow) =>
  DINER_CANCELLABLE.includes(row.status) && row.paymentStatus !== 'paid' && row.paidAmount === 0

/** An order as its diner and the staff read it; `paidWith` is payments' derivation (issue 28). */
export function toOrder(row: OrderRow, paidWith: PaidWith): Order {
  return {
    id: row.id,
    number: row.number,
    restaurantId: row.restaurantId,
    type: row.type,
    status: row.status,
    placedAt: row.placedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lines: row.lines,
    totals: totalsOf(row),
    currency: row.currency.trim(),
    table: row.tableRef,
    contact: row.contact,
    address: row.address,
    scheduledFor: row.scheduledFor?.toISOString() ?? null,
    guests: row.guests,
    comment: row.comment,
    paymentMethod: row.paymentMethod,
    paymentStatus: row.paymentStatus,
    paidWith,
    paidAmount: row.paidAmount,
    bonusPoints: row.bonusPoints,
    history: row.history,
    cancellable: dinerMayCancel(row),
  }
}

export function toOrderSummary(row: OrderRow, paidWith: PaidWith): OrderSummary {
  return {
    id: row.id,
    number: row.number,
    type: row.type,
    status: row.status,
    placedAt: row.placedAt.toISOString(),
    total: row.total,
    itemCount: row.lines.reduce((sum, line) => sum + line.quantity, 0),
    paymentStatus: row.paymentStatus,
    paymentMethod: row.paymentMethod,
    paidWith,
  }
}

/** An order as the whole table sees it on the bill: no id, which is its placer's to share. */
export function toBillOrder(
  row: OrderRow,
  paidWith: PaidWith,
  hold: { held: number; quantities: number[] } = { held: 0, quantities: [] },
): BillOrder {
  return {
    number: row.number,
    paidQuantities: row.lines.map((line, index) =>
      row.paymentStatus === 'paid'
        ? line.quantity
        : Math.min(line.quantity, hold.quantities[index] ?? 0),
    ),
    paidAmount: Math.min(row.total, row.paidAmount + hold.held),
    status: row.status,
    placedAt: row.placedAt.toISOString(),
    lines: row.lines,
    totals: totalsOf(row),
    paymentMethod: row.paymentMethod,
    paymentStatus: row.paymentStatus,
    paidWith,
  }
}
