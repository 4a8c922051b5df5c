import { useSyncExternalStore } from 'react'

/** A value kept in localStorage under one key, the same in every tab, read through React. */
export interface StoredValue<T> {
  get: () => T
  set: (value: T) => void
  /**
   * Sets a value made from the current one. Unwatched, the value held here may be stale (the
   * `storage` event is heard only while someone listens), so it is read again first.
   */
  update: (change: (value: T) => T) => void
  subscribe: (listener: () => void) => () => void
}

/**
 * `parse` turns what is stored (or null) into a value, and must not throw on anything a
 * user, an older build or another tab may have left there; `empty` is what nothing means.
 */
export function createStoredValue<T>(
  key: string,
  parse: (stored: unknown) => T,
  empty: T,
): StoredValue<T> {
  const listeners = new Set<() => void>()
  const read = (): T => {
    try {
      const raw = localStorage.getItem(key)
      return raw === null ? empty : parse(JSON.parse(raw))
    } catch {
      return empty
    }
  }
  let current = read()
  const notify = () => {
    for (const listener of listeners) listener()
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key !== key && event.key !== null) return
    current = read()
    notify()
  }
  const set = (value: T) => {
    current = value
    try {
      if (value === empty) localStorage.removeItem(key)
      else localStorage.setItem(key, JSON.stringify(value))
    } catch {
      // Private mode or a full storage: the value still holds for this visit.
    }
    notify()
  }
  return {
    get: () => current,
    set,
    update: (change) => {
      const before = listeners.size === 0 ? read() : current
      const after = change(before)
      if (after !== before) set(after)
    },
    subscribe: (listener) => {
      if (listeners.size === 0) {
        current = read()
        window.addEventListener('storage', onStorage)
      }
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
        if (listeners.size === 0) window.removeEventListener('storage', onStorage)
      }
    },
  }
}

export function useStoredValue<T>(store: StoredValue<T>, serverValue: T): T {
  return useSyncExternalStore(store.subscribe, store.get, () => serverValue)
}
