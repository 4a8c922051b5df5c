import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  getAdminSettings,
  listTimeZones,
  updateAdminSettings,
  type AdminSettingsBody,
} from '@tableside/contracts/admin-settings'
import type { ApiClient } from '../../../lib/api-client'
import { useApiClient } from '../../../lib/app-context'

const settingsKey = ['admin', 'settings'] as const

export function settingsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: settingsKey,
    queryFn: ({ signal }) => api.callEndpoint(getAdminSettings, { signal }),
    staleTime: 30_000,
  })
}

/** The time zones the server takes: they change only with the database's zone files. */
export function timeZonesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['admin', 'time-zones'],
    queryFn: ({ signal }) => api.callEndpoint(listTimeZones, { signal }),
    staleTime: Infinity,
  })
}

/** Saves the whole form; the answer is what the server kept, and the form starts over from it. */
export function useSaveSettings() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: ['admin', 'save-settings'],
    mutationFn: (body: AdminSettingsBody) => api.callEndpoint(updateAdminSettings, { body }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  })
}

/** The settings as saved now, past the cached copy: after a save refused as made from older ones. */
export function useReloadSettings() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return () => queryClient.query({ ...settingsQueryOptions(api), staleTime: 0 })
}
