import type { CheckoutQuote, PlaceOrderBody } from '@tableside/contracts/orders'
import type { PaymentMethod, Restaurant } from '@tableside/contracts/restaurants'
import { HttpError } from '../../http/http-error'
import type { MenuSnapshot } from '../menu/menu-snapshot'
import { priceCheckout } from './order-pricing'
import type { OrderServiceDeps } from './order-service-context'
import { orderFieldProblems } from './order-validation'

export function acceptsPaymentMethod(restaurant: Restaurant, method: PaymentMethod): boolean {
  if (!restaurant.settings.paymentMethods.includes(method)) return false
  if (method === 'cash') return true
  return restaurant.settings.onlinePayment
}

/**
 * Everything that can refuse an order, before anything is written; the checkout priced from
 * `snapshot`, the restaurant's menu as this node holds it.
 */
export function checkPlacement(
  deps: Pick<OrderServiceDeps, 'checkSlot'>,
  restaurant: Restaurant,
  snapshot: MenuSnapshot,
  body: PlaceOrderBody,
  at: Date,
  { byWaiter = false }: { byWaiter?: boolean } = {},
): CheckoutQuote {
  const problems = orderFieldProblems(body)
  const { settings } = restaurant
  if (!settings.orderTypes.includes(body.type)) {
    problems.push({ path: 'body.type', message: 'This restaurant does not take such orders.' })
  }
  // A waiter's order is paid at the table, however the diners' app lets them pay.
  if (!byWaiter && !acceptsPaymentMethod(restaurant, body.paymentMethod)) {
    problems.push({
      path: 'body.paymentMethod',
      message: 'This way of paying is not available here.',
    })
  }
  if (problems.length > 0) {
    throw new HttpError(400, 'validation_failed', 'Some fields are missing or invalid.', problems)
  }

  const scheduledFor = body.scheduledFor ? new Date(body.scheduledFor) : null
  const slotProblem = deps.checkSlot(restaurant, body.type, scheduledFor, at)
  if (slotProblem) {
    throw new HttpError(409, 'slot_unavailable', slotProblem, [
      { path: 'body.scheduledFor', message: slotProblem },
    ])
  }

  const priced = priceCheckout(snapshot, settings, body.type, body.lines)
  const lineProblems = priced.quote.lines.flatMap((line, index) =>
    line.problem ? [{ index, problem: line.problem }] : [],
  )
  if (lineProblems.length > 0) {
    const gone = lineProblems.some(({ problem }) => problem.code !== 'invalid_modifiers')
    throw new HttpError(
      gone ? 409 : 400,
      gone ? 'dish_unavailable' : 'validation_failed',
      gone
        ? 'Some dishes cannot be ordered right now. Remove them and order again.'
        : 'Some options are not valid.',
      lineProblems.map(({ index, problem }) => ({
        path: `body.lines.${index}`,
        message: problem.message,
      })),
    )
  }
  if (!priced.orderable && priced.minimumOrder !== null) {
    throw new HttpError(
      409,
      'below_minimum_order',
      `Delivery starts from an order of ${String(priced.minimumOrder / 100)} ${snapshot.currency}.`,
    )
  }
  if (body.expectedTotal !== undefined && body.expectedTotal !== priced.totals.total) {
    throw new HttpError(
      409,
      'total_changed',
      'Prices changed since you looked. Check the new total and confirm again.',
    )
  }
  return priced
}
