import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely'
import { GARCON_NEWS_KINDS, type GarconAlertKind } from '@tableside/contracts/garcon-alerts'
import type { Database, GarconAlertsTable } from '../../db/schema'

export type GarconAlertRow = Selectable<GarconAlertsTable>

/** An alert row as JSON, with what its delivery needs from elsewhere. */
interface DeliverableAlertJson extends Omit<GarconAlertRow, 'createdAt' | 'readAt'> {
  /** As `jsonb_build_object` writes a timestamptz. */
  createdAt: string
  defaultLanguage: 'ru' | 'en'
  /** Whether its waiter had a device subscribed when it was written. */
  hasDevices: boolean
}

/**
 * A `GARCON_ALERT` entry's payload (written by the statement that places orders): the alerts as
 * their delivery needs them, or (written before issue 31's release) their ids.
 */
export type GarconAlertEntry = { alerts: DeliverableAlertJson[] } | { alertIds: string[] }

/**
 * What handled an alert's cause: its call answered (but for `keepFor`, the waiter on the way,
 * whose alert stays until the call is done); its order moved on (the kinds about the order
 * it answers); its table's visit ended (every alert at the table raised before the transaction
 * that ends it began, on the database's clock: guests who sat down since keep theirs).
 */
export type HandledCause =
  | { callId: string; keepFor?: string | undefined }
  | { restaurantId: string; orderNumber: number; kinds: readonly GarconAlertKind[] }
  | { restaurantId: string; tableCode: string }

/** The table of a session and whoever hears what happens there. */
interface TableHearers {
  restaurantId: string
  code: string
  label: string
  waiterIds: string[]
}

/** The SQL of waiters' alerts (decision 0042): written in the transaction of what caused them. */
export function createGarconAlertRepository(db: Kysely<Database>) {
  /**
   * Alerts to deliver, with their restaurant's language and whether their waiter has a device
   * subscribed (most have none: then there is nothing to push, and no query). A row whose waiter
   * or restaurant is gone went with them.
   */
  const toDeliver = (ids: readonly string[]) =>
    db
      .selectFrom('garconAlerts as a')
      .innerJoin('restaurants as r', 'r.id', 'a.restaurantId')
      .selectAll('a')
      .select('r.defaultLanguage')
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('garconPushSubscriptions as d')
              .select('d.id')
              .whereRef('d.waiterId', '=', 'a.waiterId'),
          )
          .as('hasDevices'),
      )
      .where('a.id', 'in', ids)
      .execute()

  return {
    insert(
      trx: Transaction<Database>,
      rows: readonly Insertable<GarconAlertsTable>[],
    ): Promise<GarconAlertRow[]> {
      return trx.insertInto('garconAlerts').values(rows).returningAll().execute()
    },

    /** The session's table and the waiters the `garcon_hearers` rule says hear it. */
    async hearersAtTable(
      trx: Transaction<Database>,
      tableSessionId: string,
    ): Promise<TableHearers | undefined> {
      const found = await sql<TableHearers>`
        select s.restaurant_id as "restaurantId", t.code, t.label,
          array(select h.id::text from garcon_hearers(s.restaurant_id, s.table_id) as h(id))
            as "waiterIds"
        from table_sessions s join restaurant_tables t on t.id = s.table_id
        where s.id = ${tableSessionId}
      `.execute(trx)
      return found.rows[0]
    },

    /**
     * How many of the waiter's alerts are unread, and the latest `limit` of them; news only when
     * raised since `newsSince` (decision 0123).
     */
    async unread(waiterId: string, limit: number, newsSince: Date) {
      const unread = db
        .selectFrom('garconAlerts')
        .where('waiterId', '=', waiterId)
        .where('readAt', 'is', null)
        .where((eb) =>
          eb.or([eb('kind', 'not in', GARCON_NEWS_KINDS), eb('createdAt', '>=', newsSince)]),
        )
      const [count, rows] = await Promise.all([
        unread.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst(),
        unread
          .selectAll()
          .orderBy('createdAt', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .execute(),
      ])
      return { count: Number(count?.n ?? 0), rows }
    },

    /** The waiter's alert, read at `now` unless it was already; undefined when not theirs. */
    markRead(trx: Transaction<Database>, waiterId: string, alertId: string, now: Date) {
      return trx
        .updateTable('garconAlerts')
        .set((eb) => ({ readAt: eb.fn.coalesce('readAt', eb.val(now)) }))
        .where('id', '=', alertId)
        .where('waiterId', '=', waiterId)
        .returningAll()
        .executeTakeFirst()
    },

    /**
     * Every waiter's unread alerts that `cause` handled, read at `now`; the rows this statement
     * read (compared and set on `read_at is null`: of two nodes settling one alert, one does it).
     */
    settle(trx: Transaction<Database>, cause: HandledCause, now: Date) {
      let handled = trx.updateTable('garconAlerts').set({ readAt: now }).where('readAt', 'is', null)
      if ('callId' in cause) {
        handled = handled.where('callId', '=', cause.callId)
        if (cause.keepFor) handled = handled.where('waiterId', '<>', cause.keepFor)
      } else if ('orderNumber' in cause) {
        if (cause.kinds.length === 0) return Promise.resolve([])
        handled = handled
          .where('restaurantId', '=', cause.restaurantId)
          .where('orderNumber', '=', cause.orderNumber)
          .where('kind', 'in', cause.kinds)
      } else {
        handled = handled
          .where('restaurantId', '=', cause.restaurantId)
          .where('tableCode', '=', cause.tableCode)
          .where('createdAt', '<=', sql<Date>`now()`)
      }
      return handled.returning(['id', 'waiterId']).execute()
    },

    /** Every unread alert of the waiter read at `now`; how many. */
    async markAllRead(trx: Transaction<Database>, waiterId: string, now: Date): Promise<number> {
      const result = await trx
        .updateTable('garconAlerts')
        .set({ readAt: now })
        .where('waiterId', '=', waiterId)
        .where('readAt', 'is', null)
        .executeTakeFirst()
      return Number(result.numUpdatedRows)
    },

    /**
     * A `GARCON_ALERT` entry's alerts as their delivery needs them: from the entry itself, or
     * read by the ids an older release's entry names (`toDeliver`).
     */
    ofEntry(entry: GarconAlertEntry) {
      if ('alertIds' in entry) return toDeliver(entry.alertIds)
      return Promise.resolve(
        entry.alerts.map((alert) => ({
          ...alert,
          createdAt: new Date(alert.createdAt),
          readAt: null,
        })),
      )
    },
  }
}

export type GarconAlertRepository = ReturnType<typeof createGarconAlertRepository>
