export interface RateLimiter {
  allow(key: string): boolean
}

/** A fixed-window counter per key, in memory: enough for one process's cheap endpoints. */
export function createRateLimiter(options: {
  limit: number
  windowMs: number
  now?: () => number
}): RateLimiter {
  const now = options.now ?? Date.now
  const windows = new Map<string, { startedAt: number; count: number }>()
  return {
    allow(key) {
      const at = now()
      if (windows.size > 10_000) {
        for (const [k, w] of windows) if (at - w.startedAt >= options.windowMs) windows.delete(k)
      }
      const current = windows.get(key)
      if (!current || at - current.startedAt >= options.windowMs) {
        windows.set(key, { startedAt: at, count: 1 })
        return true
      }
      current.count++
      return current.count <= options.limit
    },
  }
}
