import { useMutation, useQueryClient } from '@tanstack/react-query'
import { leaveTipFeedback, type Payment } from '@tableside/contracts/payments'
import { useApiClient } from '../../../lib/app-context'
import { paymentQueryOptions } from './get-payment'

/** The diner's stars and words on their payment's tip; the payment then carries them. */
export function useLeaveTipFeedback(paymentId: string) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  const { queryKey } = paymentQueryOptions(api, paymentId)
  return useMutation({
    mutationFn: (body: { rating: number; comment?: string }) =>
      api.callEndpoint(leaveTipFeedback, { params: { paymentId }, body }),
    onSuccess: (tipFeedback) => {
      queryClient.setQueryData(queryKey, (payment: Payment | undefined) =>
        payment ? { ...payment, tipFeedback } : payment,
      )
    },
  })
}
