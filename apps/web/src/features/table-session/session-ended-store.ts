import * as z from 'zod/mini'
import type { TableRef } from '@tableside/contracts/table-sessions'
import { createStoredValue, useStoredValue, type StoredValue } from '../../lib/stored-value'
import { readStoredTableSession, storeTableSession } from './table-session-store'

/** The table whose session ended while this browser held it, until the diner has read the notice. */
const endedSession = z.object({ sessionId: z.string(), tableLabel: z.nullable(z.string()) })
export type EndedSession = z.infer<typeof endedSession>

const stores = new Map<string, StoredValue<EndedSession | null>>()

function parseEnded(stored: unknown): EndedSession | null {
  const parsed = z.safeParse(endedSession, stored)
  return parsed.success ? parsed.data : null
}

function storeFor(restaurantId: string): StoredValue<EndedSession | null> {
  let store = stores.get(restaurantId)
  if (!store) {
    store = createStoredValue(`tableside.table-session-ended.v1.${restaurantId}`, parseEnded, null)
    stores.set(restaurantId, store)
  }
  return store
}

export function useEndedSession(restaurantId: string): EndedSession | null {
  return useStoredValue(storeFor(restaurantId), null)
}

/**
 * The stored session is over (it expired, its bill was settled, or the server does not know
 * it): forget it and raise the session-expiry notice. The cart is not touched. Only the
 * session this browser still holds counts, so a late word about an older one changes nothing.
 */
export function endTableSession(
  restaurantId: string,
  sessionId: string,
  table?: Pick<TableRef, 'label'>,
): void {
  const stored = readStoredTableSession(restaurantId)
  if (stored?.id !== sessionId) return
  storeTableSession(restaurantId, null)
  storeFor(restaurantId).set({ sessionId, tableLabel: table?.label ?? stored.table.label })
}

/** The diner read the notice, or scanned a table again. */
export function clearSessionEnded(restaurantId: string): void {
  storeFor(restaurantId).set(null)
}
