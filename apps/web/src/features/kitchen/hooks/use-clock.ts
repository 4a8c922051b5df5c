import { useSyncExternalStore } from 'react'

/**
 * One clock for every ticket timer on the page: a single interval, started while anyone
 * listens, ticking once a second. A timer reads it through `useSyncExternalStore`, so only the
 * timers draw again each second, never the cards or the board (issue 17: 50 tickets, no jank).
 */
const listeners = new Set<() => void>()
let now = Date.now()
let timer: ReturnType<typeof setInterval> | undefined

function subscribe(listener: () => void) {
  listeners.add(listener)
  if (!timer) {
    now = Date.now()
    timer = setInterval(() => {
      now = Date.now()
      for (const notify of listeners) notify()
    }, 1_000)
  }
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0) {
      clearInterval(timer)
      timer = undefined
    }
  }
}

/** The server's clock minus this screen's: timers count on the server's time. */
let offsetMs = 0

/** Notes the server's time as a response said it (a screen's clock may be minutes off). */
export function noteServerTime(serverNow: string, at = Date.now()) {
  const offset = Date.parse(serverNow) - at
  if (Number.isFinite(offset)) offsetMs = offset
}

const read = () => now + offsetMs

/** The server's time in milliseconds since the epoch, as of the last tick. */
export function useServerClock(): number {
  return useSyncExternalStore(subscribe, read, read)
}

const readMinute = () => Math.floor(read() / 60_000) * 60_000

/**
 * The server's time to the minute: what the board's lanes follow (an order for later joins the
 * live board on a minute). It changes once a minute, so the board draws again only then.
 */
export function useServerMinute(): number {
  return useSyncExternalStore(subscribe, readMinute, readMinute)
}
