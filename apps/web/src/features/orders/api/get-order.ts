import { queryOptions, replaceEqualDeep } from '@tanstack/react-query'
import { safeParse } from 'zod/mini'
import { isFinalStatus } from '@tableside/contracts/order-status'
import { getOrder, orderId as orderIdSchema, type Order } from '@tableside/contracts/orders'
import type { ApiClient } from '../../../lib/api-client'

/**
 * How often an order that is still moving is re-read. Live events make changes instant; this
 * slow poll is the floor under them: Pusher does not replay events sent while the socket was
 * reconnecting, and a phone that never connected still sees its order move.
 */
export const ORDER_POLL_MS = 15_000

/** True when the address could name an order at all (a uuid); anything else is not asked for. */
export const isOrderId = (id: string) => safeParse(orderIdSchema, id).success

/** Polls while the order can still change: until it is over and no payment is under way. */
export function orderPollInterval(
  order: Pick<Order, 'status' | 'paymentStatus'> | undefined,
): number | false {
  return order && isFinalStatus(order.status) && order.paymentStatus !== 'pending'
    ? false
    : ORDER_POLL_MS
}

export function orderQueryOptions(api: ApiClient, orderId: string) {
  return queryOptions({
    queryKey: ['orders', orderId],
    queryFn: ({ signal }) => api.callEndpoint(getOrder, { params: { orderId }, signal }),
    enabled: isOrderId(orderId),
    staleTime: 5_000,
    refetchInterval: (query) => orderPollInterval(query.state.data),
    structuralSharing: (before, read) => newerOrder(before as Order | undefined, read as Order),
  })
}

/**
 * What a read brings, unless the cache already holds a later state of the order: a read that
 * left before a live event (or the diner's own cancel) came back after it, and would put the
 * order back as it was (a cancelled order shown as still placed until the next poll).
 */
export function newerOrder(before: Order | undefined, read: Order): Order {
  if (before && Date.parse(before.updatedAt) > Date.parse(read.updatedAt)) return before
  return replaceEqualDeep(before, read)
}
