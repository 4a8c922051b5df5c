import { useMutation, useQueryClient } from '@tanstack/react-query'
import { garconLogin } from '@tableside/contracts/garcon'
import { useApiClient } from '../../../lib/app-context'
import { saveLanguage } from '../../../lib/i18n/saved-language'
import { saveGarconToken } from '../garcon-session-store'
import { garconMeQueryKey } from './garcon-keys'

export interface WaiterCredentials {
  restaurantId: string
  login: string
  pin: string
}

/**
 * Login and PIN for a token, kept in the cookie; the waiter area then asks `garcon/me` with it
 * afresh (their shift and tables are not in the sign-in's answer). The waiter's own language,
 * if they chose one, becomes this device's.
 */
export function useGarconSignIn() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (credentials: WaiterCredentials) =>
      api.callEndpoint(garconLogin, { body: credentials }),
    onSuccess: ({ token, expiresAt, language }) => {
      queryClient.removeQueries({ queryKey: garconMeQueryKey })
      // The language the waiter chose in their profile follows them to this device.
      if (language) saveLanguage(language)
      saveGarconToken(token, expiresAt)
    },
  })
}
