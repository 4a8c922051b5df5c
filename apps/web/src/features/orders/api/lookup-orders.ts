import { queryOptions } from '@tanstack/react-query'
import { lookupOrders, MAX_LOOKUP_ORDERS } from '@tableside/contracts/orders'
import type { ApiClient } from '../../../lib/api-client'

/** Summaries of the orders this device placed at a restaurant, newest first. */
export function myOrdersQueryOptions(api: ApiClient, restaurantId: string, ids: readonly string[]) {
  const asked = ids.slice(0, MAX_LOOKUP_ORDERS)
  return queryOptions({
    queryKey: ['restaurants', restaurantId, 'my-orders', asked],
    queryFn: async ({ signal }) =>
      (
        await api.callEndpoint(lookupOrders, {
          params: { restaurantId },
          body: { ids: asked },
          signal,
        })
      ).orders,
    enabled: asked.length > 0,
    // Statuses move during the meal; a list that is open stays roughly current.
    refetchInterval: 30_000,
  })
}
