import { useMutation, useQueryClient } from '@tanstack/react-query'
import { decideSandboxSbp } from '@tableside/contracts/sandbox-acquirer'
import { keepSandboxPayment, refreshSandboxPayment } from './get-sandbox-payment'
import { sandboxClient } from './sandbox-client'
import { isApiError } from '../../../lib/api-error'

/** The bank app's answer to an SBP payment, given on the page in the sandbox. */
export function useDecideSbp(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (decision: 'confirm' | 'reject') =>
      sandboxClient.callEndpoint(decideSandboxSbp, { params: { ref }, body: { decision } }),
    onSuccess: (payment) => keepSandboxPayment(queryClient, payment),
    onError: (error) => {
      if (isApiError(error) && error.status === 409) void refreshSandboxPayment(queryClient, ref)
    },
  })
}
