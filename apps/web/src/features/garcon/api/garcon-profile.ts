import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  changeGarconPin,
  getGarconProfile,
  listGarconDevices,
  signOutGarconDevice,
  updateGarconProfile,
} from '@tableside/contracts/garcon-profile'
import type { UiLanguage } from '@tableside/contracts/restaurants'
import type { ApiClient } from '../../../lib/api-client'
import { useApiClient } from '../../../lib/app-context'
import { saveLanguage } from '../../../lib/i18n/saved-language'
import { GARCON_KEY } from './garcon-keys'

const profileKey = [GARCON_KEY, 'profile'] as const
const devicesKey = [GARCON_KEY, 'devices'] as const

/** The waiter's name, login, chosen language and shift. */
export function garconProfileQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: profileKey,
    queryFn: ({ signal }) => api.callEndpoint(getGarconProfile, { signal }),
    staleTime: 60_000,
  })
}

/** The devices signed in as the waiter, this one first. */
export function garconDevicesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: devicesKey,
    queryFn: ({ signal }) => api.callEndpoint(listGarconDevices, { signal }),
  })
}

/** The waiter's language, kept on the server for every device, and spoken here at once. */
export function useSetGarconLanguage() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: [GARCON_KEY, 'language'],
    mutationFn: (language: UiLanguage) =>
      api.callEndpoint(updateGarconProfile, { body: { language } }),
    onMutate: (language) => saveLanguage(language),
    onSuccess: (profile) => queryClient.setQueryData(profileKey, profile),
  })
}

export interface PinChange {
  currentPin: string
  newPin: string
}

/** A new PIN for the current one; the other devices are signed out, so the list is asked again. */
export function useChangeGarconPin() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: [GARCON_KEY, 'pin'],
    mutationFn: (body: PinChange) => api.callEndpoint(changeGarconPin, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesKey }),
  })
}

export function useSignOutGarconDevice() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: [GARCON_KEY, 'device-sign-out'],
    mutationFn: (deviceId: string) =>
      api.callEndpoint(signOutGarconDevice, { params: { deviceId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicesKey }),
  })
}
