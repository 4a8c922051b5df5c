import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { EndpointBody } from '@tableside/contracts/endpoint'
import { startBillPayment } from '@tableside/contracts/payments'
import { useApiClient } from '../../../lib/app-context'
import { paymentQueryOptions } from './get-payment'

export type StartBillPaymentBody = EndpointBody<typeof startBillPayment>

/**
 * Starts paying (part of) the table's bill; `expectedAmount` is what the diner saw, so a bill
 * that moved meanwhile is refused (`amount_changed`) rather than charged differently.
 */
export function useStartBillPayment(sessionId: string) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: StartBillPaymentBody) =>
      api.callEndpoint(startBillPayment, { params: { sessionId }, body }),
    onSuccess: (payment) => {
      queryClient.setQueryData(paymentQueryOptions(api, payment.id).queryKey, payment)
    },
  })
}
