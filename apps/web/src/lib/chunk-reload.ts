import { CHUNK_RELOAD_GUARD_MS, CHUNK_RELOAD_STORAGE_PREFIX } from '../config/constants'

const CHUNK_ERROR_MESSAGES = [
  'Failed to fetch dynamically imported module', // Chromium
  'Importing a module script failed', // Safari
  'error loading dynamically imported module', // Firefox
]

/** Is this the browser saying a script chunk could not be loaded (usually: a newer build replaced it)? */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const message = error.message.toLowerCase()
  return CHUNK_ERROR_MESSAGES.some((known) => message.includes(known.toLowerCase()))
}

export interface ReloadGuardDeps {
  now: () => number
  storage: Pick<Storage, 'getItem' | 'setItem'>
}

/**
 * Decides whether a chunk failure on `path` may reload the page, and records the reload.
 * At most once per path per CHUNK_RELOAD_GUARD_MS (spec §8), so a chunk that is truly
 * gone shows the error page instead of reloading forever.
 */
export function claimChunkReload(path: string, { now, storage }: ReloadGuardDeps): boolean {
  const key = CHUNK_RELOAD_STORAGE_PREFIX + path
  try {
    const last = Number(storage.getItem(key))
    const time = now()
    if (last > 0 && time - last < CHUNK_RELOAD_GUARD_MS) return false
    storage.setItem(key, String(time))
    return true
  } catch {
    // Without storage we cannot remember the reload, and an unguarded reload could loop.
    return false
  }
}

let reloading = false

const browserGuard = (): ReloadGuardDeps => ({ now: Date.now, storage: sessionStorage })

/**
 * Loads the page afresh. `to` is where the person was going: a failed route chunk fails
 * before the address bar changes, and reloading the old address would drop the tap.
 */
export function startReload(to?: string): void {
  if (reloading) return
  reloading = true
  if (to === undefined || to === location.pathname + location.search + location.hash)
    location.reload()
  else location.assign(to)
}

/** Reloads the page for a chunk failure if the guard allows it; true when a reload is under way. */
export function reloadForChunkError(path = location.pathname): boolean {
  if (reloading) return true
  if (!claimChunkReload(path, browserGuard())) return false
  startReload()
  return true
}

const decisions = new WeakMap<object, boolean>()

/**
 * For error boundaries, which may render one error several times: the guard is asked once
 * per error object and the answer kept. The caller then calls `startReload` in an effect.
 */
export function shouldReloadForChunkError(error: unknown, path: string): boolean {
  if (!isChunkLoadError(error) || typeof error !== 'object' || error === null) return false
  if (reloading) return true
  let decided = decisions.get(error)
  if (decided === undefined) {
    decided = claimChunkReload(path, browserGuard())
    decisions.set(error, decided)
  }
  return decided
}

/** Vite reports a failed preload of a lazy chunk's dependencies with this event. */
export function installPreloadErrorReload(isNavigating: () => boolean): void {
  window.addEventListener('vite:preloadError', (event) => {
    // During a navigation the error goes on to the router, whose boundary reloads the page
    // the person was going to; the address bar still shows the page they are leaving.
    if (isNavigating()) return
    if (reloadForChunkError()) event.preventDefault()
  })
}
