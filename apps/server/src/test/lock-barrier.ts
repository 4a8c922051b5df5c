import { setTimeout as delay } from 'node:timers/promises'
import { sql, type Kysely } from 'kysely'
import pg from 'pg'
import type { Database } from '../db/schema'

/** How long contenders get to reach the barrier before a race test gives up. */
const ARRIVAL_TIMEOUT_MS = 10_000

export interface LockBarrier {
  /**
   * Resolves once `count` sessions wait behind the barrier's lock, directly or queued behind
   * one another; with `orAfterMs`, also once that much time has passed (for contenders that
   * may not need the lock at all).
   */
  arrived(count: number, orAfterMs?: number): Promise<number>
  /** Lets the waiting contenders go, all at once. */
  release(): Promise<void>
  /**
   * Sends `one`, and once it waits behind the lock `other` (queued behind it), then lets both go:
   * resolves to their answers, `one`'s first.
   */
  race<T>(one: () => Promise<T>, other: () => Promise<T>): Promise<[T, T]>
}

/**
 * A barrier for races on a PostgreSQL server. A connection of its own takes a lock the
 * contenders need (`lock`, run in an open transaction) and holds it until they are all seen
 * waiting for it, then lets go: their transactions overlap for certain, on separate
 * connections, instead of whenever the scheduler happens to interleave them.
 */
export async function lockBarrier(
  db: Kysely<Database>,
  url: string,
  lock: (client: pg.Client) => Promise<unknown>,
): Promise<LockBarrier> {
  // The test's own database and schema on the server at `url` (see `test-database.ts`).
  const found = await sql<{ database: string; schema: string }>`
    select current_database() as database, current_schema() as schema`.execute(db)
  const { database, schema } = found.rows[0] ?? { database: '', schema: 'public' }
  const target = new URL(url)
  if (database) target.pathname = `/${database}`
  const connect = async () => {
    const client = new pg.Client({
      connectionString: target.toString(),
      options: `-c search_path=${schema}`,
    })
    await client.connect()
    return client
  }
  const client = await connect()
  // Watches from outside: a transaction sees the activity of others as of its first look.
  const observer = await connect()
  await client.query('begin')
  await lock(client)
  const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid
  let released = false

  const waiting = async () => {
    const result = await observer.query<{ count: number }>(
      `with recursive blocked(pid) as (
        select a.pid from pg_stat_activity a where $1::int = any(pg_blocking_pids(a.pid))
        union
        select a.pid from pg_stat_activity a, blocked b where b.pid = any(pg_blocking_pids(a.pid))
      )
      select count(*)::int as count from blocked`,
      [pid],
    )
    return result.rows[0]?.count ?? 0
  }

  const barrier: LockBarrier = {
    async arrived(count, orAfterMs) {
      const started = Date.now()
      for (;;) {
        const seen = await waiting()
        if (seen >= count) return seen
        const waited = Date.now() - started
        if (orAfterMs !== undefined && waited >= orAfterMs) return seen
        if (waited > ARRIVAL_TIMEOUT_MS) {
          throw new Error(`Only ${seen} of ${count} contenders reached the barrier`)
        }
        await delay(5)
      }
    },
    async release() {
      if (released) return
      released = true
      try {
        await client.query('commit')
      } finally {
        await Promise.all([client.end(), observer.end()])
      }
    },
    async race(one, other) {
      const firstAnswer = one()
      await barrier.arrived(1)
      const secondAnswer = other()
      await barrier.arrived(2)
      await barrier.release()
      return Promise.all([firstAnswer, secondAnswer])
    },
  }
  return barrier
}
