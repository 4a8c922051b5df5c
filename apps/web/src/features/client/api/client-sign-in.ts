import { useMutation, useQueryClient } from '@tanstack/react-query'
import { requestClientOtp, verifyClientOtp } from '@tableside/contracts/client'
import { useApiClient } from '../../../lib/app-context'
import { saveProfileToken } from '../profile-session-store'
import { clientQueryKey } from './client-me'

export function useRequestCode() {
  const api = useApiClient()
  return useMutation({
    mutationFn: (body: { restaurantId: string; phone: string }) =>
      api.callEndpoint(requestClientOtp, { body: { ...body, consent: true } }),
  })
}

/** The code for a token, kept in the cookie; the orders this device placed go with it. */
export function useVerifyCode() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { phone: string; code: string; orderIds: readonly string[] }) =>
      api.callEndpoint(verifyClientOtp, {
        body: { phone: body.phone, code: body.code, orderIds: [...body.orderIds] },
      }),
    onSuccess: ({ token, expiresAt }) => {
      queryClient.removeQueries({ queryKey: clientQueryKey })
      saveProfileToken(token, expiresAt)
    },
  })
}
