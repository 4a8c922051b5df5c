import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  getAdminProfile,
  updateAdminProfile,
  type RestaurantProfileBody,
} from '@tableside/contracts/admin-profile'
import { useApiClient, useRuntimeConfig } from '../../../lib/app-context'
import { uploadPhoto } from '../../../components/admin/upload-photo'
import { fiscalSettingsKey } from './fiscal-settings'

export const profileKey = ['admin', 'profile'] as const

/** The restaurant's profile as stored (decision 0115). */
export function useProfile() {
  const api = useApiClient()
  return useQuery({
    queryKey: profileKey,
    queryFn: ({ signal }) => api.callEndpoint(getAdminProfile, { signal }),
    staleTime: 30_000,
  })
}

/** Saves the whole profile; the answer is what the server kept, and the form starts over from it. */
export function useSaveProfile() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: ['admin', 'save-profile'],
    mutationFn: (body: RestaurantProfileBody) => api.callEndpoint(updateAdminProfile, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(profileKey, saved)
      // What receipts still lack of the profile is said in the receipts' section.
      void queryClient.invalidateQueries({ queryKey: fiscalSettingsKey })
    },
  })
}

/** The logo, uploaded as a dish's photo is (in every size), keyed under 'admin' like the saves. */
export function useLogoUpload() {
  const { apiBase } = useRuntimeConfig()
  return useMutation({
    mutationKey: ['admin', 'logo'],
    mutationFn: (file: Blob) => uploadPhoto(apiBase, file),
  })
}
