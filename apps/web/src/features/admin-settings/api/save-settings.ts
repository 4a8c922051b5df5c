import { useMutation, useQueryClient } from '@tanstack/react-query'
import { updateAdminSettings, type AdminSettingsBody } from '@tableside/contracts/admin-settings'
import { useApiClient } from '../../../lib/app-context'
import { settingsKey } from './get-settings'

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
