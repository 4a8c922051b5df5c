import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query'
import {
  ADMIN_REPORT_CSV_PATH,
  getAdminReport,
  type ReportQuery,
} from '@tableside/contracts/admin-reports'
import type { UiLanguage } from '@tableside/contracts/restaurants'
import type { ApiClient } from '../../../lib/api-client'
import { ApiError } from '../../../lib/api-error'
import { useRuntimeConfig } from '../../../lib/app-context'
import { tokenHeaders } from '../../../lib/token-headers'

export function adminReportQueryOptions(api: ApiClient, range: ReportQuery) {
  return queryOptions({
    queryKey: ['admin', 'report', range.from, range.to],
    queryFn: ({ signal }) => api.callEndpoint(getAdminReport, { query: range, signal }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  })
}

/**
 * The CSV with the manager's token (a plain link would go without it: tokens travel in headers
 * only). A failure is the app's `ApiError` with the server's code: a 401 ends the session as any
 * other call's does.
 */
export async function fetchReportCsv(
  apiBase: string,
  range: ReportQuery,
  language: UiLanguage,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): Promise<Blob> {
  const query = new URLSearchParams({ from: range.from, to: range.to, lang: language })
  let response: Response
  try {
    response = await fetchImpl(`${apiBase}${ADMIN_REPORT_CSV_PATH}?${query.toString()}`, {
      headers: tokenHeaders(),
    })
  } catch (cause) {
    throw ApiError.network(cause)
  }
  if (!response.ok) {
    throw ApiError.fromResponse(response, await response.json().catch(() => undefined))
  }
  return response.blob()
}

/** Fetches the CSV and hands it to the browser as a download; keyed under 'admin'. */
export function useReportCsvDownload() {
  const { apiBase } = useRuntimeConfig()
  return useMutation({
    // 'admin' first: a 401 ends the back office's session (features/staff/api/staff-session.ts).
    mutationKey: ['admin', 'report-csv'],
    mutationFn: async ({ range, language }: { range: ReportQuery; language: UiLanguage }) => {
      const blob = await fetchReportCsv(apiBase, range, language)
      const url = URL.createObjectURL(blob)
      const link = document.createElement('a')
      link.href = url
      link.download = `report-${range.from}-${range.to}.csv`
      document.body.append(link)
      link.click()
      link.remove()
      // After the click has started the download.
      setTimeout(() => URL.revokeObjectURL(url), 10_000)
    },
  })
}
