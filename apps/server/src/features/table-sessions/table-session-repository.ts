import { type Kysely, type Transaction } from 'kysely'
import type { TableSession } from '@tableside/contracts/table-sessions'
import type { LocalizedText } from '@tableside/contracts/text'
import type { Database } from '../../db/schema'
import { createRestaurantRepository } from '../restaurants/restaurant-repository'

type Executor = Kysely<Database> | Transaction<Database>

export interface TableRow {
  id: string
  code: string
  label: string
  zone: LocalizedText | null
  enabled: boolean
}

export interface TableSessionRow {
  id: string
  restaurantId: string
  tableId: string
  tableCode: string
  tableLabel: string
  tableZone: LocalizedText | null
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
    /** The table whose QR code carries this token, at this restaurant only. */
    findTableByQrToken(restaurantId: string, qrToken: string): Promise<TableRow | undefined> {
      return db
        .selectFrom('restaurantTables')
        .select(['id', 'code', 'label', 'zone', 'enabled'])
        .where('restaurantId', '=', restaurantId)
        .where('qrToken', '=', qrToken)
        .executeTakeFirst()
    },

    /**
     * The table a scan opens, share-locked to the end of `trx`: the back office's switch that
     * takes it out of service locks it for update, so the two take turns (decision 0076).
     */
    lockTableToOpen(trx: Transaction<Database>, tableId: string) {
      return trx
        .selectFrom('restaurantTables')
        .select(['id', 'label', 'enabled', 'qrToken'])
        .where('id', '=', tableId)
        .forShare()
        .executeTakeFirst()
    },

    /** Whether this token was one of the restaurant's tables' before its QR code was replaced. */
    async isRetiredQrToken(restaurantId: string, qrToken: string): Promise<boolean> {
      const retired = await db
        .selectFrom('retiredTableQrTokens')
        .select('qrToken')
        .where('restaurantId', '=', restaurantId)
        .where('qrToken', '=', qrToken)
        .executeTakeFirst()
      return retired !== undefined
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
     * Closes an open session whose time ran out by `at` (a compare-and-set: a session closed or
     * touched meanwhile is left alone): when it ran out, and after how long without activity
     * (the restaurant's session lifetime), or undefined.
     */
    async expire(
      id: string,
      at: Date,
      executor: Executor = db,
    ): Promise<{ expiresAt: Date; idleMinutes: number } | undefined> {
      const ended = await executor
        .updateTable('tableSessions')
        .set({ closedAt: at, closedReason: 'expired' })
        .where('id', '=', id)
        .where('closedAt', 'is', null)
        .where('expiresAt', '<=', at)
        .returning(['restaurantId', 'expiresAt'])
        .executeTakeFirst()
      if (!ended) return undefined
      const restaurant = await createRestaurantRepository(executor).findById(ended.restaurantId)
      return {
        expiresAt: ended.expiresAt,
        idleMinutes: restaurant?.settings.tableSessionMinutes ?? 180,
      }
    },

    /**
     * Closes an open session whose bill is settled: some order completed and paid, every other
     * one too or cancelled. The session's row is locked before its orders are read: an order
     * placed into the session updates that row in the statement that inserts it (see
     * `order-repository.ts`), so under READ COMMITTED the check sees every order that got in
     * first, and an order that comes later finds the session closed. One UPDATE alone would
     * judge its subqueries on the snapshot taken before it waited for the row, and close the
     * table on an order committed meanwhile. Runs in the caller's transaction `trx`, which
     * holds the lock until it commits.
     */
    async closeIfSettled(id: string, at: Date, trx: Transaction<Database>): Promise<boolean> {
      const open = await trx
        .selectFrom('tableSessions')
        .select('id')
        .where('id', '=', id)
        .where('closedAt', 'is', null)
        .forUpdate()
        .executeTakeFirst()
      if (!open) return false
      const result = await trx
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

    /**
     * Up to `limit` open sessions whose time ran out by `at`, oldest due first, locked for the
     * rest of `trx`; sessions another sweeper holds are skipped.
     */
    takeDueToExpire(at: Date, limit: number, trx: Transaction<Database>) {
      return trx
        .selectFrom('tableSessions')
        .select('id')
        .where('closedAt', 'is', null)
        .where('expiresAt', '<=', at)
        .orderBy('expiresAt')
        .orderBy('id')
        .limit(limit)
        .forUpdate()
        .skipLocked()
        .execute()
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
