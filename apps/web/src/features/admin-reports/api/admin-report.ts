import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import {
  ADMIN_REPORT_CSV_PATH,
  getAdminReport,
  type ReportQuery,
} from '@tableside/contracts/admin-reports'
import type { UiLanguage } from '@tableside/contracts/restaurants'
import type { ApiClient } from '../../../lib/api-client'
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
 * Fetches the CSV with the manager's token (a plain link would go without it: tokens travel
 * in headers only) and hands it to the browser as a download.
 */
export async function downloadReportCsv(
  apiBase: string,
  range: ReportQuery,
  language: UiLanguage,
): Promise<void> {
  const query = new URLSearchParams({ from: range.from, to: range.to, lang: language })
  const response = await fetch(`${apiBase}${ADMIN_REPORT_CSV_PATH}?${query.toString()}`, {
    headers: tokenHeaders(),
  })
  if (!response.ok) throw new Error(`The CSV answered ${response.status}`)
  const blob = await response.blob()
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = `report-${range.from}-${range.to}.csv`
  document.body.append(link)
  link.click()
  link.remove()
  // After the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
