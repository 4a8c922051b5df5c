import { queryOptions } from '@tanstack/react-query'
import { getStories } from '@tableside/contracts/stories'
import type { ApiClient } from '../../../lib/api-client'

/** The restaurant's active stories; a menu loader may prefetch them so the row never waits. */
export function storiesQueryOptions(api: ApiClient, restaurantId: string) {
  return queryOptions({
    queryKey: ['restaurants', restaurantId, 'stories'],
    queryFn: async ({ signal }) =>
      (await api.callEndpoint(getStories, { params: { restaurantId }, signal })).stories,
    staleTime: 5 * 60_000,
  })
}
