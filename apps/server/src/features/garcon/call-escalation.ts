import { sql, type Kysely, type Transaction } from 'kysely'
import type { WaiterCallReason } from '@tableside/contracts/waiter-calls'
import type { Database } from '../../db/schema'
import { createBatchSweep } from '../../lib/batch-sweep'
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

interface DueCall {
  id: string
  restaurantId: string
  reason: WaiterCallReason
  comment: string | null
  code: string
  label: string
  /** Active waiters on shift who have no alert of this call yet. */
  waiterIds: string[]
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
      const due = await sql<DueCall>`
        select c.id, c.restaurant_id as "restaurantId", c.reason, c.comment, t.code, t.label,
          array(
            select w.id::text from waiters w
            where w.restaurant_id = c.restaurant_id and w.active and w.on_shift
              and not exists (
                select 1 from garcon_alerts a where a.call_id = c.id and a.waiter_id = w.id
              )
            order by w.id
          ) as "waiterIds"
        from waiter_calls c
        join table_sessions s on s.id = c.table_session_id
        join restaurant_tables t on t.id = s.table_id
        where c.status = 'open' and c.escalated_at is null and c.escalate_at is not null
          and c.escalate_at <= ${at}
        order by c.escalate_at, c.id
        limit ${BATCH}
        for update of c skip locked
      `.execute(trx)
      for (const call of due.rows) {
        await alerts.raise(trx, call.restaurantId, call.waiterIds, {
          kind: 'waiter_call',
          table: { code: call.code, label: call.label },
          orderNumber: null,
          callId: call.id,
          detail: { reason: call.reason, comment: call.comment, escalated: true },
        })
      }
      if (due.rows.length > 0) {
        await trx
          .updateTable('waiterCalls')
          .set({ escalatedAt: at })
          .where(
            'id',
            'in',
            due.rows.map((call) => call.id),
          )
          .execute()
      }
      return due.rows.length
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
      await sql`
        update waiter_calls c
        set escalate_at = ${now()}::timestamptz + make_interval(secs => r.call_escalation_seconds)
        from restaurants r
        where c.id = ${callId} and r.id = c.restaurant_id
      `.execute(trx)
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
