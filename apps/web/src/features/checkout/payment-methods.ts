import type { OrderType, PaymentMethod, RestaurantSettings } from '@tableside/contracts/restaurants'

/**
 * The ways of paying a diner is offered, in the restaurant's order: cash always, card and SBP
 * while the restaurant takes payments online.
 */
export function offeredPaymentMethods(restaurant: {
  settings: Pick<RestaurantSettings, 'paymentMethods' | 'onlinePayment'>
}): PaymentMethod[] {
  const { paymentMethods, onlinePayment } = restaurant.settings
  return paymentMethods.filter((method) => method === 'cash' || onlinePayment)
}

/** Who takes the cash: the waiter, the courier, the counter. */
export function cashHintKey(type: OrderType): 'cashWaiter' | 'cashCourier' | 'cashCounter' {
  switch (type) {
    case 'dine_in':
    case 'preorder':
      return 'cashWaiter'
    case 'delivery':
      return 'cashCourier'
    case 'pickup':
      return 'cashCounter'
  }
}
