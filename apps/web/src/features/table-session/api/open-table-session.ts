import { safeParse } from 'zod/mini'
import {
  openTableSession,
  tableQrToken,
  type TableSession,
} from '@tableside/contracts/table-sessions'
import type { ApiClient } from '../../../lib/api-client'
import { isApiError } from '../../../lib/api-error'
import { clearSessionEnded } from '../session-ended-store'
import { storeTableSession } from '../table-session-store'

/** What scanning a table's QR code came to. */
export type TableJoin =
  | { kind: 'joined'; session: TableSession }
  | { kind: 'no-table' }
  /**
   * The link opens no table: an old link with the table's code, a token that never was, or
   * another restaurant's (the server tells these apart from nobody, decision 0026).
   */
  | { kind: 'outdated-link' }
  /** The table's QR code was replaced: the one on the table now works. */
  | { kind: 'replaced-qr' }
  /** The table does not take orders through the app now. */
  | { kind: 'disabled-table' }
  /** The server could not be reached or failed: trying again may help. */
  | { kind: 'failed' }

/**
 * Opens the table's session or joins the one already open (everyone at a table shares it),
 * and remembers it in this browser. The QR code on the table leads to `/init?table={token}`.
 */
export async function joinTable(
  api: ApiClient,
  restaurantId: string,
  rawToken: string | null,
  signal?: AbortSignal,
): Promise<TableJoin> {
  if (rawToken === null || rawToken.trim() === '') return { kind: 'no-table' }
  const parsed = safeParse(tableQrToken, rawToken)
  if (!parsed.success) return { kind: 'outdated-link' }
  try {
    const session = await api.callEndpoint(openTableSession, {
      params: { restaurantId },
      body: { tableToken: parsed.data },
      ...(signal ? { signal } : {}),
    })
    storeTableSession(restaurantId, session)
    clearSessionEnded(restaurantId)
    return { kind: 'joined', session }
  } catch (error) {
    if (isApiError(error) && error.code === 'table_qr_replaced') return { kind: 'replaced-qr' }
    if (isApiError(error) && error.code === 'table_disabled') return { kind: 'disabled-table' }
    if (isApiError(error) && (error.status === 404 || error.status === 400))
      return { kind: 'outdated-link' }
    if (signal?.aborted) throw error
    return { kind: 'failed' }
  }
}
