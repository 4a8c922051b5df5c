import { sql, type Kysely, type Selectable } from 'kysely'
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
