/** Most items one statement takes. */
const MOST_PER_STATEMENT = 64
/**
 * Under load, how long a statement waits after its first item came for the items that follow
 * (decision 0165): at 500 orders/s a statement's fixed cost was most of an order's CPU.
 */
const GATHER_MS = 4
/** Items are flowing when one came less than this after the one before (10 a second). */
const FLOWING_MS = 100
/**
 * Items waiting that make a statement go without the wait: they share its cost already, and
 * under a burst (or past the ceiling) waiting would only hold the engine idle.
 */
const GATHERED_ENOUGH = 8

interface Pending<T, R> {
  item: T
  resolve: (answer: R | undefined) => void
  reject: (error: unknown) => void
  /** When its statement may go: at once, or `gatherMs` after it came when items are flowing. */
  readyAt: number
}

export interface StatementBatchesOptions<T, R> {
  /** Runs one statement for `items` (their keys differ): the answer for each, by its key. */
  run: (items: readonly T[]) => Promise<ReadonlyMap<string, R>>
  /** Items of one key never share a statement: a same-key retry waits for the next. */
  keyOf: (item: T) => string
  /** `GATHER_MS` unless told (tests). */
  gatherMs?: number
}

/**
 * Items that arrive while a statement runs wait and go in the next one together: on the
 * embedded database a statement's fixed cost (protocol, planning, the write to disk) is most of
 * an order's, so under load it is shared (decision 0021). While items are flowing (one came less
 * than `FLOWING_MS` after the one before), a statement also waits until its oldest item has
 * waited `gatherMs`, and takes those that came meanwhile, unless `GATHERED_ENOUGH` wait already
 * (decision 0165). Nobody waits when idle.
 */
export function createStatementBatches<T, R>({
  run,
  keyOf,
  gatherMs = GATHER_MS,
}: StatementBatchesOptions<T, R>) {
  const queue: Pending<T, R>[] = []
  let flushing = false
  let lastArrivalAt = Number.NEGATIVE_INFINITY

  /** The next statement's items: the oldest waiting, one per key. */
  const takeBatch = (): Pending<T, R>[] => {
    const batch: Pending<T, R>[] = []
    const keys = new Set<string>()
    for (let index = 0; index < queue.length && batch.length < MOST_PER_STATEMENT;) {
      const pending = queue[index]
      if (!pending || keys.has(keyOf(pending.item))) {
        index++
        continue
      }
      keys.add(keyOf(pending.item))
      batch.push(pending)
      queue.splice(index, 1)
    }
    return batch
  }

  const settle = async (batch: Pending<T, R>[]) => {
    try {
      const answers = await run(batch.map((pending) => pending.item))
      for (const pending of batch) pending.resolve(answers.get(keyOf(pending.item)))
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error)
        return
      }
      // One item the database refuses must not take the others with it: each on its own.
      for (const pending of batch) await settle([pending])
    }
  }

  /**
   * Before each statement, one turn of the event loop: requests that came in while the last
   * one ran (the embedded database holds the thread meanwhile) are read and join this one; and
   * under load, until its oldest item is ready (`readyAt`).
   */
  const flush = async () => {
    try {
      for (;;) {
        await new Promise((resolve) => setImmediate(resolve))
        const wait =
          queue.length >= GATHERED_ENOUGH ? 0 : (queue[0]?.readyAt ?? 0) - performance.now()
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
        const batch = takeBatch()
        if (batch.length === 0) break
        await settle(batch)
      }
    } finally {
      flushing = false
    }
  }

  return {
    /** `item`'s answer, once the statement that took it has run; undefined when it gave none. */
    add(item: T): Promise<R | undefined> {
      return new Promise((resolve, reject) => {
        const arrivedAt = performance.now()
        const flowing = arrivedAt - lastArrivalAt < FLOWING_MS
        lastArrivalAt = arrivedAt
        queue.push({ item, resolve, reject, readyAt: flowing ? arrivedAt + gatherMs : arrivedAt })
        if (flushing) return
        flushing = true
        void flush()
      })
    },
  }
}
