import { LRUCache } from 'lru-cache'

/** A lookup whose answers are reused for a while; concurrent lookups of one key share one load. */
export interface ShortLivedCache<T> {
  get(key: string): Promise<T>
  forget(key: string): void
  /** Keys held now, fresh or stale; never more than `max`. */
  readonly size: number
}

/** Keys held at most: the keys come from requests, so anyone can make up new ones. */
export const SHORT_LIVED_CACHE_MAX = 1_000

/**
 * For hot paths that read something rarely changed (a restaurant's settings, its waiters)
 * on every request: each key is loaded at most once per `ttlMs`. A failed load is not kept.
 * The least recently used keys make room for new ones.
 */
export function shortLivedCache<T>(
  load: (key: string) => Promise<T>,
  ttlMs: number,
  { clock = Date.now, max = SHORT_LIVED_CACHE_MAX }: { clock?: () => number; max?: number } = {},
): ShortLivedCache<T> {
  const entries = new LRUCache<string, { at: number; value: Promise<T> }>({ max })
  return {
    get(key) {
      const now = clock()
      const entry = entries.get(key)
      if (entry && now - entry.at < ttlMs) return entry.value
      const value = load(key)
      entries.set(key, { at: now, value })
      value.catch(() => {
        if (entries.peek(key)?.value === value) entries.delete(key)
      })
      return value
    },
    forget(key) {
      entries.delete(key)
    },
    get size() {
      return entries.size
    },
  }
}
