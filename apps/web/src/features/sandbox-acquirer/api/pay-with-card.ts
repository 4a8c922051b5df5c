import { useMutation, useQueryClient } from '@tanstack/react-query'
import { payWithSandboxCard } from '@tableside/contracts/sandbox-acquirer'
import type { EndpointBody } from '@tableside/contracts/endpoint'
import { keepSandboxPayment, refreshSandboxPayment } from './get-sandbox-payment'
import { sandboxClient } from './sandbox-client'
import { isApiError } from '../../../lib/api-error'

/** Pays with a card; the test card decides what happens (or asks for 3-D Secure). */
export function usePayWithCard(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: EndpointBody<typeof payWithSandboxCard>) =>
      sandboxClient.callEndpoint(payWithSandboxCard, { params: { ref }, body }),
    onSuccess: (payment) => keepSandboxPayment(queryClient, payment),
    onError: (error) => {
      if (isApiError(error) && error.status === 409) void refreshSandboxPayment(queryClient, ref)
    },
  })
}
