import { useMutation, useQueryClient } from '@tanstack/react-query'
import { garconLogin } from '@tableside/contracts/garcon'
import { useApiClient } from '../../../lib/app-context'
import { saveGarconToken } from '../garcon-session-store'
import { garconMeQueryKey } from './garcon-keys'

export interface WaiterCredentials {
  restaurantId: string
  login: string
  pin: string
}

/** Login and PIN for a token: kept in the cookie, and the waiter known without asking again. */
export function useGarconSignIn() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (credentials: WaiterCredentials) =>
      api.callEndpoint(garconLogin, { body: credentials }),
    onSuccess: ({ token, expiresAt, waiter }) => {
      queryClient.setQueryData(garconMeQueryKey, waiter)
      saveGarconToken(token, expiresAt)
    },
  })
}
