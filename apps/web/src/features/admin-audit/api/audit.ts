import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query'
import {
  ADMIN_AUDIT_CSV_PATH,
  listAudit,
  listAuditActors,
  type AuditFilter,
} from '@tableside/contracts/audit'
import type { UiLanguage } from '@tableside/contracts/restaurants'
import { useApiClient, useRuntimeConfig } from '../../../lib/app-context'
import { fetchFile, saveFile } from '../../../lib/file-download'

/** The filter as a query: only what is chosen. */
function chosen({ actor, entity, from, to }: AuditFilter): Record<string, string> {
  return {
    ...(actor ? { actor } : {}),
    ...(entity ? { entity } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  }
}

/** The audit log a page at a time, newest first, by who, what and when (the server filters). */
export function useAuditLog(filter: AuditFilter) {
  const api = useApiClient()
  const query = chosen(filter)
  return useInfiniteQuery({
    // 'admin' first: a 401 ends the back office's session (staff-session.ts).
    queryKey: ['admin', 'audit', query],
    queryFn: ({ pageParam, signal }) =>
      api.callEndpoint(listAudit, {
        query: { ...query, ...(pageParam ? { before: pageParam } : {}) },
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (page) => (page.more ? page.entries.at(-1)?.id : undefined),
    placeholderData: keepPreviousData,
  })
}

/** Everyone the log names, for the "who" filter. */
export function useAuditActors() {
  const api = useApiClient()
  return useQuery({
    queryKey: ['admin', 'audit', 'actors'],
    queryFn: ({ signal }) => api.callEndpoint(listAuditActors, { signal }),
    staleTime: 60_000,
  })
}

/** The CSV of the filtered entries in `language`, with the manager's token. */
export function fetchAuditCsv(
  apiBase: string,
  filter: AuditFilter,
  language: UiLanguage,
  fetchImpl?: typeof fetch,
): Promise<Blob> {
  const query = new URLSearchParams({ ...chosen(filter), lang: language })
  return fetchFile(`${apiBase}${ADMIN_AUDIT_CSV_PATH}?${query.toString()}`, fetchImpl)
}

/** Fetches the CSV and hands it to the browser as a download; keyed under 'admin'. */
export function useAuditCsvDownload() {
  const { apiBase } = useRuntimeConfig()
  return useMutation({
    // 'admin' first: a 401 ends the back office's session (features/staff/api/staff-session.ts).
    mutationKey: ['admin', 'audit-csv'],
    mutationFn: async ({ filter, language }: { filter: AuditFilter; language: UiLanguage }) => {
      const blob = await fetchAuditCsv(apiBase, filter, language)
      const period = [filter.from, filter.to].filter(Boolean).join('-')
      saveFile(blob, period ? `audit-${period}.csv` : 'audit.csv')
    },
  })
}
