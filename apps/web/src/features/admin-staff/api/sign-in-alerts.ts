import { queryOptions } from '@tanstack/react-query'
import { listAudit } from '@tableside/contracts/audit'
import type { ApiClient } from '../../../lib/api-client'

/** How often the staff screen asks again whether a login is under attack. */
const POLL_MS = 60_000

/**
 * The server's notes that a login is being guessed at from many places (decision 0108): the
 * audit log's `sign_in` entries, at most one an hour per login.
 */
export function signInAlertsQueryOptions(api: ApiClient) {
  return queryOptions({
    // 'admin' first: a 401 ends the back office's session (staff-session.ts).
    queryKey: ['admin', 'audit', 'sign_in', 'alerts'],
    queryFn: ({ signal }) => api.callEndpoint(listAudit, { query: { entity: 'sign_in' }, signal }),
    refetchInterval: POLL_MS,
  })
}
