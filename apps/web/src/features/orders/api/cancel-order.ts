import { useMutation, useQueryClient } from '@tanstack/react-query'
import { cancelOrder } from '@tableside/contracts/orders'
import { useApiClient } from '../../../lib/app-context'
import { orderQueryOptions } from './get-order'

/** The diner cancels an order nobody has accepted yet; the answer replaces the cached order. */
export function useCancelOrder(orderId: string) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.callEndpoint(cancelOrder, { params: { orderId } }),
    onSuccess: (order) => {
      queryClient.setQueryData(orderQueryOptions(api, orderId).queryKey, order)
    },
    // Refused (someone accepted it meanwhile): show the order as it is now.
    onError: () => queryClient.invalidateQueries({ queryKey: ['orders', orderId] }),
  })
}
