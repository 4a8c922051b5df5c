import { useQuery, useQueryClient } from '@tanstack/react-query'
import { paymentUpdated } from '@tableside/contracts/payments'
import { useApiClient } from '../../../lib/app-context'
import { useChannelEvent } from '../../../lib/realtime/use-channel-event'
import { useResubscribed } from '../../../lib/realtime/use-resubscribed'
import { paymentQueryOptions } from '../api/get-payment'

/**
 * A payment as it moves: `payment.updated` on `channel` (the order's channel; a bill payment
 * has none, the table's channel carrying no payment ids) patches it at once, and the query
 * polls every few seconds while it is
 * pending, for when the socket is down. The acquirer often sends the diner back before its
 * webhook is applied, so a returning screen sees `pending` first and then the outcome.
 */
export function useLivePayment(paymentId: string, channel: string | undefined) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  const options = paymentQueryOptions(api, paymentId)
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: options.queryKey, exact: true })
  useChannelEvent(channel, paymentUpdated, (update) => {
    if (update.id !== paymentId) return
    queryClient.setQueryData(options.queryKey, (payment) =>
      payment && payment.status !== update.status
        ? {
            ...payment,
            status: update.status,
            failureReason: update.failureReason,
            redirectUrl: update.status === 'pending' ? payment.redirectUrl : null,
          }
        : payment,
    )
    // The event carries no completion time: read the payment once more for the receipt.
    refresh()
  })
  // An outcome that arrived between the first read and the subscription, or while offline.
  useResubscribed(channel, refresh)
  return useQuery(options)
}
