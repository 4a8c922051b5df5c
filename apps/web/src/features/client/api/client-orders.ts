import { queryOptions, useQuery } from '@tanstack/react-query'
import { listClientOrders } from '@tableside/contracts/client'
import type { ApiClient } from '../../../lib/api-client'
import { useApiClient } from '../../../lib/app-context'
import { clientQueryKey } from './client-me'

export function clientOrdersQueryOptions(api: ApiClient, restaurantId: string, token: string) {
  return queryOptions({
    // Under the client's key: signing out removes it with the rest of the profile.
    queryKey: [...clientQueryKey, 'orders', restaurantId, token],
    queryFn: ({ signal }) =>
      api.callEndpoint(listClientOrders, { query: { restaurantId }, signal }),
    // Fetched again each time the screen opens: an order placed a minute ago belongs in it.
    staleTime: 0,
  })
}

/** The signed-in diner's orders at the restaurant, newest first; idle without a token. */
export function useClientOrders(restaurantId: string, token: string | undefined) {
  const api = useApiClient()
  return useQuery({
    ...clientOrdersQueryOptions(api, restaurantId, token ?? ''),
    enabled: token !== undefined,
  })
}
