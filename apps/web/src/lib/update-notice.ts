import { useSyncExternalStore } from 'react'

/** Whether a newer build is deployed; set by the build-freshness watcher, read by the banner. */
let available = false
const listeners = new Set<() => void>()

export function announceUpdate(): void {
  if (available) return
  available = true
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

export function useUpdateAvailable(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => available,
    () => false,
  )
}
