import { sql, type Kysely, type Transaction } from 'kysely'
import type { AdminStation, KitchenThresholds } from '@tableside/contracts/kitchen'
import type { Database } from '../../db/schema'
import { stationsOf, thresholdsOf } from './kitchen-repository'

/** Stations, the categories they cook and the timer's thresholds: the manager's SQL. */
export function createStationRepository(db: Kysely<Database>) {
  const categoriesOf = async (executor: Kysely<Database>, stationIds: readonly string[]) => {
    if (stationIds.length === 0) return new Map<string, string[]>()
    const rows = await executor
      .selectFrom('kitchenStationCategories')
      .select(['stationId', 'categoryId'])
      .where('stationId', 'in', stationIds)
      .orderBy('categoryId')
      .execute()
    const byStation = new Map<string, string[]>()
    for (const row of rows) {
      byStation.set(row.stationId, [...(byStation.get(row.stationId) ?? []), row.categoryId])
    }
    return byStation
  }

  /**
   * Gives the station `categoryIds` besides those it has, each leaving the station that had it:
   * one statement, so two managers adding a category each both keep theirs (decision 0127).
   */
  const addCategories = async (
    trx: Transaction<Database>,
    restaurantId: string,
    stationId: string,
    categoryIds: readonly string[],
  ) => {
    if (categoryIds.length === 0) return
    await trx
      .insertInto('kitchenStationCategories')
      .values(categoryIds.map((categoryId) => ({ restaurantId, categoryId, stationId })))
      .onConflict((conflict) =>
        conflict
          .columns(['restaurantId', 'categoryId'])
          .doUpdateSet({ stationId: (eb) => eb.ref('excluded.stationId') }),
      )
      .execute()
  }

  return {
    async list(restaurantId: string, executor: Kysely<Database> = db): Promise<AdminStation[]> {
      const stations = await stationsOf(executor, restaurantId)
      const categories = await categoriesOf(
        executor,
        stations.map((station) => station.id),
      )
      return stations.map((station) => ({
        ...station,
        categoryIds: categories.get(station.id) ?? [],
      }))
    },

    async find(
      executor: Kysely<Database>,
      restaurantId: string,
      id: string,
    ): Promise<AdminStation | undefined> {
      return (await this.list(restaurantId, executor)).find((station) => station.id === id)
    },

    /** Locks the restaurant's row: changes to its stations wait for each other. */
    async lockRestaurant(trx: Transaction<Database>, restaurantId: string) {
      await trx
        .selectFrom('restaurants')
        .select('id')
        .where('id', '=', restaurantId)
        .forUpdate()
        .execute()
    },

    async nameTaken(
      trx: Transaction<Database>,
      restaurantId: string,
      name: string,
      except: string | null,
    ): Promise<boolean> {
      const row = await trx
        .selectFrom('kitchenStations')
        .select('id')
        .where('restaurantId', '=', restaurantId)
        .where(sql`lower(name)`, '=', name.toLowerCase())
        .$if(except !== null, (query) => query.where('id', '!=', except ?? ''))
        .executeTakeFirst()
      return row !== undefined
    },

    /** The ids among `categoryIds` that are not categories of the restaurant's menus now. */
    async unknownCategories(
      trx: Transaction<Database>,
      restaurantId: string,
      categoryIds: readonly string[],
    ): Promise<string[]> {
      if (categoryIds.length === 0) return []
      const known = await trx
        .selectFrom('menuCategories')
        .select('id')
        .where('restaurantId', '=', restaurantId)
        .where('id', 'in', categoryIds)
        .execute()
      const ids = new Set(known.map((row) => row.id))
      return categoryIds.filter((id) => !ids.has(id))
    },

    async insert(
      trx: Transaction<Database>,
      restaurantId: string,
      station: { name: string; sortOrder: number },
    ): Promise<string> {
      const row = await trx
        .insertInto('kitchenStations')
        .values({ restaurantId, ...station })
        .returning('id')
        .executeTakeFirstOrThrow()
      return row.id
    },

    async update(
      trx: Transaction<Database>,
      id: string,
      change: { name?: string; sortOrder?: number },
    ) {
      if (change.name === undefined && change.sortOrder === undefined) return
      await trx.updateTable('kitchenStations').set(change).where('id', '=', id).execute()
    },

    /** Makes `categoryIds` exactly the station's categories (taking them from other stations). */
    async setCategories(
      trx: Transaction<Database>,
      restaurantId: string,
      stationId: string,
      categoryIds: readonly string[],
    ) {
      await trx.deleteFrom('kitchenStationCategories').where('stationId', '=', stationId).execute()
      await addCategories(trx, restaurantId, stationId, categoryIds)
    },

    addCategories,

    async delete(trx: Transaction<Database>, id: string) {
      await trx.deleteFrom('kitchenStations').where('id', '=', id).execute()
    },

    thresholds(restaurantId: string, executor: Kysely<Database> = db) {
      return thresholdsOf(executor, restaurantId)
    },

    async setThresholds(
      trx: Transaction<Database>,
      restaurantId: string,
      thresholds: KitchenThresholds,
    ) {
      await trx
        .updateTable('restaurants')
        .set({
          kitchenWarnMinutes: thresholds.warnMinutes,
          kitchenLateMinutes: thresholds.lateMinutes,
        })
        .where('id', '=', restaurantId)
        .execute()
    },
  }
}

export type StationRepository = ReturnType<typeof createStationRepository>
