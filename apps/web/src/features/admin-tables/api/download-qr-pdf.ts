import { useMutation } from '@tanstack/react-query'
import { printAdminTableQr, type QrPrintLayout } from '@tableside/contracts/admin-tables'
import { ApiError } from '../../../lib/api-error'
import { apiErrorFromResponse } from '../../../lib/api-error-response'
import { useRuntimeConfig } from '../../../lib/app-context'
import { tokenHeaders } from '../../../lib/token-headers'
import { saveFile } from '../../../lib/file-download'

export interface QrPdfRequest {
  layout: QrPrintLayout
  /** The tables chosen; none: every active table. */
  tableIds?: readonly string[]
}

/**
 * The QR codes as a PDF file the browser saves (decision 0067). Not through the JSON client:
 * the answer is bytes, and the manager's token goes in a header, so a plain link could not
 * download it.
 */
export function useDownloadQrPdf() {
  const { apiBase } = useRuntimeConfig()
  return useMutation({
    mutationKey: ['admin', 'tables', 'qr-pdf'],
    mutationFn: async ({ layout, tableIds }: QrPdfRequest) => {
      const response = await fetch(`${apiBase.replace(/\/+$/, '')}${printAdminTableQr.path}`, {
        method: printAdminTableQr.method,
        headers: { 'content-type': 'application/json', ...tokenHeaders() },
        body: JSON.stringify({ layout, ...(tableIds ? { tableIds } : {}) }),
      }).catch((error: unknown) => {
        throw ApiError.network(error)
      })
      if (!response.ok) {
        const text = await response.text()
        let data: unknown = text
        try {
          data = JSON.parse(text)
        } catch {
          // Not JSON: the status says enough.
        }
        throw apiErrorFromResponse(response, data)
      }
      const file = await response.blob()
      const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')
      saveFile(file, name?.[1] ?? `qr-${layout}.pdf`)
    },
  })
}
