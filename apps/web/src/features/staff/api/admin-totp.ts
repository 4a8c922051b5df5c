import { useMutation, useQueryClient } from '@tanstack/react-query'
import { confirmAdminTotp, disableAdminTotp, startAdminTotp } from '@tableside/contracts/staff'
import { useApiClient } from '../../../lib/app-context'
import { ADMIN_KEY } from './staff-session'

/** A new TOTP secret to enrol (nothing changes until a code from it is confirmed). */
export function useStartTotp() {
  const api = useApiClient()
  return useMutation({
    mutationKey: [ADMIN_KEY, 'totp-start'],
    mutationFn: () => api.callEndpoint(startAdminTotp),
  })
}

/** Turns TOTP on (with the secret just started and a code) or off (with a current code). */
export function useSetTotp() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: [ADMIN_KEY, 'totp-set'],
    mutationFn: (change: { secret: string; code: string } | { off: true; code: string }) =>
      'off' in change
        ? api.callEndpoint(disableAdminTotp, { body: { code: change.code } })
        : api.callEndpoint(confirmAdminTotp, { body: change }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'me'] }),
  })
}
