import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { Outbox } from '../outbox/outbox'
import { expireSession, type AlertAtTable } from './table-session-service'

/** Sessions ended per transaction: a backlog (after a long stop) goes in several. */
const BATCH = 20

export interface SessionExpiryDeps {
  db: Kysely<Database>
  outbox: Outbox
  alertAtTable?: AlertAtTable
  /** Tells after a commit that something was written to the outbox (its kick). */
  delivered: () => unknown
  log?: { warn: (object: object, message: string) => void }
  now?: () => Date
}

/**
 * Ends sessions that ran out of time though nobody looks at them (decision 0049), as call
 * escalation does its calls (decision 0045): `expires_at` is the stored due time; the sweep takes
 * due open sessions with `for update skip locked` and ends each in the same transaction as its
 * `table-session.closed` and its waiters' alert, so two nodes, or a node and a phone ending the
 * session on the way (`expireSession` is a compare-and-set), never tell twice.
 */
export function createSessionExpiry({
  db,
  outbox,
  alertAtTable,
  delivered,
  log,
  now = () => new Date(),
}: SessionExpiryDeps) {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<number> | undefined
  let next: Promise<number> | undefined

  /** One transaction: up to BATCH due sessions taken and ended; how many were due. */
  const expireBatch = (at: Date) =>
    db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('tableSessions')
        .select('id')
        .where('closedAt', 'is', null)
        .where('expiresAt', '<=', at)
        .orderBy('expiresAt')
        .orderBy('id')
        .limit(BATCH)
        .forUpdate()
        .skipLocked()
        .execute()
      let ended = 0
      for (const { id } of due) {
        if (await expireSession(trx, id, at, { outbox, alertAtTable })) ended++
      }
      return { due: due.length, ended }
    })

  const sweepAll = async (): Promise<number> => {
    let total = 0
    for (;;) {
      const { due, ended } = await expireBatch(now())
      total += ended
      if (ended > 0) delivered()
      if (due < BATCH) return total
    }
  }

  /** Ends every session due now; how many. One sweep at a time on this node. */
  const sweep = (): Promise<number> => {
    if (running) {
      // A sweep asked for during one runs after it, so its answer covers what was due when asked.
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

    /** Looks for sessions that ran out every `everyMs` (15 s: a visit is told ended that late). */
    start(everyMs = 15_000): void {
      timer ??= setInterval(() => {
        sweep().catch((error: unknown) => {
          log?.warn({ err: error }, 'Ending table sessions that ran out failed')
        })
      }, everyMs)
      timer.unref()
    },

    async stop(): Promise<void> {
      clearInterval(timer)
      timer = undefined
      await running?.catch(() => undefined)
    },
  }
}

export type SessionExpiry = ReturnType<typeof createSessionExpiry>
