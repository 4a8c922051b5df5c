import { queryOptions } from '@tanstack/react-query'
import { getTableSession } from '@tableside/contracts/table-sessions'
import type { ApiClient } from '../../../lib/api-client'
import { isApiError } from '../../../lib/api-error'

export const tableSessionQueryKey = (sessionId: string) => ['table-sessions', sessionId] as const

/**
 * A table session as the server sees it now. No retry of its own: the API client already
 * retries a GET once (spec §7), and the query's default is not to retry on top of it.
 */
export function tableSessionQueryOptions(api: ApiClient, sessionId: string) {
  return queryOptions({
    queryKey: tableSessionQueryKey(sessionId),
    queryFn: ({ signal }) => api.callEndpoint(getTableSession, { params: { sessionId }, signal }),
    staleTime: 60_000,
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
