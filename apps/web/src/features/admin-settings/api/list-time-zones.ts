import { queryOptions, useQuery } from '@tanstack/react-query'
import { listTimeZones } from '@tableside/contracts/admin-settings'
import type { ApiClient } from '../../../lib/api-client'
import { useApiClient } from '../../../lib/app-context'

/** The time zones the server takes: they change only with the database's zone files. */
export function timeZonesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['admin', 'time-zones'],
    queryFn: ({ signal }) => api.callEndpoint(listTimeZones, { signal }),
    staleTime: Infinity,
  })
}

export function useTimeZones() {
  return useQuery(timeZonesQueryOptions(useApiClient()))
}
