import { queryOptions } from '@tanstack/react-query'
import { listWaiterCalls } from '@tableside/contracts/waiter-calls'
import type { ApiClient } from '../../../lib/api-client'

/**
 * Under the live `waiter-call.updated` events, a slow poll while a call is still open, so a
 * waiter's answer shows even if the socket dropped when it came.
 */
export const CALLS_POLL_MS = 15_000

export function waiterCallsQueryOptions(api: ApiClient, sessionId: string) {
  return queryOptions({
    queryKey: ['table-sessions', sessionId, 'waiter-calls'],
    queryFn: async ({ signal }) =>
      (await api.callEndpoint(listWaiterCalls, { params: { sessionId }, signal })).calls,
    staleTime: 5_000,
    refetchInterval: (query) =>
      query.state.data?.some((call) => call.status !== 'done') ? CALLS_POLL_MS : false,
  })
}
