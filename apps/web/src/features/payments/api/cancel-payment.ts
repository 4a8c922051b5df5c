import { useMutation, useQueryClient } from '@tanstack/react-query'
import { cancelPayment } from '@tableside/contracts/payments'
import { useApiClient } from '../../../lib/app-context'
import { paymentQueryOptions } from './get-payment'

/**
 * Gives up a pending payment. Not needed to switch method (starting one with another method
 * cancels the old one on the server); for leaving online payment altogether.
 */
export function useCancelPayment() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (paymentId: string) => api.callEndpoint(cancelPayment, { params: { paymentId } }),
    onSuccess: (payment) => {
      queryClient.setQueryData(paymentQueryOptions(api, payment.id).queryKey, payment)
    },
  })
}
