import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { CartLine } from '@tableside/contracts/cart'
import { quoteCheckout } from '@tableside/contracts/orders'
import type { OrderType } from '@tableside/contracts/restaurants'
import type { ApiClient } from '../../../lib/api-client'
import { useApiClient } from '../../../lib/app-context'

export const checkoutQuoteKey = (restaurantId: string) =>
  ['restaurants', restaurantId, 'checkout-quote'] as const

/**
 * Every amount of the checkout before the diner confirms (service charge, delivery fee,
 * total): a POST, but a pure computation, so it is cached like a read, keyed by type and lines.
 */
export function checkoutQuoteQueryOptions(
  api: ApiClient,
  restaurantId: string,
  type: OrderType,
  lines: readonly CartLine[],
) {
  return queryOptions({
    queryKey: [...checkoutQuoteKey(restaurantId), type, lines],
    queryFn: ({ signal }) =>
      api.callEndpoint(quoteCheckout, {
        params: { restaurantId },
        body: { type, lines: [...lines] },
        signal,
      }),
    staleTime: 10_000,
    enabled: lines.length > 0,
    placeholderData: keepPreviousData,
  })
}

/** The checkout's amounts for an order type; none asked before a type is chosen. */
export function useCheckoutQuote(
  restaurantId: string,
  type: OrderType | null,
  lines: readonly CartLine[],
) {
  return useQuery({
    ...checkoutQuoteQueryOptions(useApiClient(), restaurantId, type ?? 'pickup', lines),
    enabled: type !== null && lines.length > 0,
  })
}
