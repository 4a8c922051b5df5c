import { IDEMPOTENCY_KEY_HEADER, placeOrder, type Order } from '@tableside/contracts/orders'
import type { PlaceOrderBody } from '@tableside/contracts/orders'
import type { ApiClient } from '../../../lib/api-client'

/** A request that hears nothing for this long is given up and sent again (same key). */
export const PLACE_ORDER_TIMEOUT_MS = 20_000

/** One try at placing an order; the same key and body always give back the same order. */
export function placeOrderOnce(
  api: ApiClient,
  restaurantId: string,
  key: string,
  body: PlaceOrderBody,
  signal: AbortSignal,
): Promise<Order> {
  return api.callEndpoint(placeOrder, {
    params: { restaurantId },
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: key },
    signal: AbortSignal.any([signal, AbortSignal.timeout(PLACE_ORDER_TIMEOUT_MS)]),
  })
}
