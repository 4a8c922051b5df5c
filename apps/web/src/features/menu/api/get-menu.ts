import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { getMenuRoute } from '@tableside/contracts/first-screen-reads'
import type { ApiClient } from '../../../lib/api-client'

/** The first screen's menu: checked against its schema once the screen is drawn. */
const getMenu = {
  route: getMenuRoute,
  load: async () => (await import('@tableside/contracts/menu')).getMenu,
}

export function menuQueryOptions(api: ApiClient, restaurantId: string) {
  return queryOptions({
    queryKey: ['restaurants', restaurantId, 'menu'],
    queryFn: ({ signal }) => api.readFirst(getMenu, { params: { restaurantId }, signal }),
    // Live stop-list events keep it current; a refetch is cheap (ETag, 304).
    staleTime: 60_000,
  })
}

/**
 * Starts loading the menu for the route loader without holding the screen: the menu route
 * shows its skeleton until it arrives, and an error there (not the error page) offers a retry.
 */
export function prefetchMenu(queryClient: QueryClient, api: ApiClient, restaurantId: string) {
  queryClient.query(menuQueryOptions(api, restaurantId)).catch(() => undefined)
}

/** The menu from the query cache, however old (the screen refreshes it), or from the API. */
export function ensureMenu(queryClient: QueryClient, api: ApiClient, restaurantId: string) {
  return queryClient.query({ ...menuQueryOptions(api, restaurantId), staleTime: 'static' })
}
