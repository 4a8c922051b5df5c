import { queryOptions } from '@tanstack/react-query'
import { listGarconTables } from '@tableside/contracts/garcon'
import type { ApiClient } from '../../../lib/api-client'
import { GARCON_KEY } from './garcon-keys'

/** The restaurant's tables with who serves each; the waiter's own are `mine`. */
export function garconTablesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: [GARCON_KEY, 'tables'],
    queryFn: ({ signal }) => api.callEndpoint(listGarconTables, { signal }),
    staleTime: 60_000,
  })
}
