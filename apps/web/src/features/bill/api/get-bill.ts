import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { getBill } from '@tableside/contracts/orders'
import type { ApiClient } from '../../../lib/api-client'

/**
 * A slow poll under the live `bill.updated` events, which do not replay what a dropped socket
 * missed; a settled or expired table's bill no longer changes.
 */
export const BILL_POLL_MS = 30_000

export function billQueryOptions(api: ApiClient, sessionId: string) {
  return queryOptions({
    queryKey: ['table-sessions', sessionId, 'bill'],
    queryFn: ({ signal }) => api.callEndpoint(getBill, { params: { sessionId }, signal }),
    staleTime: 5_000,
    refetchInterval: (query) =>
      query.state.data?.sessionStatus === 'closed' ? false : BILL_POLL_MS,
  })
}

/** Something on the table's bill changed (an order from any phone, a status, a payment). */
export function refreshBill(queryClient: QueryClient, api: ApiClient, sessionId: string) {
  return queryClient.invalidateQueries({
    queryKey: billQueryOptions(api, sessionId).queryKey,
    exact: true,
  })
}
