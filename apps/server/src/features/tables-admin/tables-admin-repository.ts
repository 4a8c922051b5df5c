import { sql, type Kysely, type Transaction } from 'kysely'
import type { LocalizedText } from '@tableside/contracts/text'
import type { Database } from '../../db/schema'

/** The highest position the database takes (migration 0034). */
const MAX_ZONE_POSITION = 10_000

export interface ZoneRow {
  id: string
  name: LocalizedText
  position: number
  tableCount: number
}

export interface TableRow {
  id: string
  code: string
  label: string
  zoneId: string | null
  seats: number
  enabled: boolean
  qrToken: string
  /** A session is open there now. */
  occupied: boolean
}

export interface TableChanges {
  code?: string
  label?: string
  zoneId?: string | null
  seats?: number
  enabled?: boolean
}

/** A restaurant's zones and tables as the back office writes them; all SQL of the feature. */
export function createTablesAdminRepository(db: Kysely<Database>) {
  const zones = (executor: Kysely<Database>, restaurantId: string) =>
    executor
      .selectFrom('tableZones as z')
      .select(['z.id', 'z.name', 'z.position'])
      .select((eb) =>
        eb
          .selectFrom('restaurantTables as t')
          .whereRef('t.zoneId', '=', 'z.id')
          .select((count) => count.fn.countAll<number>().as('n'))
          .as('tableCount'),
      )
      .where('z.restaurantId', '=', restaurantId)

  const tables = (executor: Kysely<Database>, restaurantId: string, at: Date) =>
    executor
      .selectFrom('restaurantTables as t')
      .select(['t.id', 't.code', 't.label', 't.zoneId', 't.seats', 't.enabled', 't.qrToken'])
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('tableSessions as s')
              .select('s.id')
              .whereRef('s.tableId', '=', 't.id')
              .where('s.closedAt', 'is', null)
              .where('s.expiresAt', '>', at),
          )
          .$castTo<boolean>()
          .as('occupied'),
      )
      .where('t.restaurantId', '=', restaurantId)

  const zoneRow = (row: { tableCount: number | string | null } & Omit<ZoneRow, 'tableCount'>) => ({
    ...row,
    tableCount: Number(row.tableCount ?? 0),
  })

  return {
    async restaurantName(restaurantId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('restaurants')
        .select('name')
        .where('id', '=', restaurantId)
        .executeTakeFirst()
      return row?.name
    },

    async zones(restaurantId: string, executor: Kysely<Database> = db): Promise<ZoneRow[]> {
      return (await zones(executor, restaurantId).execute()).map(zoneRow)
    },

    async zone(
      restaurantId: string,
      id: string,
      executor: Kysely<Database> = db,
    ): Promise<ZoneRow | undefined> {
      const row = await zones(executor, restaurantId).where('z.id', '=', id).executeTakeFirst()
      return row && zoneRow(row)
    },

    /** The zone row locked for a change, or undefined when the restaurant has none by that id. */
    lockZone(trx: Transaction<Database>, restaurantId: string, id: string) {
      return trx
        .selectFrom('tableZones')
        .select('id')
        .where('restaurantId', '=', restaurantId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst()
    },

    /** Every zone of the restaurant locked for a new order, in a fixed order (no deadlock). */
    async lockZones(trx: Transaction<Database>, restaurantId: string): Promise<string[]> {
      const rows = await trx
        .selectFrom('tableZones')
        .select('id')
        .where('restaurantId', '=', restaurantId)
        .orderBy('id')
        .forUpdate()
        .execute()
      return rows.map((row) => row.id)
    },

    /** Gives each zone its index in `ids` as its position. */
    async setZonePositions(trx: Transaction<Database>, ids: readonly string[]): Promise<void> {
      for (const [position, id] of ids.entries()) {
        await trx.updateTable('tableZones').set({ position }).where('id', '=', id).execute()
      }
    },

    /** Whether the restaurant has another zone of this Russian name (any case). */
    async zoneNameTaken(
      trx: Transaction<Database>,
      restaurantId: string,
      ru: string,
      except?: string,
    ): Promise<boolean> {
      const row = await trx
        .selectFrom('tableZones')
        .select('id')
        .where('restaurantId', '=', restaurantId)
        .where(sql<boolean>`lower(name ->> 'ru') = lower(${ru})`)
        .$if(except !== undefined, (query) => query.where('id', '!=', except ?? ''))
        .executeTakeFirst()
      return row !== undefined
    },

    async nextZonePosition(trx: Transaction<Database>, restaurantId: string): Promise<number> {
      const row = await trx
        .selectFrom('tableZones')
        .select((eb) => eb.fn.max<number | null>('position').as('last'))
        .where('restaurantId', '=', restaurantId)
        .executeTakeFirst()
      // Positions stop at the database's bound (10,000); zones past it share the last place.
      return row?.last == null ? 0 : Math.min(MAX_ZONE_POSITION, row.last + 1)
    },

    async insertZone(
      trx: Transaction<Database>,
      restaurantId: string,
      zone: { name: LocalizedText; position: number },
    ): Promise<string> {
      const row = await trx
        .insertInto('tableZones')
        .values({ restaurantId, name: JSON.stringify(zone.name), position: zone.position })
        .returning('id')
        .executeTakeFirstOrThrow()
      return row.id
    },

    async updateZone(
      trx: Transaction<Database>,
      id: string,
      changes: { name?: LocalizedText; position?: number },
    ): Promise<void> {
      await trx
        .updateTable('tableZones')
        .set({
          ...(changes.name ? { name: JSON.stringify(changes.name) } : {}),
          ...(changes.position === undefined ? {} : { position: changes.position }),
        })
        .where('id', '=', id)
        .execute()
    },

    async deleteZone(trx: Transaction<Database>, id: string): Promise<void> {
      await trx.deleteFrom('tableZones').where('id', '=', id).execute()
    },

    async tables(restaurantId: string, at: Date, executor: Kysely<Database> = db) {
      return tables(executor, restaurantId, at).execute()
    },

    table(
      restaurantId: string,
      id: string,
      at: Date,
      executor: Kysely<Database> = db,
    ): Promise<TableRow | undefined> {
      return tables(executor, restaurantId, at).where('t.id', '=', id).executeTakeFirst()
    },

    /** The table locked for a change, with whether diners sit there now. */
    async lockTable(
      trx: Transaction<Database>,
      restaurantId: string,
      id: string,
      at: Date,
    ): Promise<TableRow | undefined> {
      const locked = await trx
        .selectFrom('restaurantTables')
        .select('id')
        .where('restaurantId', '=', restaurantId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst()
      return locked && tables(trx, restaurantId, at).where('t.id', '=', id).executeTakeFirst()
    },

    /** Whether another table of the restaurant has this code (codes match in any case). */
    async codeTaken(
      trx: Transaction<Database>,
      restaurantId: string,
      code: string,
      except?: string,
    ): Promise<boolean> {
      const row = await trx
        .selectFrom('restaurantTables')
        .select('id')
        .where('restaurantId', '=', restaurantId)
        .where(sql<boolean>`lower(code) = lower(${code})`)
        .$if(except !== undefined, (query) => query.where('id', '!=', except ?? ''))
        .executeTakeFirst()
      return row !== undefined
    },

    async insertTable(
      trx: Transaction<Database>,
      restaurantId: string,
      table: Required<TableChanges> & { qrToken: string },
    ): Promise<string> {
      const row = await trx
        .insertInto('restaurantTables')
        .values({ restaurantId, ...table })
        .returning('id')
        .executeTakeFirstOrThrow()
      return row.id
    },

    async changeTable(trx: Transaction<Database>, id: string, changes: TableChanges) {
      if (Object.keys(changes).length === 0) return
      await trx.updateTable('restaurantTables').set(changes).where('id', '=', id).execute()
    },
  }
}

export type TablesAdminRepository = ReturnType<typeof createTablesAdminRepository>
