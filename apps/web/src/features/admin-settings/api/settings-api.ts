import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  getAdminSettings,
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
