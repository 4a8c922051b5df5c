import type { Kysely, Transaction } from 'kysely'
import type { OrderStatus } from '@tableside/contracts/order-status'
import type { Database } from '../../db/schema'
import { withDefaultSettings } from '../restaurants/restaurant-settings'

/** The order's row as the kitchen reads and locks it. */
export interface KitchenOrderRow {
  id: string
  status: OrderStatus
  lineCount: number
}

/** The kitchen's reads and writes (decisions 0070 and 0071): all its SQL. */
export function createKitchenRepository(db: Kysely<Database>) {
  return {
    /**
     * The restaurant's open orders (accepted or cooking), those cancelled since `cancelledSince`
     * (the board keeps them a while, struck through), and what the board needs with them.
     */
    async board(restaurantId: string, cancelledSince: Date) {
      return db.transaction().execute(async (trx) => {
        const orders = await trx
          .selectFrom('orders')
          .select([
            'id',
            'number',
            'type',
            'status',
            'paymentStatus',
            'tableRef',
            'placedAt',
            'scheduledFor',
            'comment',
            'lines',
            'history',
          ])
          .where('restaurantId', '=', restaurantId)
          .where((eb) =>
            eb.or([
              eb('status', 'in', ['accepted', 'cooking']),
              eb.and([eb('status', '=', 'cancelled'), eb('updatedAt', '>=', cancelledSince)]),
            ]),
          )
          .execute()
        const ids = orders.map((order) => order.id)
        const bumps =
          ids.length === 0
            ? []
            : await trx
                .selectFrom('kitchenBumps')
                .select(['orderId', 'lineIndex', 'bumpedAt'])
                .where('orderId', 'in', ids)
                .execute()
        const dishes = await trx
          .selectFrom('dishes')
          .select(['id', 'categoryId'])
          .where('restaurantId', '=', restaurantId)
          .execute()
        const categories = await trx
          .selectFrom('menuCategories')
          .select(['id', 'parentId'])
          .where('restaurantId', '=', restaurantId)
          .execute()
        const assignments = await trx
          .selectFrom('kitchenStationCategories')
          .select(['categoryId', 'stationId'])
          .where('restaurantId', '=', restaurantId)
          .execute()
        const stations = await stationsOf(trx, restaurantId)
        const thresholds = await thresholdsOf(trx, restaurantId)
        const restaurant = await trx
          .selectFrom('restaurants')
          .select('settings')
          .where('id', '=', restaurantId)
          .executeTakeFirst()
        const leadMinutes = withDefaultSettings(restaurant?.settings ?? {}).kitchenLeadMinutes
        return { orders, bumps, dishes, categories, assignments, stations, thresholds, leadMinutes }
      })
    },

    /** An order's history (the kitchen reads when it was cancelled). */
    async historyOf(trx: Transaction<Database>, orderId: string) {
      const row = await trx
        .selectFrom('orders')
        .select('history')
        .where('id', '=', orderId)
        .executeTakeFirst()
      return row?.history
    },

    /** Locks the restaurant's order for a bump or an undo: bumps of one order wait in line. */
    async lockOrder(
      trx: Transaction<Database>,
      restaurantId: string,
      orderId: string,
    ): Promise<KitchenOrderRow | undefined> {
      const row = await trx
        .selectFrom('orders')
        .select(['id', 'status', 'lines'])
        .where('id', '=', orderId)
        .where('restaurantId', '=', restaurantId)
        .forUpdate()
        .executeTakeFirst()
      return row && { id: row.id, status: row.status, lineCount: row.lines.length }
    },

    /** Bumps the lines not bumped yet under `bumpId`; the lines it bumped. */
    async bump(
      trx: Transaction<Database>,
      orderId: string,
      lines: readonly number[],
      bumpId: string,
      at: Date,
    ): Promise<number> {
      const inserted = await trx
        .insertInto('kitchenBumps')
        .values(lines.map((lineIndex) => ({ orderId, lineIndex, bumpId, bumpedAt: at })))
        .onConflict((conflict) => conflict.columns(['orderId', 'lineIndex']).doNothing())
        .returning('lineIndex')
        .execute()
      return inserted.length
    },

    async bumpedCount(trx: Transaction<Database>, orderId: string): Promise<number> {
      const row = await trx
        .selectFrom('kitchenBumps')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('orderId', '=', orderId)
        .executeTakeFirstOrThrow()
      return Number(row.count)
    },

    /** The most recent bump of an order, if any. */
    async lastBumpAt(trx: Transaction<Database>, orderId: string): Promise<Date | undefined> {
      const row = await trx
        .selectFrom('kitchenBumps')
        .select((eb) => eb.fn.max('bumpedAt').as('at'))
        .where('orderId', '=', orderId)
        .executeTakeFirst()
      return row?.at ?? undefined
    },

    /** The order (of this restaurant) a bump belongs to and when it was made. */
    async findBump(
      restaurantId: string,
      bumpId: string,
    ): Promise<{ orderId: string; bumpedAt: Date } | undefined> {
      return db
        .selectFrom('kitchenBumps')
        .innerJoin('orders', 'orders.id', 'kitchenBumps.orderId')
        .select(['kitchenBumps.orderId', 'kitchenBumps.bumpedAt'])
        .where('kitchenBumps.bumpId', '=', bumpId)
        .where('orders.restaurantId', '=', restaurantId)
        .limit(1)
        .executeTakeFirst()
    },

    async deleteBump(trx: Transaction<Database>, bumpId: string): Promise<number> {
      const deleted = await trx.deleteFrom('kitchenBumps').where('bumpId', '=', bumpId).execute()
      return Number(deleted[0]?.numDeletedRows ?? 0)
    },

    async deleteLine(trx: Transaction<Database>, orderId: string, line: number): Promise<number> {
      const deleted = await trx
        .deleteFrom('kitchenBumps')
        .where('orderId', '=', orderId)
        .where('lineIndex', '=', line)
        .execute()
      return Number(deleted[0]?.numDeletedRows ?? 0)
    },
  }
}

export type KitchenRepository = ReturnType<typeof createKitchenRepository>

/** The restaurant's stations in their order. */
export function stationsOf(executor: Kysely<Database>, restaurantId: string) {
  return executor
    .selectFrom('kitchenStations')
    .select(['id', 'name', 'sortOrder'])
    .where('restaurantId', '=', restaurantId)
    .orderBy('sortOrder')
    .orderBy('name')
    .execute()
}

/** The minutes at which the restaurant's tickets turn amber and red. */
export async function thresholdsOf(executor: Kysely<Database>, restaurantId: string) {
  const row = await executor
    .selectFrom('restaurants')
    .select(['kitchenWarnMinutes', 'kitchenLateMinutes'])
    .where('id', '=', restaurantId)
    .executeTakeFirst()
  return row && { warnMinutes: row.kitchenWarnMinutes, lateMinutes: row.kitchenLateMinutes }
}
