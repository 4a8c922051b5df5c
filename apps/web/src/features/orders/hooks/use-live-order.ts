import { useQueryClient } from '@tanstack/react-query'
import { orderUpdated } from '@tableside/contracts/table-events'
import { useApiClient } from '../../../lib/app-context'
import { useChannelEvent } from '../../../lib/realtime/use-channel-event'
import { useResubscribed } from '../../../lib/realtime/use-resubscribed'
import { orderQueryOptions } from '../api/get-order'
import { applyOrderUpdate } from '../api/order-updates'

/**
 * Keeps the cached order `orderId` live on `channel` (its private channel, once the order is
 * known to be this restaurant's): `order.updated` patches it in place, and it is read again once
 * the channel is subscribed and after every resubscription, for the change that came between
 * the first read and the subscription, or while the socket was down.
 */
export function useLiveOrder(orderId: string, channel: string | undefined) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  useChannelEvent(channel, orderUpdated, (update) => applyOrderUpdate(queryClient, api, update))
  useResubscribed(channel, () => {
    const { queryKey } = orderQueryOptions(api, orderId)
    void queryClient.invalidateQueries({ queryKey, exact: true })
  })
}
