import { useMutation, useQueryClient } from '@tanstack/react-query'
import { garconLogout, garconLogoutAll } from '@tableside/contracts/garcon'
import { useApiClient } from '../../../lib/app-context'
import { unsubscribeFromPush } from '../alerts/push-subscription'
import { forgetGarconToken } from '../garcon-session-store'
import { GARCON_KEY } from './garcon-keys'

/**
 * Signs out this device, or every device of the waiter (a lost phone); then the browser
 * forgets the token and everything it fetched as that waiter. This device's push subscription
 * goes first, so a phone handed to the next waiter shows none of this one's alerts.
 */
export function useGarconSignOut() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: [GARCON_KEY, 'sign-out'],
    mutationFn: async (where: 'here' | 'everywhere') => {
      // While the token still works: this device stops taking the waiter's alerts by push.
      await unsubscribeFromPush(api)
      return api.callEndpoint(where === 'here' ? garconLogout : garconLogoutAll)
    },
    onSuccess: () => {
      forgetGarconToken()
      queryClient.removeQueries({ queryKey: [GARCON_KEY] })
    },
  })
}
