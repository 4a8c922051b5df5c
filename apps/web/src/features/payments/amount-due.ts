import type { Order } from '@tableside/contracts/orders'

/** What is left to pay of an order: its total less what is paid (online or through the bill). */
export function amountDue(order: Pick<Order, 'totals' | 'paidAmount'>): number {
  return Math.max(order.totals.total - order.paidAmount, 0)
}
