import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { safeParse } from 'zod/mini'
import {
  getRestaurant,
  restaurantId as restaurantIdSchema,
  type Restaurant,
} from '@tableside/contracts/restaurants'
import type { ApiClient } from '../../../lib/api-client'
import { isApiError } from '../../../lib/api-error'
import { notFound } from '../../../lib/http-status-error'

export function restaurantQueryOptions(api: ApiClient, restaurantId: string) {
  return queryOptions({
    queryKey: ['restaurants', restaurantId],
    queryFn: ({ signal }) => api.callEndpoint(getRestaurant, { params: { restaurantId }, signal }),
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
  const id = safeParse(restaurantIdSchema, restaurantId)
  if (!id.success) throw notFound(`No restaurant "${restaurantId ?? ''}"`)
  try {
    return await queryClient.query(restaurantQueryOptions(api, id.data))
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw notFound(error.message)
    throw error
  }
}
