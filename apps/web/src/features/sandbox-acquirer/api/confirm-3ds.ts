import { useMutation, useQueryClient } from '@tanstack/react-query'
import { confirmSandbox3ds } from '@tableside/contracts/sandbox-acquirer'
import type { EndpointBody } from '@tableside/contracts/endpoint'
import { keepSandboxPayment, refreshSandboxPayment } from './get-sandbox-payment'
import { sandboxClient } from './sandbox-client'
import { isApiError } from '../../../lib/api-error'

/** The 3-D Secure step: the one-time code, or the cardholder's refusal. */
export function useConfirm3ds(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: EndpointBody<typeof confirmSandbox3ds>) =>
      sandboxClient.callEndpoint(confirmSandbox3ds, { params: { ref }, body }),
    onSuccess: (payment) => keepSandboxPayment(queryClient, payment),
    onError: (error) => {
      if (isApiError(error) && error.status === 409) void refreshSandboxPayment(queryClient, ref)
    },
  })
}
