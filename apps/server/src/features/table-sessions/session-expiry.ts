import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { createBatchSweep } from '../../lib/batch-sweep'
import type { Outbox } from '../outbox/outbox'
import { createTableSessionRepository } from './table-session-repository'
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
  const sessions = createTableSessionRepository(db)
  /** One transaction: up to BATCH due sessions taken and ended; how many were due. */
  const expireBatch = (at: Date) =>
    db.transaction().execute(async (trx) => {
      const due = await sessions.takeDueToExpire(at, BATCH, trx)
      let ended = 0
      for (const { id } of due) {
        if (await expireSession(trx, id, at, { outbox, alertAtTable })) ended++
      }
      return { due: due.length, ended }
    })

  const sweeper = createBatchSweep({
    batch: async () => {
      const { due, ended } = await expireBatch(now())
      return { due, done: ended }
    },
    batchSize: BATCH,
    delivered,
    failure: 'Ending table sessions that ran out failed',
    log,
  })

  return {
    /** Ends every session due now; how many. One sweep at a time on this node. */
    sweep: sweeper.sweep,

    /** Looks for sessions that ran out every `everyMs` (15 s: a visit is told ended that late). */
    start(everyMs = 15_000): void {
      sweeper.start(everyMs)
    },

    stop: sweeper.stop,
  }
}

export type SessionExpiry = ReturnType<typeof createSessionExpiry>
