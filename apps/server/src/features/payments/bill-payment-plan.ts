import { billItemsAmount, equalShare, type BillPaymentChoice } from '@tableside/contracts/payments'
import type { Allocation } from '../../db/schema'
import { MINOR_PER_POINT } from '../bonus/bonus-ledger'
import { HttpError } from '../../http/http-error'
import type { OrderRow } from '../orders/order-repository'
import type { PaymentRow } from './payment-repository'

/** An order as a bill payment sees it. */
export type PayableOrder = Pick<
  OrderRow,
  'id' | 'number' | 'status' | 'lines' | 'subtotal' | 'serviceCharge' | 'total' | 'paidAmount'
>

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
): BillHolds {
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
  return { byOrder, pending, splitBy }
}

export interface BillPaymentPlan {
  amount: number
  allocations: Allocation[]
  splitBy: 'items' | 'amounts' | null
}

/**
 * What a bill payment of `choice` charges and how it is shared among the table's orders, given
 * what is paid and held already; refuses a choice the bill no longer allows.
 */
export function planBillPayment(
  payable: readonly PayableOrder[],
  holds: BillHolds,
  choice: BillPaymentChoice,
): BillPaymentPlan {
  const billOrders = payable.map((order) => {
    const hold = holds.byOrder.get(order.id)
    return {
      ...order,
      paidAmount: order.paidAmount + (hold?.held ?? 0),
      paidQuantities: hold?.quantities ?? [],
      totals: { subtotal: order.subtotal, serviceCharge: order.serviceCharge, total: order.total },
    }
  })
  const due = billOrders.reduce((sum, order) => sum + order.total - order.paidAmount, 0)
  if (choice.mode === 'items') {
    if (holds.splitBy === 'amounts') {
      throw new HttpError(
        409,
        'split_closed',
        'This bill is being split by amounts; pay a share or the rest.',
      )
    }
    const priced = billItemsAmount({ orders: billOrders }, choice.items)
    if ('error' in priced) throw new HttpError(409, 'items_unavailable', priced.error)
    const allocations = billOrders.flatMap((order) => {
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
    return { amount: priced.amount, allocations, splitBy: 'items' }
  }
  if (choice.mode === 'share' && holds.splitBy === 'items') {
    throw new HttpError(
      409,
      'split_closed',
      'This bill is being paid by items; choose items or pay the rest.',
    )
  }
  const amount = choice.mode === 'share' ? equalShare(due, choice.parts) : due
  const allocations: Allocation[] = []
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
  return { amount, allocations, splitBy: choice.mode === 'share' ? 'amounts' : holds.splitBy }
}

/**
 * Shares `points` among a payment's allocations in proportion to what each pays (decision
 * 0060): whole points, the rest of the rounding to the largest, none worth more than its
 * allocation. Each allocation's `amount` stays what it pays in all, money and points.
 */
export function sharePoints(allocations: readonly Allocation[], points: number): Allocation[] {
  const total = allocations.reduce((sum, allocation) => sum + allocation.amount, 0)
  if (points <= 0 || total <= 0) return [...allocations]
  const shared = allocations.map((allocation) =>
    Math.min(
      Math.floor(allocation.amount / MINOR_PER_POINT),
      Math.floor((points * allocation.amount) / total),
    ),
  )
  let left = points - shared.reduce((sum, share) => sum + share, 0)
  const byAmount = allocations
    .map((allocation, index) => ({ index, amount: allocation.amount }))
    .sort((a, b) => b.amount - a.amount)
  for (const { index, amount } of byAmount) {
    if (left <= 0) break
    const room = Math.floor(amount / MINOR_PER_POINT) - (shared[index] ?? 0)
    const more = Math.min(room, left)
    shared[index] = (shared[index] ?? 0) + more
    left -= more
  }
  return allocations.map((allocation, index) =>
    shared[index] ? { ...allocation, points: shared[index] } : allocation,
  )
}
