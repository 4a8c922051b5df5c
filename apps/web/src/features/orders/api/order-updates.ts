import type { QueryClient } from '@tanstack/react-query'
import type { output } from 'zod/v4/core'
import type { orderUpdated } from '@tableside/contracts/table-events'
import type { ApiClient } from '../../../lib/api-client'
import { orderQueryOptions } from './get-order'

export type OrderUpdate = output<(typeof orderUpdated)['data']>

/**
 * Applies a live `order.updated` to the cached order: status, history, payment and whether it
 * can still be cancelled change in place, without a request. An event older than what the
 * cache holds (a poll may have overtaken it) is ignored. A new refund in its history refetches
 * the order: its lines and totals changed too; so does a change of what is paid (how it was
 * paid may have changed).
 */
export function applyOrderUpdate(queryClient: QueryClient, api: ApiClient, update: OrderUpdate) {
  const { queryKey } = orderQueryOptions(api, update.id)
  const before = queryClient.getQueryData(queryKey)
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
  // A refund or a comp also changed the dishes (how many were taken off) and the sums, which
  // the event does not carry (decision 0119): those are asked for at once.
  // So does money that came in or went back: how the order was paid (its `paidWith`, issue 28).
  const after = queryClient.getQueryData(queryKey)
  if (
    before &&
    after !== before &&
    (refundSteps(after?.history ?? []) > refundSteps(before.history) ||
      after?.paidAmount !== before.paidAmount ||
      after.paymentStatus !== before.paymentStatus)
  )
    void queryClient.invalidateQueries({ queryKey, exact: true })
}

const refundSteps = (history: OrderUpdate['history']) =>
  history.filter((step) => step.refund !== undefined).length
