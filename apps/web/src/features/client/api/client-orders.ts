import { queryOptions, useQuery } from '@tanstack/react-query'
import { listClientOrders } from '@tableside/contracts/client'
import type { ApiClient } from '../../../lib/api-client'
import { useApiClient } from '../../../lib/app-context'
import { clientQueryKey } from './client-me'

/** A page of the history: the newest, or the one after the order `before`. */
export function clientOrdersQueryOptions(
  api: ApiClient,
  restaurantId: string,
  token: string,
  before?: string,
) {
  return queryOptions({
    // Under the client's key: signing out removes it with the rest of the profile.
    queryKey: [...clientQueryKey, 'orders', restaurantId, token, before ?? null],
    queryFn: ({ signal }) =>
      api.callEndpoint(listClientOrders, {
        query: before ? { restaurantId, before } : { restaurantId },
        signal,
      }),
    // Fetched again each time the screen opens: an order placed a minute ago belongs in it.
    staleTime: 0,
  })
}

/**
 * A page of the signed-in diner's orders at the restaurant, newest first (older than `before`
 * when given); idle without a token.
 */
export function useClientOrders(restaurantId: string, token: string | undefined, before?: string) {
  const api = useApiClient()
  return useQuery({
    ...clientOrdersQueryOptions(api, restaurantId, token ?? '', before),
    enabled: token !== undefined,
  })
}
