export interface BatchSweepOptions {
  /**
   * One transaction's worth: takes up to `batchSize` due rows and handles them. `due` is how many
   * it took (a full batch means more may wait), `done` how many it changed.
   */
  batch: () => Promise<{ due: number; done: number }>
  batchSize: number
  /** Tells after a batch that changed something (the outbox's kick). */
  delivered?: () => unknown
  /** What the log says when a sweep fails. */
  failure: string
  log?: { warn: (object: object, message: string) => void } | undefined
}

/**
 * A sweep of due work, the shape call escalation (decision 0045) and session expiry (0049)
 * share: batches until one is not full, one sweep at a time on this node (a sweep asked for
 * during one runs after it, so its answer covers what was due when asked), on a timer that never
 * keeps the process alive; stopping waits for the sweep under way.
 */
export function createBatchSweep({ batch, batchSize, delivered, failure, log }: BatchSweepOptions) {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<number> | undefined
  let next: Promise<number> | undefined

  const sweepAll = async (): Promise<number> => {
    let total = 0
    for (;;) {
      const { due, done } = await batch()
      total += done
      if (done > 0) delivered?.()
      if (due < batchSize) return total
    }
  }

  /** Handles everything due now; how many it changed. */
  const sweep = (): Promise<number> => {
    if (running) {
      next ??= running
        .then(
          () => undefined,
          () => undefined,
        )
        .then(() => {
          next = undefined
          return sweep()
        })
      return next
    }
    running = sweepAll().finally(() => {
      running = undefined
    })
    return running
  }

  return {
    sweep,

    /** Sweeps every `everyMs`. */
    start: (everyMs: number): void => {
      timer ??= setInterval(() => {
        sweep().catch((error: unknown) => {
          log?.warn({ err: error }, failure)
        })
      }, everyMs)
      timer.unref()
    },

    stop: async (): Promise<void> => {
      clearInterval(timer)
      timer = undefined
      await running?.catch(() => undefined)
    },
  }
}
