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

export function startReload(): void {
  if (reloading) return
  reloading = true
  location.reload()
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
export function installPreloadErrorReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    // Left alone, the error goes on to the route's error page.
    if (reloadForChunkError()) event.preventDefault()
  })
}
