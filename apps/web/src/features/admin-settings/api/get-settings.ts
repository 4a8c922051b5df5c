import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { getAdminSettings } from '@tableside/contracts/admin-settings'
import type { ApiClient } from '../../../lib/api-client'
import { useApiClient } from '../../../lib/app-context'

export const settingsKey = ['admin', 'settings'] as const

export function settingsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: settingsKey,
    queryFn: ({ signal }) => api.callEndpoint(getAdminSettings, { signal }),
    staleTime: 30_000,
  })
}

export function useSettings() {
  return useQuery(settingsQueryOptions(useApiClient()))
}

/** The settings as saved now, past the cached copy: after a save refused as made from older ones. */
export function useReloadSettings() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return () => queryClient.query({ ...settingsQueryOptions(api), staleTime: 0 })
}
