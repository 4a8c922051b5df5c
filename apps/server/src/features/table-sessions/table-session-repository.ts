import { sql, type Kysely, type Transaction } from 'kysely'
import type { TableSession } from '@tableside/contracts/table-sessions'
import type { Database } from '../../db/schema'

type Executor = Kysely<Database> | Transaction<Database>

export interface TableRow {
  id: string
  code: string
  label: string
  zone: string | null
  enabled: boolean
}

export interface TableSessionRow {
  id: string
  restaurantId: string
  tableId: string
  tableCode: string
  tableLabel: string
  tableZone: string | null
  openedAt: Date
  lastActivityAt: Date
  expiresAt: Date
  closedAt: Date | null
  closedReason: 'expired' | 'settled' | null
}

export function toTableSession(row: TableSessionRow): TableSession {
  return {
    id: row.id,
    restaurantId: row.restaurantId,
    table: { code: row.tableCode, label: row.tableLabel, zone: row.tableZone },
    status: row.closedAt ? 'closed' : 'open',
    openedAt: row.openedAt.toISOString(),
    lastActivityAt: row.lastActivityAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    closedReason: row.closedReason,
  }
}

function sessionsWithTable(db: Executor) {
  return db
    .selectFrom('tableSessions as s')
    .innerJoin('restaurantTables as t', 't.id', 's.tableId')
    .select([
      's.id',
      's.restaurantId',
      's.tableId',
      't.code as tableCode',
      't.label as tableLabel',
      't.zone as tableZone',
      's.openedAt',
      's.lastActivityAt',
      's.expiresAt',
      's.closedAt',
      's.closedReason',
    ])
}

export function createTableSessionRepository(db: Kysely<Database>) {
  return {
    findTable(restaurantId: string, code: string): Promise<TableRow | undefined> {
      return db
        .selectFrom('restaurantTables')
        .select(['id', 'code', 'label', 'zone', 'enabled'])
        .where('restaurantId', '=', restaurantId)
        .where(sql<boolean>`lower(code) = lower(${code})`)
        .executeTakeFirst()
    },

    find(id: string, executor: Executor = db): Promise<TableSessionRow | undefined> {
      return sessionsWithTable(executor).where('s.id', '=', id).executeTakeFirst()
    },

    findOpenForTable(tableId: string, executor: Executor = db) {
      return sessionsWithTable(executor)
        .where('s.tableId', '=', tableId)
        .where('s.closedAt', 'is', null)
        .executeTakeFirst()
    },

    /** Opens a session unless one is open already (two phones scanning at once); returns its id. */
    async open(
      restaurantId: string,
      tableId: string,
      now: Date,
      expiresAt: Date,
      executor: Executor = db,
    ): Promise<void> {
      await executor
        .insertInto('tableSessions')
        .values({ restaurantId, tableId, openedAt: now, lastActivityAt: now, expiresAt })
        .onConflict((oc) => oc.column('tableId').where('closedAt', 'is', null).doNothing())
        .execute()
    },

    async close(
      id: string,
      reason: 'expired' | 'settled',
      at: Date,
      executor: Executor = db,
    ): Promise<boolean> {
      const result = await executor
        .updateTable('tableSessions')
        .set({ closedAt: at, closedReason: reason })
        .where('id', '=', id)
        .where('closedAt', 'is', null)
        .executeTakeFirst()
      return result.numUpdatedRows > 0n
    },

    /**
     * Closes an open session whose bill is settled: some order completed and paid, every other
     * one too or cancelled. Checked in the same statement, so an order placed meanwhile keeps
     * the table open.
     */
    async closeIfSettled(id: string, at: Date): Promise<boolean> {
      const result = await db
        .updateTable('tableSessions')
        .set({ closedAt: at, closedReason: 'settled' })
        .where('id', '=', id)
        .where('closedAt', 'is', null)
        .where((eb) =>
          eb.and([
            eb.exists(
              eb
                .selectFrom('orders')
                .select('orders.id')
                .where('orders.tableSessionId', '=', id)
                .where('orders.status', '=', 'completed')
                .where('orders.paymentStatus', '=', 'paid'),
            ),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('orders')
                  .select('orders.id')
                  .where('orders.tableSessionId', '=', id)
                  .where('orders.status', '<>', 'cancelled')
                  .where((order) =>
                    order.or([
                      order('orders.status', '<>', 'completed'),
                      order('orders.paymentStatus', '<>', 'paid'),
                    ]),
                  ),
              ),
            ),
          ]),
        )
        .executeTakeFirst()
      return result.numUpdatedRows > 0n
    },

    /** Somebody at the table did something: the session lives on from now. */
    async touch(id: string, now: Date, expiresAt: Date, executor: Executor = db): Promise<void> {
      await executor
        .updateTable('tableSessions')
        .set({ lastActivityAt: now, expiresAt })
        .where('id', '=', id)
        .where('closedAt', 'is', null)
        .execute()
    },
  }
}

export type TableSessionRepository = ReturnType<typeof createTableSessionRepository>
