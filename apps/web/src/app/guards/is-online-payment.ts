import { redirect, type LoaderFunctionArgs } from 'react-router'
import { paths } from '../../config/paths'

/**
 * The `is-online-payment` guard (spec §2): the loader of `order/:id/pay`. DESIGN §6: it lets
 * through only an unpaid order with an online payment method at a restaurant with online
 * payment on. Orders do not exist yet, so nothing qualifies and every visit goes back to the
 * order. The payments feature fills it in: it becomes `isOnlinePayment(deps)` returning this
 * loader (like `restaurantLoader`), loads the order with `deps.queryClient.query(...)` and
 * returns `null` when the order may be paid online.
 */
export function isOnlinePayment({ params }: LoaderFunctionArgs) {
  return redirect(paths.order(params.restaurant_id ?? '', params.id ?? ''))
}
