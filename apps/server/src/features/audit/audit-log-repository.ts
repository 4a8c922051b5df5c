import { sql, type Insertable, type Kysely, type Transaction } from 'kysely'
import { AUDIT_SERVER_ACTOR, type AuditFilter } from '@tableside/contracts/audit'
import type { LocalizedText } from '@tableside/contracts/text'
import type { AuditLogTable, Database } from '../../db/schema'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The ids an entry's names are looked up by, per kind of thing. */
export interface CurrentNameIds {
  dishes: string[]
  categories: string[]
  menus: string[]
  tables: string[]
  zones: string[]
  waiters: string[]
  staff: string[]
  stations: string[]
}

export type CurrentNames = { [Kind in keyof CurrentNameIds]: Map<string, LocalizedText> }

/** The audit log's SQL (decision 0063). */
export function createAuditLogRepository(db: Kysely<Database>) {
  return {
    /** Writes the entry in `executor`: the transaction of the change it records. */
    async insert(
      executor: Transaction<Database> | Kysely<Database>,
      entry: Insertable<AuditLogTable>,
    ): Promise<void> {
      await executor.insertInto('auditLog').values(entry).execute()
    },

    /** The same entry in every restaurant's log: what the server noticed concerns them all. */
    async insertForEveryRestaurant(
      entry: Omit<Insertable<AuditLogTable>, 'restaurantId' | 'at'> & { at: Date },
      executor: Transaction<Database> | Kysely<Database> = db,
    ): Promise<void> {
      await executor
        .insertInto('auditLog')
        .columns([
          'restaurantId',
          'actorId',
          'actorName',
          'action',
          'entity',
          'entityId',
          'after',
          'at',
        ])
        .expression((eb) =>
          eb
            .selectFrom('restaurants')
            .select((inner) => [
              'id',
              inner.val(entry.actorId ?? null).as('actorId'),
              inner.val(entry.actorName).as('actorName'),
              inner.val(entry.action).as('action'),
              inner.val(entry.entity).as('entity'),
              inner.val(entry.entityId ?? null).as('entityId'),
              sql`${entry.after ?? null}::jsonb`.as('after'),
              sql<Date>`${entry.at}::timestamptz`.as('at'),
            ]),
        )
        .execute()
    },

    /**
     * Up to `limit` of the restaurant's entries older than `before`, newest first: by who
     * (`server`: what the server noticed), what, and from–to, days on the restaurant's calendar.
     */
    page(
      restaurantId: string,
      options: AuditFilter & { before?: string | undefined; limit: number },
    ) {
      const restaurantZone = db
        .selectFrom('restaurants')
        .select('timezone')
        .where('id', '=', restaurantId)
      let query = db
        .selectFrom('auditLog')
        .select([
          sql<string>`id::text`.as('id'),
          'at',
          'actorId',
          'actorName',
          'action',
          'entity',
          'entityId',
          'before',
          'after',
        ])
        .where('restaurantId', '=', restaurantId)
      const { actor, entity, from, to, before } = options
      if (before !== undefined) query = query.where('auditLog.id', '<', before)
      if (entity !== undefined) query = query.where('entity', '=', entity)
      if (actor === AUDIT_SERVER_ACTOR) query = query.where('actorId', 'is', null)
      else if (actor !== undefined) query = query.where('actorId', '=', actor)
      if (from !== undefined) {
        query = query.where(
          'at',
          '>=',
          sql<Date>`(${from}::date)::timestamp at time zone (${restaurantZone})`,
        )
      }
      if (to !== undefined) {
        query = query.where(
          'at',
          '<',
          sql<Date>`(${to}::date + 1)::timestamp at time zone (${restaurantZone})`,
        )
      }
      return query.orderBy('auditLog.id', 'desc').limit(options.limit).execute()
    },

    /** Everyone the restaurant's log names, each by the name of their latest entry. */
    async actors(restaurantId: string) {
      const rows = await db
        .selectFrom('auditLog')
        .distinctOn('actorId')
        .select(['actorId', 'actorName'])
        .where('restaurantId', '=', restaurantId)
        .orderBy('actorId')
        .orderBy('id', 'desc')
        .execute()
      return rows.map((row) => ({ id: row.actorId, name: row.actorName }))
    },

    /** How the restaurant writes money and time: for the CSV's sentences. */
    restaurant(restaurantId: string) {
      return db
        .selectFrom('restaurants')
        .select(['locale', sql<string>`trim(currency)`.as('currency'), 'timezone'])
        .where('id', '=', restaurantId)
        .executeTakeFirst()
    },

    /**
     * What the restaurant's things are called now, by id: for entries that never said (a stop of
     * a dish before decision 0116) or that name others by id (a table's zone). Ids of a kind that
     * has UUIDs are only looked up when they are UUIDs.
     */
    async currentNames(restaurantId: string, ids: CurrentNameIds): Promise<CurrentNames> {
      const uuids = (list: readonly string[]) => list.filter((id) => UUID.test(id))
      const of = async <T extends { id: string }>(
        list: readonly string[],
        read: (list: string[]) => Promise<T[]>,
      ) => (list.length === 0 ? [] : read([...new Set(list)]))
      const [dishes, categories, menus, tables, zones, waiters, staff, stations] =
        await Promise.all([
          of(ids.dishes, (list) =>
            db
              .selectFrom('dishes')
              .select(['id', 'name'])
              .where('restaurantId', '=', restaurantId)
              .where('id', 'in', list)
              .execute(),
          ),
          of(ids.categories, (list) =>
            db
              .selectFrom('menuCategories')
              .select(['id', 'name'])
              .where('restaurantId', '=', restaurantId)
              .where('id', 'in', list)
              .execute(),
          ),
          of(ids.menus, (list) =>
            db
              .selectFrom('menus')
              .select(['id', 'name'])
              .where('restaurantId', '=', restaurantId)
              .where('id', 'in', list)
              .execute(),
          ),
          of(uuids(ids.tables), (list) =>
            db
              .selectFrom('restaurantTables')
              .select(['id', 'label as name'])
              .where('restaurantId', '=', restaurantId)
              .where('id', 'in', list)
              .execute(),
          ),
          of(uuids(ids.zones), (list) =>
            db
              .selectFrom('tableZones')
              .select(['id', 'name'])
              .where('restaurantId', '=', restaurantId)
              .where('id', 'in', list)
              .execute(),
          ),
          of(uuids(ids.waiters), (list) =>
            db
              .selectFrom('waiters')
              .select(['id', 'name'])
              .where('restaurantId', '=', restaurantId)
              .where('id', 'in', list)
              .execute(),
          ),
          of(uuids(ids.staff), (list) =>
            db
              .selectFrom('staff')
              .select(['id', 'name'])
              .where('restaurantId', '=', restaurantId)
              .where('id', 'in', list)
              .execute(),
          ),
          of(uuids(ids.stations), (list) =>
            db
              .selectFrom('kitchenStations')
              .select(['id', 'name'])
              .where('restaurantId', '=', restaurantId)
              .where('id', 'in', list)
              .execute(),
          ),
        ])
      const byId = (rows: { id: string; name: string | LocalizedText }[]) =>
        new Map(
          rows.map((row) => [row.id, typeof row.name === 'string' ? { ru: row.name } : row.name]),
        )
      return {
        dishes: byId(dishes),
        categories: byId(categories),
        menus: byId(menus),
        tables: byId(tables),
        zones: byId(zones),
        waiters: byId(waiters),
        staff: byId(staff),
        stations: byId(stations),
      }
    },
  }
}
