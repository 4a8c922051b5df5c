import { sql, type Kysely } from 'kysely'
import type { OrderStatus } from '@tableside/contracts/order-status'
import type { OrderType } from '@tableside/contracts/restaurants'
import type { Database } from '../../db/schema'

export interface LiveFilters {
  status?: OrderStatus | undefined
  type?: OrderType | undefined
  table?: string | undefined
  zone?: string | undefined
  waiter?: string | undefined
}

/** The SQL of the live screen: a fixed number of queries whatever the restaurant's size. */
export function createLiveRepository(db: Kysely<Database>) {
  /** Tables matching the table and zone filters, and serving waiter filter, as a subquery. */
  const tableFilter = (restaurantId: string, filters: LiveFilters) => {
    let tables = db
      .selectFrom('restaurantTables as t')
      .select('t.id')
      .where('t.restaurantId', '=', restaurantId)
    if (filters.table) tables = tables.where(sql`lower(t.code)`, '=', filters.table.toLowerCase())
    if (filters.zone) {
      const zone = filters.zone.toLowerCase()
      tables = tables.where((eb) =>
        eb.or([
          eb(sql`lower(t.zone ->> 'ru')`, '=', zone),
          eb(sql`lower(t.zone ->> 'en')`, '=', zone),
        ]),
      )
    }
    return tables
  }

  return {
    /** Orders still in progress, and those placed since `since`, newest first, filtered. */
    orders(restaurantId: string, since: Date, filters: LiveFilters, limit: number) {
      let query = db
        .selectFrom('orders as o')
        .leftJoin('tableSessions as s', 's.id', 'o.tableSessionId')
        .leftJoin('restaurantTables as t', 't.id', 's.tableId')
        .leftJoin('waiters as pw', 'pw.id', 'o.placedByWaiterId')
        .select([
          'o.id',
          'o.number',
          'o.type',
          'o.status',
          'o.paymentStatus',
          'o.paymentMethod',
          'o.lines',
          'o.total',
          'o.paidAmount',
          'o.bonusPoints',
          'o.placedAt',
          'o.scheduledFor',
          'o.placedByWaiterId',
          'pw.name as placedBy',
          's.tableId',
          't.code as tableCode',
          't.label as tableLabel',
          't.zone as tableZone',
        ])
        .where('o.restaurantId', '=', restaurantId)
        .where((eb) =>
          eb.or([
            eb('o.status', 'not in', ['completed', 'cancelled']),
            eb('o.placedAt', '>=', since),
          ]),
        )
      if (filters.status) query = query.where('o.status', '=', filters.status)
      if (filters.type) query = query.where('o.type', '=', filters.type)
      if (filters.table || filters.zone) {
        query = query.where('s.tableId', 'in', tableFilter(restaurantId, filters))
      }
      if (filters.waiter) {
        const waiter = filters.waiter
        query = query.where((eb) =>
          eb.or([
            eb('o.placedByWaiterId', '=', waiter),
            eb(
              's.tableId',
              'in',
              eb.selectFrom('waiterTables').select('tableId').where('waiterId', '=', waiter),
            ),
          ]),
        )
      }
      return query.orderBy('o.placedAt', 'desc').orderBy('o.number', 'desc').limit(limit).execute()
    },

    /** Calls not done yet, oldest first, filtered by table, zone and the table's waiter. */
    calls(restaurantId: string, filters: LiveFilters) {
      let query = db
        .selectFrom('waiterCalls as c')
        .innerJoin('tableSessions as s', 's.id', 'c.tableSessionId')
        .innerJoin('restaurantTables as t', 't.id', 's.tableId')
        .select([
          'c.id',
          'c.reason',
          'c.comment',
          'c.status',
          'c.createdAt',
          'c.acknowledgedBy',
          'c.escalatedAt',
          's.tableId',
          't.code as tableCode',
          't.label as tableLabel',
          't.zone as tableZone',
        ])
        .where('c.restaurantId', '=', restaurantId)
        .where('c.status', '<>', 'done')
      if (filters.table || filters.zone) {
        query = query.where('s.tableId', 'in', tableFilter(restaurantId, filters))
      }
      if (filters.waiter) {
        query = query.where('s.tableId', 'in', (eb) =>
          eb
            .selectFrom('waiterTables')
            .select('tableId')
            .where('waiterId', '=', filters.waiter ?? ''),
        )
      }
      return query.orderBy('c.createdAt').orderBy('c.id').execute()
    },

    /**
     * Online refunds of the restaurant the acquirer has not confirmed since before `before`,
     * oldest first, with their orders' numbers (decision 0140): at most 50.
     */
    slowRefunds(restaurantId: string, before: Date) {
      return db
        .selectFrom('refunds as r')
        .innerJoin('orders as o', 'o.id', 'r.orderId')
        .select(['r.id', 'r.orderId', 'o.number', 'r.amount', 'r.createdAt'])
        .where('r.restaurantId', '=', restaurantId)
        .where('r.way', '=', 'online')
        .where('r.state', '=', 'in_progress')
        .where('r.createdAt', '<', before)
        .orderBy('r.createdAt')
        .orderBy('r.id')
        .limit(50)
        .execute()
    },

    /** Every table with who serves it: the filters' choices and the orders' waiters. */
    tables(restaurantId: string) {
      return db
        .selectFrom('restaurantTables as t')
        .select(['t.id', 't.code', 't.label', 't.zone'])
        .where('t.restaurantId', '=', restaurantId)
        .orderBy(sql`length(t.code)`)
        .orderBy('t.code')
        .execute()
    },

    waiters(restaurantId: string) {
      return db
        .selectFrom('waiters as w')
        .leftJoin('waiterTables as wt', 'wt.waiterId', 'w.id')
        .select(['w.id', 'w.name', 'w.onShift', 'w.active', 'wt.tableId'])
        .where('w.restaurantId', '=', restaurantId)
        .orderBy('w.name')
        .execute()
    },

    restaurant(restaurantId: string) {
      return db
        .selectFrom('restaurants')
        .select(['timezone', 'currency'])
        .where('id', '=', restaurantId)
        .executeTakeFirst()
    },

    /** Midnight today where the restaurant is, as an instant. */
    async startOfToday(timezone: string, now: Date): Promise<Date> {
      const result = await sql<{ start: Date }>`
        select date_trunc('day', ${now}::timestamptz at time zone ${timezone})
          at time zone ${timezone} as start
      `.execute(db)
      return result.rows[0]?.start ?? now
    },
  }
}

export type LiveRepository = ReturnType<typeof createLiveRepository>
