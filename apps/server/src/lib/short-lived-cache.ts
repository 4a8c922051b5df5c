/** A lookup whose answers are reused for a while; concurrent lookups of one key share one load. */
export interface ShortLivedCache<T> {
  get(key: string): Promise<T>
  forget(key: string): void
}

/**
 * For hot paths that read something rarely changed (a restaurant's settings, its waiters)
 * on every request: each key is loaded at most once per `ttlMs`. A failed load is not kept.
 */
export function shortLivedCache<T>(
  load: (key: string) => Promise<T>,
  ttlMs: number,
  clock: () => number = Date.now,
): ShortLivedCache<T> {
  const entries = new Map<string, { at: number; value: Promise<T> }>()
  return {
    get(key) {
      const now = clock()
      const entry = entries.get(key)
      if (entry && now - entry.at < ttlMs) return entry.value
      const value = load(key)
      entries.set(key, { at: now, value })
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key)
      })
      return value
    },
    forget(key) {
      entries.delete(key)
    },
  }
}
