import { useMutation } from '@tanstack/react-query'
import {
  getAdminProfile,
  updateAdminProfile,
  type RestaurantProfileBody,
} from '@tableside/contracts/admin-profile'
import { useRuntimeConfig } from '../../../lib/app-context'
import { uploadPhoto } from '../../../components/admin/upload-photo'
import { fiscalSettingsKey } from './fiscal-settings'
import { useSaveSettingsPart, useSettingsPart } from './settings-part'

export const profileKey = ['admin', 'profile'] as const

/** The restaurant's profile as stored (decision 0115). */
export function useProfile() {
  return useSettingsPart(profileKey, (api, signal) => api.callEndpoint(getAdminProfile, { signal }))
}

/** Saves the whole profile; the answer is what the server kept, and the form starts over from it. */
export function useSaveProfile() {
  return useSaveSettingsPart({
    queryKey: profileKey,
    mutationKey: ['admin', 'save-profile'],
    save: (api, body: RestaurantProfileBody) => api.callEndpoint(updateAdminProfile, { body }),
    // What receipts still lack of the profile is said in the receipts' section.
    alsoStale: fiscalSettingsKey,
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
