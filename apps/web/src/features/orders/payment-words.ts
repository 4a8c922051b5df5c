import type { Order } from '@tableside/contracts/orders'

/**
 * How an order is paid, as `orderWords` says it. Paying in person goes to whoever hands the
 * order over: the waiter at the table (and for a pre-order, at the table booked), the counter
 * on pickup, the courier on delivery.
 */
export function paymentWordKey(order: Pick<Order, 'type' | 'paymentMethod'>) {
  if (order.paymentMethod !== 'cash') return order.paymentMethod
  switch (order.type) {
    case 'dine_in':
    case 'preorder':
      return 'cash'
    case 'pickup':
      return 'cashOnPickup'
    case 'delivery':
      return 'cashToCourier'
  }
}
