import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { quoteCart, type CartLine, type Quote } from '@tableside/contracts/cart'
import type { ApiClient } from '../../../lib/api-client'

/** A quote and the lines it priced, so a line is matched to its price by key, not by place. */
export interface PricedCart {
  lines: readonly CartLine[]
  quote: Quote
}

const quotesKey = (restaurantId: string) => ['restaurants', restaurantId, 'cart-quote'] as const

/**
 * The server's prices for a cart. A POST, but a pure computation over the current menu, so it
 * is cached like a read: keyed by the lines; the last answer stays on screen while the next one loads
 * (keepPreviousData, and across screens the newest cached quote).
 */
export function quoteCartQueryOptions(
  api: ApiClient,
  queryClient: QueryClient,
  restaurantId: string,
  lines: readonly CartLine[],
) {
  return queryOptions({
    queryKey: [...quotesKey(restaurantId), lines],
    queryFn: async ({ signal }): Promise<PricedCart> => ({
      lines,
      quote: await api.callEndpoint(quoteCart, {
        params: { restaurantId },
        body: { lines: [...lines] },
        signal,
      }),
    }),
    // Prices and the stop-list change during service; a quote is re-checked after a short while.
    staleTime: 10_000,
    enabled: lines.length > 0,
    placeholderData: (previous) => previous ?? latestQuote(queryClient, restaurantId),
  })
}

/** The newest quote of this restaurant's cart in the cache, e.g. from before a line changed. */
function latestQuote(queryClient: QueryClient, restaurantId: string): PricedCart | undefined {
  let latest: { at: number; data: PricedCart } | undefined
  for (const [key, data] of queryClient.getQueriesData<PricedCart>({
    queryKey: quotesKey(restaurantId),
  })) {
    const at = queryClient.getQueryState(key)?.dataUpdatedAt ?? 0
    if (data && (!latest || at > latest.at)) latest = { at, data }
  }
  return latest?.data
}

/**
 * The menu changed (a dish on the stop-list, a new price): every cached quote of the cart is
 * priced again, so the cart says at once what is sold out.
 */
export function invalidateCartQuotes(queryClient: QueryClient, restaurantId: string): void {
  void queryClient.invalidateQueries({ queryKey: quotesKey(restaurantId) })
}
