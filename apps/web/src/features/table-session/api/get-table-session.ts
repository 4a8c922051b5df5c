import { queryOptions } from '@tanstack/react-query'
import { getTableSession } from '@tableside/contracts/table-sessions'
import type { ApiClient } from '../../../lib/api-client'
import { isApiError } from '../../../lib/api-error'

export const tableSessionQueryKey = (sessionId: string) => ['table-sessions', sessionId] as const

/**
 * A table session as the server sees it now. An unknown id is an ended session too (a 404
 * never changes its mind), so it is not retried.
 */
export function tableSessionQueryOptions(api: ApiClient, sessionId: string) {
  return queryOptions({
    queryKey: tableSessionQueryKey(sessionId),
    queryFn: ({ signal }) => api.callEndpoint(getTableSession, { params: { sessionId }, signal }),
    staleTime: 60_000,
    retry: (failures, error) => !(isApiError(error) && error.status === 404) && failures < 2,
  })
}

/** True when the server's answer says the session is over: closed, or not known at all. */
export function isEndedAnswer(
  data: { status: 'open' | 'closed' } | undefined,
  error: unknown,
): boolean {
  if (data?.status === 'closed') return true
  return isApiError(error) && (error.status === 404 || error.code === 'session_expired')
}
