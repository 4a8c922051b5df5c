import { sql, type Kysely, type Selectable, type Transaction } from 'kysely'
import type { TableRef } from '@tableside/contracts/table-sessions'
import type { LocalizedText } from '@tableside/contracts/text'
import type { Database } from '../../db/schema'

export interface FloorTableRow {
  tableId: string
  code: string
  label: string
  zone: LocalizedText | null
  enabled: boolean
  sessionId: string | null
  openedAt: Date | null
  lastActivityAt: Date | null
  expiresAt: Date | null
}

/** What the floor shows of any order. */
const ORDER_COLUMNS = [
  'o.id',
  'o.number',
  'o.status',
  'o.placedAt',
  'o.lines',
  'o.total',
  'o.paidAmount',
  'o.paymentMethod',
  'o.paymentStatus',
  'o.bonusPoints',
  'o.comment',
] as const

/** An order's columns the floor shows of any order. */
export type FloorOrderRow = Pick<
  Selectable<Database['orders']>,
  | 'id'
  | 'number'
  | 'status'
  | 'placedAt'
  | 'lines'
  | 'total'
  | 'paidAmount'
  | 'paymentMethod'
  | 'paymentStatus'
  | 'bonusPoints'
  | 'comment'
>

/** The SQL of the waiter's floor: a fixed number of queries whatever the number of tables. */
export function createFloorRepository(db: Kysely<Database>) {
  return {
    /** The waiter's tables, each with its open session that has not run out (or none). */
    myTables(waiterId: string, restaurantId: string, now: Date): Promise<FloorTableRow[]> {
      return db
        .selectFrom('waiterTables as wt')
        .innerJoin('restaurantTables as t', 't.id', 'wt.tableId')
        .leftJoin('tableSessions as s', (join) =>
          join
            .onRef('s.tableId', '=', 't.id')
            .on('s.closedAt', 'is', null)
            .on('s.expiresAt', '>', now),
        )
        .select([
          't.id as tableId',
          't.code',
          't.label',
          't.zone',
          't.enabled',
          's.id as sessionId',
          's.openedAt',
          's.lastActivityAt',
          's.expiresAt',
        ])
        .where('wt.waiterId', '=', waiterId)
        .where('t.restaurantId', '=', restaurantId)
        .execute()
    },

    /** The sessions' orders, oldest first, with the name of the waiter who placed any. */
    orders(sessionIds: readonly string[]) {
      if (sessionIds.length === 0) return Promise.resolve([])
      return db
        .selectFrom('orders as o')
        .leftJoin('waiters as w', 'w.id', 'o.placedByWaiterId')
        .select([
          ...ORDER_COLUMNS,
          'o.tableSessionId',
          'o.placedByWaiterId',
          'w.name as placedByName',
        ])
        .where('o.tableSessionId', 'in', sessionIds)
        .orderBy('o.placedAt')
        .orderBy('o.number')
        .execute()
    },

    /**
     * The restaurant's open orders without a table, the soonest wanted first (a pre-order by its
     * slot, the rest by when they were placed), at most `limit` (index `orders_open_without_table`).
     */
    tableless(restaurantId: string, limit: number) {
      return db
        .selectFrom('orders as o')
        .select([
          ...ORDER_COLUMNS,
          'o.type',
          'o.contact',
          'o.address',
          'o.scheduledFor',
          'o.guests',
        ])
        .where('o.restaurantId', '=', restaurantId)
        .where('o.tableSessionId', 'is', null)
        .where('o.status', 'not in', ['completed', 'cancelled'])
        .orderBy(sql`coalesce(o.scheduled_for, o.placed_at)`)
        .orderBy('o.number')
        .limit(limit)
        .execute()
    },

    /** The sessions' calls not yet done, oldest first. */
    openCalls(sessionIds: readonly string[]) {
      if (sessionIds.length === 0) return Promise.resolve([])
      return db
        .selectFrom('waiterCalls')
        .selectAll()
        .where('tableSessionId', 'in', sessionIds)
        .where('status', '<>', 'done')
        .orderBy('createdAt')
        .execute()
    },

    /** Online payments in progress on the sessions' bills or their orders. */
    pendingPayments(sessionIds: readonly string[]) {
      if (sessionIds.length === 0) return Promise.resolve([])
      return db
        .selectFrom('payments')
        .selectAll()
        .where('status', '=', 'pending')
        .where((eb) =>
          eb.or([
            eb('tableSessionId', 'in', sessionIds),
            eb(
              'orderId',
              'in',
              eb
                .selectFrom('orders')
                .select('orders.id')
                .where('orders.tableSessionId', 'in', sessionIds),
            ),
          ]),
        )
        .execute()
    },

    /** The session with its table, locked to the end of `trx`. */
    lockSession(sessionId: string, trx: Transaction<Database>) {
      return trx
        .selectFrom('tableSessions as s')
        .innerJoin('restaurantTables as t', 't.id', 's.tableId')
        .select([
          's.id',
          's.restaurantId',
          's.tableId',
          's.closedAt',
          's.expiresAt',
          't.code',
          't.label',
          't.zone',
        ])
        .where('s.id', '=', sessionId)
        .forUpdate('s')
        .executeTakeFirst()
    },

    /** The session's orders, locked to the end of `trx`. */
    lockOrders(sessionId: string, trx: Transaction<Database>) {
      return trx
        .selectFrom('orders')
        .selectAll()
        .where('tableSessionId', '=', sessionId)
        .orderBy('placedAt')
        .forUpdate()
        .execute()
    },

    /** Whether an online payment of the session's bill or one of its orders is in progress. */
    async paymentInProgress(sessionId: string, trx: Transaction<Database>): Promise<boolean> {
      const row = await trx
        .selectFrom('payments')
        .select('id')
        .where('status', '=', 'pending')
        .where((eb) =>
          eb.or([
            eb('tableSessionId', '=', sessionId),
            eb(
              'orderId',
              'in',
              eb.selectFrom('orders').select('orders.id').where('tableSessionId', '=', sessionId),
            ),
          ]),
        )
        .executeTakeFirst()
      return row !== undefined
    },

    /** The restaurant's table with this code (in any case), locked to the end of `trx`. */
    lockTable(restaurantId: string, code: string, trx: Transaction<Database>) {
      return trx
        .selectFrom('restaurantTables')
        .select(['id', 'code', 'label', 'zone', 'enabled'])
        .where('restaurantId', '=', restaurantId)
        .where(sql<string>`lower(code)`, '=', code.toLowerCase())
        .forUpdate()
        .executeTakeFirst()
    },

    /** The table's open session, if any, locked to the end of `trx`. */
    openSessionAt(tableId: string, trx: Transaction<Database>) {
      return trx
        .selectFrom('tableSessions')
        .select(['id', 'expiresAt'])
        .where('tableId', '=', tableId)
        .where('closedAt', 'is', null)
        .forUpdate()
        .executeTakeFirst()
    },

    /** The session, its orders and so its bill now belong to `table`. */
    async moveSession(
      sessionId: string,
      table: { id: string; ref: TableRef },
      at: Date,
      trx: Transaction<Database>,
    ): Promise<void> {
      await trx
        .updateTable('tableSessions')
        .set({ tableId: table.id, lastActivityAt: at })
        .where('id', '=', sessionId)
        .execute()
      await trx
        .updateTable('orders')
        .set({ tableRef: JSON.stringify(table.ref) })
        .where('tableSessionId', '=', sessionId)
        .execute()
    },

    /** Active waiters who serve any of these tables. */
    async waitersAt(tableIds: readonly string[], trx: Transaction<Database>): Promise<string[]> {
      const rows = await trx
        .selectFrom('waiterTables as wt')
        .innerJoin('waiters as w', 'w.id', 'wt.waiterId')
        .select('w.id')
        .distinct()
        .where('wt.tableId', 'in', tableIds)
        .where('w.active', '=', true)
        .execute()
      return rows.map((row) => row.id)
    },
  }
}

export type FloorRepository = ReturnType<typeof createFloorRepository>
