import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query'
import {
  ADMIN_REPORT_CSV_PATH,
  getAdminReport,
  type ReportQuery,
} from '@tableside/contracts/admin-reports'
import type { UiLanguage } from '@tableside/contracts/restaurants'
import type { ApiClient } from '../../../lib/api-client'
import { useRuntimeConfig } from '../../../lib/app-context'
import { fetchFile, saveFile } from '../../../lib/file-download'

export function adminReportQueryOptions(api: ApiClient, range: ReportQuery) {
  return queryOptions({
    queryKey: ['admin', 'report', range.from, range.to],
    queryFn: ({ signal }) => api.callEndpoint(getAdminReport, { query: range, signal }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  })
}

/** The CSV in `language`, with the manager's token (`lib/file-download`). */
export function fetchReportCsv(
  apiBase: string,
  range: ReportQuery,
  language: UiLanguage,
  fetchImpl?: typeof fetch,
): Promise<Blob> {
  const query = new URLSearchParams({ from: range.from, to: range.to, lang: language })
  return fetchFile(`${apiBase}${ADMIN_REPORT_CSV_PATH}?${query.toString()}`, fetchImpl)
}

/** Fetches the CSV and hands it to the browser as a download; keyed under 'admin'. */
export function useReportCsvDownload() {
  const { apiBase } = useRuntimeConfig()
  return useMutation({
    // 'admin' first: a 401 ends the back office's session (features/staff/api/staff-session.ts).
    mutationKey: ['admin', 'report-csv'],
    mutationFn: async ({ range, language }: { range: ReportQuery; language: UiLanguage }) => {
      const blob = await fetchReportCsv(apiBase, range, language)
      saveFile(blob, `report-${range.from}-${range.to}.csv`)
    },
  })
}
