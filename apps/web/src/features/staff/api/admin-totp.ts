import { useMutation, useQueryClient } from '@tanstack/react-query'
import { confirmAdminTotp, disableAdminTotp, startAdminTotp } from '@tableside/contracts/staff'
import { useApiClient } from '../../../lib/app-context'
import { SESSIONS_KEY } from './admin-sessions'
import { ADMIN_KEY } from './staff-session'

/**
 * A new TOTP secret to enrol, kept by the server with this sign-in for 10 minutes (nothing
 * changes until a code from it is confirmed with the password).
 */
export function useStartTotp() {
  const api = useApiClient()
  return useMutation({
    mutationKey: [ADMIN_KEY, 'totp-start'],
    mutationFn: () => api.callEndpoint(startAdminTotp),
  })
}

/**
 * Turns TOTP on (the password and a code from the secret just started: the server knows which
 * secret, the browser never says) or off (with a current code). On ends every other sign-in.
 */
export function useSetTotp() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: [ADMIN_KEY, 'totp-set'],
    mutationFn: (change: { password: string; code: string } | { off: true; code: string }) =>
      'off' in change
        ? api.callEndpoint(disableAdminTotp, { body: { code: change.code } })
        : api.callEndpoint(confirmAdminTotp, { body: change }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'me'] }),
        queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
      ]),
  })
}
