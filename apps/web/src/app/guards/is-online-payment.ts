import { redirect, type LoaderFunctionArgs } from 'react-router'
import type { Order } from '@tableside/contracts/orders'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { paths } from '../../config/paths'
import { isOrderId, orderQueryOptions } from '../../features/orders/api/get-order'
import { amountDue } from '../../features/payments/amount-due'
import { isOnlineMethod, onlinePaymentMethods } from '../../features/payments/online-methods'
import { ensureRestaurant } from '../../features/restaurant/api/get-restaurant'
import { isApiError } from '../../lib/api-error'
import type { OrderNotice } from '../routes/order-notice'
import type { AppDeps } from '../app-deps'

/**
 * Whether an order may be paid online now; otherwise why not, as the order screen's notice.
 * `undefined` notice with `ok: false`: the order is not this restaurant's (the order screen
 * says it is not found).
 */
export function onlinePaymentDecision(
  order: Order,
  restaurant: Restaurant,
): { ok: true } | { ok: false; notice?: OrderNotice } {
  if (order.restaurantId !== restaurant.id) return { ok: false }
  if (order.status === 'cancelled') return { ok: false, notice: 'cancelled' }
  if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') {
    return { ok: false, notice: 'already-paid' }
  }
  if (!isOnlineMethod(order.paymentMethod)) return { ok: false, notice: 'paid-in-cash' }
  if (onlinePaymentMethods(restaurant.settings).length === 0) {
    return { ok: false, notice: 'online-off' }
  }
  if (amountDue(order) <= 0) return { ok: false, notice: 'nothing-due' }
  return { ok: true }
}

/**
 * The `is-online-payment` guard (spec §2, DESIGN §6): the loader of `order/:id/pay`. It lets
 * through only an unpaid or partly paid order with an online method (card, SBP) at a
 * restaurant with online payment on; anything else goes back to the order, with a notice
 * saying why. The order and the restaurant land in the query cache for the Pay screen.
 */
export function isOnlinePayment({ queryClient, api }: Pick<AppDeps, 'queryClient' | 'api'>) {
  return async ({ params }: LoaderFunctionArgs) => {
    const restaurant = await ensureRestaurant(queryClient, api, params.restaurant_id)
    const orderId = params.id ?? ''
    const back = (notice?: OrderNotice) => redirect(paths.order(restaurant.id, orderId, { notice }))
    if (!isOrderId(orderId)) return back()
    let order: Order
    try {
      order = await queryClient.query({ ...orderQueryOptions(api, orderId), staleTime: 0 })
    } catch (error) {
      // The order screen explains a missing order; anything else is the error page's to say.
      if (isApiError(error) && error.status === 404) return back()
      throw error
    }
    const decision = onlinePaymentDecision(order, restaurant)
    return decision.ok ? null : back(decision.notice)
  }
}
