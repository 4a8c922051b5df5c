import { queryOptions } from '@tanstack/react-query'
import { getStoriesRoute } from '@tableside/contracts/first-screen-reads'
import type { ApiClient } from '../../../lib/api-client'

/** Read on the menu's first screen: checked against its schema once the screen is drawn. */
const getStories = {
  route: getStoriesRoute,
  load: async () => (await import('@tableside/contracts/stories')).getStories,
}

/** The restaurant's active stories; a menu loader may prefetch them so the row never waits. */
export function storiesQueryOptions(api: ApiClient, restaurantId: string) {
  return queryOptions({
    queryKey: ['restaurants', restaurantId, 'stories'],
    queryFn: async ({ signal }) =>
      (await api.readFirst(getStories, { params: { restaurantId }, signal })).stories,
    staleTime: 5 * 60_000,
  })
}
