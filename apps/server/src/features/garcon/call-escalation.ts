import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../../db/schema'
import { createBatchSweep } from '../../lib/batch-sweep'
import {
  markEscalated,
  scheduleEscalation,
  takeDueCalls,
} from '../waiter-calls/waiter-call-repository'
import type { GarconAlerts } from './garcon-alerts'

/** Calls escalated per transaction: a backlog (after a long stop) goes in several. */
const BATCH = 20

export interface CallEscalationDeps {
  db: Kysely<Database>
  alerts: Pick<GarconAlerts, 'raise'>
  /** Tells after a commit that alerts were written (the outbox's kick). */
  delivered: () => unknown
  log?: { warn: (object: object, message: string) => void }
  now?: () => Date
}

/**
 * Escalation of waiter calls (decision 0045): a call nobody acknowledged by its stored due time
 * goes to every waiter on shift who has not heard it, alerted as escalated. The due time lives in
 * the call's row, so a restart or another node finds it; the sweep takes due calls with
 * `for update skip locked` and stamps them escalated in the same transaction as their alerts,
 * so two nodes never alert twice.
 */
export function createCallEscalation({
  db,
  alerts,
  delivered,
  log,
  now = () => new Date(),
}: CallEscalationDeps) {
  /** One transaction: up to BATCH due calls escalated; how many. */
  const escalateBatch = (at: Date) =>
    db.transaction().execute(async (trx) => {
      const due = await takeDueCalls(trx, at, BATCH)
      for (const call of due) {
        await alerts.raise(trx, call.restaurantId, call.waiterIds, {
          kind: 'waiter_call',
          table: { code: call.code, label: call.label },
          orderNumber: null,
          callId: call.id,
          detail: { reason: call.reason, comment: call.comment, escalated: true },
        })
      }
      if (due.length > 0) {
        await markEscalated(
          trx,
          due.map((call) => call.id),
          at,
        )
      }
      return due.length
    })

  const sweeper = createBatchSweep({
    batch: async () => {
      const escalated = await escalateBatch(now())
      return { due: escalated, done: escalated }
    },
    batchSize: BATCH,
    delivered,
    failure: 'Escalating waiter calls failed',
    log,
  })

  return {
    /**
     * Gives a new call, in the transaction that makes it, its due time: the restaurant's
     * escalation time from now.
     */
    async schedule(trx: Transaction<Database>, callId: string): Promise<void> {
      await scheduleEscalation(trx, callId, now())
    },

    /** Escalates every call due now; how many. Never runs twice at once on this node. */
    sweep: sweeper.sweep,

    /** Looks for due calls every `everyMs` (a second by default: calls are late by at most that). */
    start(everyMs = 1_000): void {
      sweeper.start(everyMs)
    },

    stop: sweeper.stop,
  }
}

export type CallEscalation = ReturnType<typeof createCallEscalation>
