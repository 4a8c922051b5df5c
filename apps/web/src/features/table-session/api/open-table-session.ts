import { safeParse } from 'zod/mini'
import {
  openTableSession,
  tableCode as tableCodeSchema,
  type TableSession,
} from '@tableside/contracts/table-sessions'
import type { ApiClient } from '../../../lib/api-client'
import { isApiError } from '../../../lib/api-error'
import { clearSessionEnded } from '../session-ended-store'
import { storeTableSession } from '../table-session-store'

/** What scanning a table's code came to. */
export type TableJoin =
  | { kind: 'joined'; session: TableSession }
  | { kind: 'no-table' }
  /** No such table here, or a code that cannot be one. */
  | { kind: 'unknown-table'; code: string }
  /** The table exists but does not take orders through the app now. */
  | { kind: 'disabled-table'; code: string }
  /** The server could not be reached or failed: trying again may help. */
  | { kind: 'failed'; code: string }

/**
 * Opens the table's session or joins the one already open (everyone at a table shares it),
 * and remembers it in this browser. A code from the QR link is `/init?table={code}`.
 */
export async function joinTable(
  api: ApiClient,
  restaurantId: string,
  rawCode: string | null,
  signal?: AbortSignal,
): Promise<TableJoin> {
  if (rawCode === null || rawCode.trim() === '') return { kind: 'no-table' }
  const parsed = safeParse(tableCodeSchema, rawCode)
  const code = rawCode.trim().slice(0, 32)
  if (!parsed.success) return { kind: 'unknown-table', code }
  try {
    const session = await api.callEndpoint(openTableSession, {
      params: { restaurantId },
      body: { tableCode: parsed.data },
      ...(signal ? { signal } : {}),
    })
    storeTableSession(restaurantId, session)
    clearSessionEnded(restaurantId)
    return { kind: 'joined', session }
  } catch (error) {
    if (isApiError(error) && error.code === 'table_not_found')
      return { kind: 'unknown-table', code }
    if (isApiError(error) && error.code === 'table_disabled')
      return { kind: 'disabled-table', code }
    if (isApiError(error) && error.status === 404) return { kind: 'unknown-table', code }
    if (signal?.aborted) throw error
    return { kind: 'failed', code }
  }
}
