import { useInfiniteQuery } from '@tanstack/react-query'
import { listAudit } from '@tableside/contracts/audit'
import { useApiClient } from '../../../lib/app-context'

/** The audit log a page at a time, newest first; `entity` narrows it to one kind of thing. */
export function useAuditLog(entity: string | undefined) {
  const api = useApiClient()
  return useInfiniteQuery({
    // 'admin' first: a 401 ends the back office's session (staff-session.ts).
    queryKey: ['admin', 'audit', entity ?? 'all'],
    queryFn: ({ pageParam, signal }) =>
      api.callEndpoint(listAudit, {
        query: {
          ...(pageParam ? { before: pageParam } : {}),
          ...(entity ? { entity } : {}),
        },
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (page) => (page.more ? page.entries.at(-1)?.id : undefined),
  })
}
