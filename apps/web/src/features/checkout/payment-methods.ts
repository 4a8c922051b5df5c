import type { OrderType, PaymentMethod, RestaurantSettings } from '@tableside/contracts/restaurants'

/**
 * The one switch for paying online: card and SBP need the payments flow (its own issue);
 * until it lands the server refuses them, so only cash is offered. Turn this on with it.
 */
export const ONLINE_PAYMENTS_READY: boolean = false

/** The ways of paying a diner is offered, in the restaurant's order. */
export function offeredPaymentMethods(restaurant: {
  settings: Pick<RestaurantSettings, 'paymentMethods' | 'onlinePayment'>
}): PaymentMethod[] {
  const { paymentMethods, onlinePayment } = restaurant.settings
  return paymentMethods.filter(
    (method) => method === 'cash' || (ONLINE_PAYMENTS_READY && onlinePayment),
  )
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
