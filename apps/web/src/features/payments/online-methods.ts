import type { OnlinePaymentMethod } from '@tableside/contracts/payments'
import type { PaymentMethod, RestaurantSettings } from '@tableside/contracts/restaurants'

export const isOnlineMethod = (method: PaymentMethod): method is OnlinePaymentMethod =>
  method === 'card' || method === 'sbp'

/** The online ways to pay the restaurant takes now, in its order; none when online payment is off. */
export function onlinePaymentMethods(
  settings: Pick<RestaurantSettings, 'paymentMethods' | 'onlinePayment'>,
): OnlinePaymentMethod[] {
  return settings.onlinePayment ? settings.paymentMethods.filter(isOnlineMethod) : []
}
