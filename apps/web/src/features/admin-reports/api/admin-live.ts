import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { getAdminLive } from '@tableside/contracts/admin-reports'
import type { EndpointQuery } from '@tableside/contracts/endpoint'
import type { ApiClient } from '../../../lib/api-client'

export type LiveFilters = NonNullable<EndpointQuery<typeof getAdminLive>>

/**
 * How often the live screen asks again (decision 0072). The server answers with an ETag and
 * `no-cache`: the browser revalidates, and a poll that finds nothing new is a bodiless 304.
 */
export const LIVE_POLL_MS = 4_000

export function adminLiveQueryOptions(api: ApiClient, filters: LiveFilters) {
  return queryOptions({
    queryKey: ['admin', 'live', filters],
    queryFn: ({ signal }) => api.callEndpoint(getAdminLive, { query: filters, signal }),
    refetchInterval: LIVE_POLL_MS,
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
  })
}
