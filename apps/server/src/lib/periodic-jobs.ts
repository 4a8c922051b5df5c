import type { JobLock } from '../db/job-lock'

export interface PeriodicJob {
  /** What the log calls it. */
  name: string
  /** A round every `everyMs`… */
  everyMs: number
  /** …the first `firstAfterMs` after start (out of the start's way); `everyMs` if not said. */
  firstAfterMs?: number
  /** One round's work; a failure is logged, and the next round tries again. */
  run: () => Promise<unknown>
}

export interface PeriodicJobsOptions {
  lock: JobLock
  log?: { warn: (object: object, message: string) => void }
}

/**
 * The periodic jobs of a node, each round run only where the cluster's job lock is held
 * (decision 0103): with several nodes on one database, one of them does each round and the
 * others skip it, instead of every node doing the same work (the report warmer) or racing on
 * it. While the database is away the lock cannot be had and rounds are skipped; they resume
 * by themselves. Features add their jobs when they register; the app starts them when it is
 * ready and stops them (waiting for rounds under way) when it closes.
 */
export function createPeriodicJobs({ lock, log }: PeriodicJobsOptions) {
  const jobs: PeriodicJob[] = []
  const timers: NodeJS.Timeout[] = []
  const running = new Map<string, Promise<void>>()
  let started = false

  const round = (job: PeriodicJob): Promise<void> => {
    const under = running.get(job.name)
    // A round that outlasts its period is not joined by the next: that one is skipped.
    if (under) return under
    const done = (async () => {
      if (!(await lock.held())) return
      await job.run()
    })()
      .catch((error: unknown) => {
        log?.warn({ err: error, job: job.name }, `Periodic job ${job.name} failed`)
      })
      .finally(() => running.delete(job.name))
    running.set(job.name, done)
    return done
  }

  const schedule = (job: PeriodicJob) => {
    const first = setTimeout(() => {
      void round(job)
      const every = setInterval(() => void round(job), job.everyMs)
      every.unref()
      timers.push(every)
    }, job.firstAfterMs ?? job.everyMs)
    first.unref()
    timers.push(first)
  }

  return {
    add(job: PeriodicJob): void {
      if (jobs.some(({ name }) => name === job.name))
        throw new Error(`A periodic job named ${job.name} is there already`)
      jobs.push(job)
      if (started) schedule(job)
    },

    /** Runs a round of `name` now, where the lock is held (what a test or an operator asks). */
    runNow(name: string): Promise<void> {
      const job = jobs.find((candidate) => candidate.name === name)
      if (!job) throw new Error(`There is no periodic job named ${name}`)
      return round(job)
    },

    start(): void {
      if (started) return
      started = true
      for (const job of jobs) schedule(job)
    },

    async stop(): Promise<void> {
      started = false
      for (const timer of timers.splice(0)) clearTimeout(timer)
      await Promise.all(running.values())
    },
  }
}

export type PeriodicJobs = ReturnType<typeof createPeriodicJobs>
