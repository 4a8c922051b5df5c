import { useMemo } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useApiClient } from '../../../lib/app-context'
import { quoteCartQueryOptions } from '../api/quote-cart'
import type { CartEntry } from '../cart-lines'
import { toCartLines } from '../cart-view'

/** The server's prices for the cart as it is now; the last prices stay while new ones load. */
export function useCartQuote(restaurantId: string, entries: readonly CartEntry[]) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  const lines = useMemo(() => toCartLines(entries), [entries])
  return useQuery(quoteCartQueryOptions(api, queryClient, restaurantId, lines))
}
