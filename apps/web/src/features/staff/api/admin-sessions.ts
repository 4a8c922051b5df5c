import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { endAdminSession, endAllAdminSessions, listAdminSessions } from '@tableside/contracts/staff'
import type { ApiClient } from '../../../lib/api-client'
import { useApiClient } from '../../../lib/app-context'
import { forgetStaffToken } from '../staff-token-store'
import { ADMIN_KEY } from './staff-session'

// 'admin' first: a 401 ends the back office's session (staff-session.ts).
export const SESSIONS_KEY = [ADMIN_KEY, 'sessions'] as const

/** Where the manager is signed in: this device first. Asked again each time it is shown. */
export function sessionsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: SESSIONS_KEY,
    queryFn: ({ signal }) => api.callEndpoint(listAdminSessions, { signal }),
    staleTime: 0,
  })
}

export function useSessions() {
  return useQuery(sessionsQueryOptions(useApiClient()))
}

/** Ends one of the manager's other sign-ins. */
export function useEndSession() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: [ADMIN_KEY, 'end-session'],
    mutationFn: (sessionId: string) => api.callEndpoint(endAdminSession, { params: { sessionId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  })
}

/**
 * Signs the manager out everywhere, this device too: the token is forgotten as on signing out,
 * and the sign-in window opens.
 */
export function useEndAllSessions() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: [ADMIN_KEY, 'end-all-sessions'],
    mutationFn: () => api.callEndpoint(endAllAdminSessions),
    onSuccess: () => {
      forgetStaffToken('manager')
      queryClient.removeQueries({ queryKey: [ADMIN_KEY] })
    },
  })
}
