import { safeParse } from 'zod/mini'
import { tableSession, type TableSession } from '@tableside/contracts/table-sessions'
import { createStoredValue, useStoredValue, type StoredValue } from '../../lib/stored-value'
import { tableSessionStorageKey } from './table-session-key'

const stores = new Map<string, StoredValue<TableSession | null>>()

function storeFor(restaurantId: string): StoredValue<TableSession | null> {
  let store = stores.get(restaurantId)
  if (!store) {
    store = createStoredValue<TableSession | null>(
      tableSessionStorageKey(restaurantId),
      (stored) => {
        const parsed = safeParse(tableSession, stored)
        return parsed.success && parsed.data.restaurantId === restaurantId ? parsed.data : null
      },
      null,
    )
    stores.set(restaurantId, store)
  }
  return store
}

/** The table session this browser joined at a restaurant (by scanning the table's QR code). */
export function useStoredTableSession(restaurantId: string): TableSession | null {
  return useStoredValue(storeFor(restaurantId), null)
}

export function readStoredTableSession(restaurantId: string): TableSession | null {
  return storeFor(restaurantId).get()
}

/** Remembers the session (after a scan, or a fresher copy from the server); null forgets it. */
export function storeTableSession(restaurantId: string, session: TableSession | null): void {
  storeFor(restaurantId).set(session)
}
