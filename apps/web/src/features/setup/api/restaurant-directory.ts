import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { listRestaurants } from '@tableside/contracts/setup'
import type { ApiClient } from '../../../lib/api-client'

export const directoryKey = ['restaurants'] as const

/** The restaurants this server serves, and whether the first-run setup is open (`/`). */
export function directoryQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: directoryKey,
    queryFn: ({ signal }) => api.callEndpoint(listRestaurants, { signal }),
    staleTime: 10_000,
  })
}

/** Asked anew on every visit of `/`: a setup just made turns it into the restaurant's menu. */
export const ensureDirectory = (queryClient: QueryClient, api: ApiClient) =>
  queryClient.query({ ...directoryQueryOptions(api), staleTime: 0 })
