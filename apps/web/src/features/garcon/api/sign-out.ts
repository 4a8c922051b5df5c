import { useMutation, useQueryClient } from '@tanstack/react-query'
import { garconLogout, garconLogoutAll } from '@tableside/contracts/garcon'
import { useApiClient } from '../../../lib/app-context'
import { forgetGarconToken } from '../garcon-session-store'
import { GARCON_KEY } from './garcon-keys'

/**
 * Signs out this device, or every device of the waiter (a lost phone); then the browser
 * forgets the token and everything it fetched as that waiter.
 */
export function useGarconSignOut() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: [GARCON_KEY, 'sign-out'],
    mutationFn: (where: 'here' | 'everywhere') =>
      api.callEndpoint(where === 'here' ? garconLogout : garconLogoutAll),
    onSuccess: () => {
      forgetGarconToken()
      queryClient.removeQueries({ queryKey: [GARCON_KEY] })
    },
  })
}
