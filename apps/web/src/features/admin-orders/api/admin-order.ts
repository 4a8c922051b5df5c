import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { EndpointBody } from '@tableside/contracts/endpoint'
import {
  cancelAdminOrder,
  getAdminOrder,
  refundAdminOrder,
  refundAdminTip,
  retryAdminRefund,
  type OrderDetail,
} from '@tableside/contracts/refunds'
import type { ApiClient } from '../../../lib/api-client'
import { useApiClient } from '../../../lib/app-context'

const orderKey = (orderId: string) => ['admin', 'order', orderId] as const

/** An order with its payments, tips, points and refunds (decision 0119), fresh while open. */
export function adminOrderQueryOptions(api: ApiClient, orderId: string) {
  return queryOptions({
    queryKey: orderKey(orderId),
    queryFn: ({ signal }) => api.callEndpoint(getAdminOrder, { params: { orderId }, signal }),
    refetchInterval: 4_000,
  })
}

export function useAdminOrder(orderId: string) {
  return useQuery(adminOrderQueryOptions(useApiClient(), orderId))
}

export type OrderAction =
  | { kind: 'refund'; body: EndpointBody<typeof refundAdminOrder> }
  | { kind: 'tip'; body: EndpointBody<typeof refundAdminTip> }
  | { kind: 'cancel'; body: EndpointBody<typeof cancelAdminOrder> }
  /** A failed online refund asked of the acquirer again (decision 0130). */
  | { kind: 'retry'; refundId: string }

/** A refund, comp, tip refund or cancel; the order's detail is the answer, and the live list asked again. */
export function useOrderAction(orderId: string) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    // 'admin' first: a 401 ends the back office's session (features/staff/api/staff-session.ts).
    mutationKey: ['admin', 'order-action', orderId],
    mutationFn: (action: OrderAction): Promise<OrderDetail> => {
      const params = { orderId }
      if (action.kind === 'refund')
        return api.callEndpoint(refundAdminOrder, { params, body: action.body })
      if (action.kind === 'tip')
        return api.callEndpoint(refundAdminTip, { params, body: action.body })
      if (action.kind === 'retry')
        return api.callEndpoint(retryAdminRefund, {
          params: { ...params, refundId: action.refundId },
        })
      return api.callEndpoint(cancelAdminOrder, { params, body: action.body })
    },
    onSuccess: (detail) => queryClient.setQueryData(orderKey(orderId), detail),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'live'] }),
  })
}
