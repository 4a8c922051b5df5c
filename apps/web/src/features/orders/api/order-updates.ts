import type { QueryClient } from '@tanstack/react-query'
import type { output } from 'zod/v4/core'
import type { orderUpdated } from '@tableside/contracts/table-events'
import type { ApiClient } from '../../../lib/api-client'
import { orderQueryOptions } from './get-order'

export type OrderUpdate = output<(typeof orderUpdated)['data']>

/**
 * Applies a live `order.updated` to the cached order: status, history, payment and whether it
 * can still be cancelled change in place, without a request. An event older than what the
 * cache holds (a poll may have overtaken it) is ignored.
 */
export function applyOrderUpdate(queryClient: QueryClient, api: ApiClient, update: OrderUpdate) {
  const { queryKey } = orderQueryOptions(api, update.id)
  queryClient.setQueryData(queryKey, (order) => {
    if (!order || order.id !== update.id) return order
    if (Date.parse(update.updatedAt) < Date.parse(order.updatedAt)) return order
    return {
      ...order,
      status: update.status,
      paymentStatus: update.paymentStatus,
      paidAmount: update.paidAmount,
      updatedAt: update.updatedAt,
      history: update.history,
      cancellable: update.cancellable,
    }
  })
}
