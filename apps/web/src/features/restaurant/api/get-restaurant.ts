import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { getRestaurantRoute, RESTAURANT_ID_PATTERN } from '@tableside/contracts/first-screen-reads'
import type { ApiClient } from '../../../lib/api-client'
import { isApiError } from '../../../lib/api-error'
import { notFound } from '../../../lib/http-status-error'

/** Read on every diner's first screen: checked against its schema once the screen is drawn. */
const getRestaurant = {
  route: getRestaurantRoute,
  load: async () => (await import('@tableside/contracts/restaurants')).getRestaurant,
}

export function restaurantQueryOptions(api: ApiClient, restaurantId: string) {
  return queryOptions({
    queryKey: ['restaurants', restaurantId],
    queryFn: ({ signal }) => api.readFirst(getRestaurant, { params: { restaurantId }, signal }),
    // A restaurant's name and language change rarely; keep it across the visit.
    staleTime: 5 * 60_000,
  })
}

/**
 * Loads a restaurant into the query cache for a route loader. An id that cannot exist or an
 * API 404 becomes the router's 404 page.
 */
export async function ensureRestaurant(
  queryClient: QueryClient,
  api: ApiClient,
  restaurantId: string | undefined,
): Promise<Restaurant> {
  if (restaurantId === undefined || !RESTAURANT_ID_PATTERN.test(restaurantId)) {
    throw notFound(`No restaurant "${restaurantId ?? ''}"`)
  }
  try {
    return await queryClient.query(restaurantQueryOptions(api, restaurantId))
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw notFound(error.message)
    throw error
  }
}
