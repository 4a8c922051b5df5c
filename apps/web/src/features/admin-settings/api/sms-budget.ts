import { queryOptions, useQuery } from '@tanstack/react-query'
import { getAdminSmsBudget } from '@tableside/contracts/admin-settings'
import { useApiClient } from '../../../lib/app-context'

/** How often the back office asks again how many sign-in codes went out today. */
const POLL_MS = 60_000

// 'admin' first: a 401 ends the back office's session (staff-session.ts).
export const smsBudgetKey = ['admin', 'sms-budget'] as const

/** Today's sign-in codes by SMS against the restaurant's budget and the server's (decision 0109). */
export function useSmsBudget() {
  const api = useApiClient()
  return useQuery(
    queryOptions({
      queryKey: smsBudgetKey,
      queryFn: ({ signal }) => api.callEndpoint(getAdminSmsBudget, { signal }),
      refetchInterval: POLL_MS,
    }),
  )
}
