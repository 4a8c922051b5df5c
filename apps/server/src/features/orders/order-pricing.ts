import type { CartLine } from '@tableside/contracts/cart'
import type { CheckoutQuote, OrderTotals } from '@tableside/contracts/orders'
import type { OrderType, RestaurantSettings } from '@tableside/contracts/restaurants'
import type { MenuSnapshot } from '../menu/menu-snapshot'
import { assertOrderWithinBounds, quoteCart } from '../menu/quote'

/** Service charge on the subtotal, in basis points, rounded to the nearest minor unit. */
export function serviceChargeOf(subtotal: number, basisPoints: number): number {
  return Math.round((subtotal * basisPoints) / 10_000)
}

/**
 * Every amount of a checkout, from the server's menu and the restaurant's settings: what the
 * diner sees before confirming is exactly what the order will cost. An order past the bounds
 * of the contracts is refused here (`order_too_large`), before anything is written.
 */
export function priceCheckout(
  snapshot: MenuSnapshot,
  settings: RestaurantSettings,
  type: OrderType,
  lines: readonly CartLine[],
): CheckoutQuote {
  const quote = quoteCart(snapshot, { lines: [...lines] })
  const { subtotal } = quote
  const delivery = type === 'delivery' ? settings.delivery : null
  const freeDelivery = delivery?.freeFrom != null && subtotal >= delivery.freeFrom
  const deliveryFee = delivery && !freeDelivery ? delivery.fee : 0
  // Service is what waiters give at the table; a delivery or a pickup has none.
  const serviceCharge =
    type === 'dine_in' || type === 'preorder'
      ? serviceChargeOf(subtotal, settings.serviceChargeBasisPoints)
      : 0
  const totals: OrderTotals = {
    subtotal,
    serviceCharge,
    deliveryFee,
    discount: 0,
    tip: 0,
    total: subtotal + serviceCharge + deliveryFee,
  }
  assertOrderWithinBounds(quote, totals.total)
  const belowMinimum = delivery !== null && subtotal < delivery.minOrder
  return {
    quote,
    totals,
    minimumOrder: delivery ? delivery.minOrder : null,
    freeDeliveryFrom: delivery ? delivery.freeFrom : null,
    orderable: quote.orderable && !belowMinimum,
  }
}
