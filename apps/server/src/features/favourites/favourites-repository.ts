import { sql, type Kysely, type Transaction } from 'kysely'
import type { LocalizedText } from '@tableside/contracts/text'
import type { Database } from '../../db/schema'

type Executor = Kysely<Database> | Transaction<Database>

export interface NewFavourite {
  dishId: string
  name: LocalizedText | undefined
  addedAt: Date
}

/** The SQL of diners' favourite dishes (decisions 0052, 0056). */
export function createFavouritesRepository(db: Kysely<Database>) {
  return {
    /** The diner's favourites at the restaurant, newest first. */
    list(executor: Executor, clientId: string, restaurantId: string) {
      return executor
        .selectFrom('clientFavourites')
        .select(['dishId', 'name', 'addedAt'])
        .where('clientId', '=', clientId)
        .where('restaurantId', '=', restaurantId)
        .orderBy('addedAt', 'desc')
        .orderBy('dishId')
        .execute()
    },

    /** The diner's row, locked to the end of `trx`: their writes take turns. */
    async lockClient(trx: Transaction<Database>, clientId: string): Promise<void> {
      await trx.selectFrom('clients').select('id').where('id', '=', clientId).forUpdate().execute()
    },

    async remove(
      trx: Transaction<Database>,
      clientId: string,
      restaurantId: string,
      dishIds: readonly string[],
    ): Promise<void> {
      await trx
        .deleteFrom('clientFavourites')
        .where('clientId', '=', clientId)
        .where('restaurantId', '=', restaurantId)
        .where('dishId', 'in', dishIds)
        .execute()
    },

    async removeOne(
      trx: Transaction<Database>,
      clientId: string,
      restaurantId: string,
      dishId: string,
    ): Promise<void> {
      await trx
        .deleteFrom('clientFavourites')
        .where('clientId', '=', clientId)
        .where('restaurantId', '=', restaurantId)
        .where('dishId', '=', dishId)
        .execute()
    },

    /** Saves a dish; one saved already keeps its place. */
    async add(
      trx: Transaction<Database>,
      clientId: string,
      restaurantId: string,
      favourite: NewFavourite,
    ): Promise<void> {
      await trx
        .insertInto('clientFavourites')
        .values({
          clientId,
          restaurantId,
          dishId: favourite.dishId,
          name: JSON.stringify(favourite.name),
          addedAt: favourite.addedAt,
        })
        .onConflict((conflict) => conflict.doNothing())
        .execute()
    },

    /** Saves dishes; one saved already moves only forward, to the later `addedAt`. */
    async merge(
      trx: Transaction<Database>,
      clientId: string,
      restaurantId: string,
      favourites: readonly NewFavourite[],
    ): Promise<void> {
      await trx
        .insertInto('clientFavourites')
        .values(
          favourites.map((favourite) => ({
            clientId,
            restaurantId,
            dishId: favourite.dishId,
            name: JSON.stringify(favourite.name),
            addedAt: favourite.addedAt,
          })),
        )
        .onConflict((conflict) =>
          conflict.columns(['clientId', 'restaurantId', 'dishId']).doUpdateSet({
            addedAt: sql`greatest(client_favourites.added_at, excluded.added_at)`,
          }),
        )
        .execute()
    },

    /** The dish's name, when the restaurant's menu has it. */
    dishName(restaurantId: string, dishId: string) {
      return db
        .selectFrom('dishes')
        .select('name')
        .where('restaurantId', '=', restaurantId)
        .where('id', '=', dishId)
        .executeTakeFirst()
    },

    /** The names of those of the dishes the restaurant's menu has. */
    dishNames(restaurantId: string, dishIds: readonly string[]) {
      return db
        .selectFrom('dishes')
        .select(['id', 'name'])
        .where('restaurantId', '=', restaurantId)
        .where('id', 'in', dishIds)
        .execute()
    },
  }
}
