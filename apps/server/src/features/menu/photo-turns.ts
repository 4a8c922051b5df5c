import type { ClusterLocks } from '../../db/cluster-locks'
import { HttpError } from '../../http/http-error'

/** An upload that found its restaurant's line full, or waited too long: 429 with Retry-After. */
export class PhotoLineFull extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      429,
      'rate_limited',
      `Your other photos are still being prepared: send this one again in ${String(retryAfterSeconds)} seconds.`,
    )
  }
}

export interface PhotoTurnsOptions {
  locks: ClusterLocks
  /** A restaurant's uploads on one node, the one at work included; more are refused. */
  maxInLine?: number
  /** How long an upload waits for its turn before it is refused. */
  waitMs?: number
  /** How often an upload whose restaurant works on another node asks again. */
  pollMs?: number
}

const MAX_IN_LINE = 6
const WAIT_MS = 30_000
const POLL_MS = 250
const RETRY_AFTER_S = 10

/**
 * A restaurant's uploads take turns across the cluster (decision 0110): its photos are worked
 * on one at a time, wherever they arrive, under the cluster lock `photos:{restaurant}`. A
 * manager who picks several photos at once sees them all stored one after the other; only a
 * line longer than `maxInLine` on a node, or a wait past `waitMs`, is refused (429).
 */
export function createPhotoTurns({
  locks,
  maxInLine = MAX_IN_LINE,
  waitMs = WAIT_MS,
  pollMs = POLL_MS,
}: PhotoTurnsOptions) {
  const inLine = new Map<string, number>()
  /** Uploads on this node waiting for a lock: woken when this node releases it. */
  const waiting = new Map<string, Set<() => void>>()

  const turnOrTimeout = (name: string, ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer)
        const woken = waiting.get(name)
        woken?.delete(wake)
        if (woken?.size === 0) waiting.delete(name)
        resolve()
      }
      const timer = setTimeout(wake, ms)
      waiting.set(name, (waiting.get(name) ?? new Set()).add(wake))
    })

  const released = (name: string) => {
    for (const wake of [...(waiting.get(name) ?? [])]) wake()
  }

  return {
    /** Runs `work` in `restaurantId`'s turn. */
    async take<T>(restaurantId: string, work: () => Promise<T>): Promise<T> {
      const count = inLine.get(restaurantId) ?? 0
      if (count >= maxInLine) throw new PhotoLineFull(RETRY_AFTER_S)
      inLine.set(restaurantId, count + 1)
      const name = `photos:${restaurantId}`
      try {
        const deadline = Date.now() + waitMs
        while (!(await locks.tryTake(name))) {
          const left = deadline - Date.now()
          if (left <= 0) throw new PhotoLineFull(RETRY_AFTER_S)
          await turnOrTimeout(name, Math.min(pollMs, left))
        }
        try {
          return await work()
        } finally {
          await locks.release(name)
          released(name)
        }
      } finally {
        const left = (inLine.get(restaurantId) ?? 1) - 1
        if (left === 0) inLine.delete(restaurantId)
        else inLine.set(restaurantId, left)
      }
    },
  }
}

export type PhotoTurns = ReturnType<typeof createPhotoTurns>
