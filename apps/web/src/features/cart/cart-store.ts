import { useMemo, useSyncExternalStore } from 'react'
import type { CartLine } from '@tableside/contracts/cart'
import {
  addLine,
  cartStorageKey,
  itemCount,
  parseStoredCart,
  removeLine,
  restoreLine,
  serializeCart,
  setLineQuantity,
  type CartEntry,
  type RemovedLine,
} from './cart-lines'

export type { CartEntry } from './cart-lines'

export interface Cart {
  lines: readonly CartEntry[]
  /** How many portions in all. */
  count: number
  /** Adds a line, merging it with an identical one (same dish, same options, same note). */
  add: (line: CartLine) => void
  /** Sets the quantity of a line, kept within 1–99. */
  setQuantity: (key: string, quantity: number) => void
  remove: (key: string) => void
  /** Puts the last removed line back in its place; null when there is nothing to undo. */
  undo: (() => void) | null
  /** Forgets the last removal once its Undo is no longer offered. */
  dismissUndo: () => void
  clear: () => void
}

interface Snapshot {
  lines: readonly CartEntry[]
  removed: RemovedLine | null
}

interface CartStore {
  snapshot: Snapshot
  listeners: Set<() => void>
  subscribe: (listener: () => void) => () => void
  update: (lines: readonly CartEntry[], removed: RemovedLine | null) => void
}

const stores = new Map<string, CartStore>()

function readStored(key: string): readonly CartEntry[] {
  try {
    return parseStoredCart(localStorage.getItem(key))
  } catch {
    return []
  }
}

function createStore(restaurantId: string): CartStore {
  const storageKey = cartStorageKey(restaurantId)
  const listeners = new Set<() => void>()
  const notify = () => {
    for (const listener of listeners) listener()
  }
  // Another tab changed this cart: take its lines; an Undo offered here no longer applies.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== storageKey && event.key !== null) return
    store.snapshot = { lines: readStored(storageKey), removed: null }
    notify()
  }
  const store: CartStore = {
    snapshot: { lines: readStored(storageKey), removed: null },
    listeners,
    subscribe: (listener) => {
      if (listeners.size === 0) {
        // Changes made while nobody listened (another tab) must not be missed.
        store.snapshot = { ...store.snapshot, lines: readStored(storageKey) }
        window.addEventListener('storage', onStorage)
      }
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
        if (listeners.size === 0) window.removeEventListener('storage', onStorage)
      }
    },
    update: (lines, removed) => {
      if (lines === store.snapshot.lines && removed === store.snapshot.removed) return
      const linesChanged = lines !== store.snapshot.lines
      store.snapshot = { lines, removed }
      if (linesChanged) {
        try {
          if (lines.length === 0) localStorage.removeItem(storageKey)
          else localStorage.setItem(storageKey, serializeCart(lines))
        } catch {
          // Private mode or a full storage: the cart still works for this visit.
        }
      }
      notify()
    },
  }
  return store
}

function storeFor(restaurantId: string): CartStore {
  let store = stores.get(restaurantId)
  if (!store) {
    store = createStore(restaurantId)
    stores.set(restaurantId, store)
  }
  return store
}

const EMPTY: Snapshot = { lines: [], removed: null }

/** The diner's cart at one restaurant: kept in this browser, the same in every tab. */
export function useCart(restaurantId: string): Cart {
  const store = storeFor(restaurantId)
  const { lines, removed } = useSyncExternalStore(
    store.subscribe,
    () => store.snapshot,
    () => EMPTY,
  )
  return useMemo(() => {
    const current = () => store.snapshot
    return {
      lines,
      count: itemCount(lines),
      add: (line) => store.update(addLine(current().lines, line), null),
      setQuantity: (key, quantity) =>
        store.update(setLineQuantity(current().lines, key, quantity), current().removed),
      remove: (key) => {
        const result = removeLine(current().lines, key)
        if (result.removed) store.update(result.lines, result.removed)
      },
      undo: removed
        ? () => {
            const last = current().removed
            if (last) store.update(restoreLine(current().lines, last), null)
          }
        : null,
      dismissUndo: () => store.update(current().lines, null),
      clear: () => store.update([], null),
    }
  }, [store, lines, removed])
}
