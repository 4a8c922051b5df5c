import { sql, type Kysely, type Selectable, type Transaction } from 'kysely'
import type { WaiterCall, WaiterCallReason } from '@tableside/contracts/waiter-calls'
import type { Database, WaiterCallsTable } from '../../db/schema'
import type { TableSessionRow } from '../table-sessions/table-session-repository'

export type WaiterCallRow = Selectable<WaiterCallsTable>

export function toWaiterCall(
  row: WaiterCallRow,
  table: Pick<TableSessionRow, 'tableCode' | 'tableLabel' | 'tableZone'>,
): WaiterCall {
  return {
    id: row.id,
    reason: row.reason,
    comment: row.comment,
    status: row.status,
    table: { code: table.tableCode, label: table.tableLabel, zone: table.tableZone },
    createdAt: row.createdAt.toISOString(),
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
    acknowledgedBy: row.acknowledgedBy,
    doneAt: row.doneAt?.toISOString() ?? null,
  }
}

export function createWaiterCallRepository(db: Kysely<Database>) {
  const openCall = (tableSessionId: string, reason: WaiterCallReason) =>
    db
      .selectFrom('waiterCalls')
      .selectAll()
      .where('tableSessionId', '=', tableSessionId)
      .where('reason', '=', reason)
      .where('status', '<>', 'done')
      .executeTakeFirst()

  return {
    /** The open call for this reason, made now unless one is open already. */
    async open(
      session: Pick<TableSessionRow, 'id' | 'restaurantId'>,
      reason: WaiterCallReason,
      comment: string | null,
    ): Promise<{ row: WaiterCallRow; created: boolean }> {
      // The open call found in the way may be done before it is read: then try once more.
      for (let attempt = 0; ; attempt++) {
        const inserted = await db
          .insertInto('waiterCalls')
          .values({
            restaurantId: session.restaurantId,
            tableSessionId: session.id,
            reason,
            comment,
          })
          .onConflict((oc) =>
            oc.columns(['tableSessionId', 'reason']).where('status', '<>', 'done').doNothing(),
          )
          .returningAll()
          .executeTakeFirst()
        if (inserted) return { row: inserted, created: true }
        const existing = await openCall(session.id, reason)
        if (existing) return { row: existing, created: false }
        if (attempt > 0) throw new Error('A waiter call was neither made nor found open')
      }
    },

    find(id: string): Promise<WaiterCallRow | undefined> {
      return db.selectFrom('waiterCalls').selectAll().where('id', '=', id).executeTakeFirst()
    },

    listBySession(tableSessionId: string): Promise<WaiterCallRow[]> {
      return db
        .selectFrom('waiterCalls')
        .selectAll()
        .where('tableSessionId', '=', tableSessionId)
        .orderBy('createdAt', 'desc')
        .limit(50)
        .execute()
    },

    acknowledge(id: string, by: { id: string; name: string }, at: Date) {
      return db
        .updateTable('waiterCalls')
        .set({ status: 'acknowledged', acknowledgedAt: at, acknowledgedBy: JSON.stringify(by) })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .returningAll()
        .executeTakeFirst()
    },

    complete(id: string, by: { id: string; name: string }, at: Date) {
      return db
        .updateTable('waiterCalls')
        .set({
          status: 'done',
          doneAt: at,
          // Done without a separate "coming": the waiter who finished it answered it.
          acknowledgedAt: sql<Date>`coalesce(acknowledged_at, ${at})`,
          acknowledgedBy: sql<string>`coalesce(acknowledged_by, ${JSON.stringify(by)}::jsonb)`,
        })
        .where('id', '=', id)
        .where('status', '<>', 'done')
        .returningAll()
        .executeTakeFirst()
    },
  }
}

export type WaiterCallRepository = ReturnType<typeof createWaiterCallRepository>

/** A call due to escalate, and the waiters on shift who have not heard it. */
export interface DueCall {
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
 * Up to `limit` open calls nobody acknowledged by their due time `at`, oldest due first, locked
 * to the end of `trx` (calls another sweeper holds are skipped); call escalation's (decision
 * 0045), run in its transaction.
 */
export async function takeDueCalls(
  trx: Transaction<Database>,
  at: Date,
  limit: number,
): Promise<DueCall[]> {
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
    limit ${limit}
    for update of c skip locked
  `.execute(trx)
  return due.rows
}

export async function markEscalated(
  trx: Transaction<Database>,
  callIds: readonly string[],
  at: Date,
): Promise<void> {
  await trx.updateTable('waiterCalls').set({ escalatedAt: at }).where('id', 'in', callIds).execute()
}

/** Gives a new call, in the transaction that makes it, its due time: the restaurant's escalation time after `now`. */
export async function scheduleEscalation(
  trx: Transaction<Database>,
  callId: string,
  now: Date,
): Promise<void> {
  await sql`
    update waiter_calls c
    set escalate_at = ${now}::timestamptz + make_interval(secs => r.call_escalation_seconds)
    from restaurants r
    where c.id = ${callId} and r.id = c.restaurant_id
  `.execute(trx)
}
