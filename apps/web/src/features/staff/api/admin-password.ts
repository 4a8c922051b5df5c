import { useMutation, useQueryClient } from '@tanstack/react-query'
import { changeAdminPassword } from '@tableside/contracts/staff'
import type { EndpointBody } from '@tableside/contracts/endpoint'
import { useApiClient } from '../../../lib/app-context'
import { SESSIONS_KEY } from './admin-sessions'
import { ADMIN_KEY } from './staff-session'

/** A new password for the current one; every other sign-in of the manager ends. */
export function useChangePassword() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: [ADMIN_KEY, 'password'],
    mutationFn: (body: EndpointBody<typeof changeAdminPassword>) =>
      api.callEndpoint(changeAdminPassword, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  })
}
