import { sql, type Kysely, type Transaction } from 'kysely'
import type { ClientProfile } from '@tableside/contracts/client'
import {
  MAX_FAVOURITE_NAME,
  MAX_FAVOURITES,
  type Favourite,
  type FavouriteList,
} from '@tableside/contracts/favourites'
import type { UiLanguage } from '@tableside/contracts/restaurants'
import type { LocalizedText } from '@tableside/contracts/text'
import type { Database } from '../../db/schema'
import { HttpError } from '../../http/http-error'

const restaurantNotFound = () =>
  new HttpError(404, 'not_found', 'Restaurant not found. Ресторан не найден.')
const dishNotFound = () =>
  new HttpError(404, 'not_found', 'This dish is not on the menu. Этого блюда нет в меню.')

interface Stored {
  dishId: string
  name: LocalizedText
  addedAt: number
}

/**
 * A signed-in diner's favourite dishes per restaurant (decisions 0052, 0056): every call
 * answers the whole list as it now stands, newest first, at most `MAX_FAVOURITES`. Writes lock
 * the diner's row, so two of one diner's writes at once cannot both pass the limit.
 */
export function createFavouritesService(db: Kysely<Database>, now: () => Date = () => new Date()) {
  const languageAt = async (client: ClientProfile, restaurantId: string): Promise<UiLanguage> => {
    const restaurant = await db
      .selectFrom('restaurants')
      .select('defaultLanguage')
      .where('id', '=', restaurantId)
      .executeTakeFirst()
    if (!restaurant) throw restaurantNotFound()
    return client.language ?? restaurant.defaultLanguage
  }

  const stored = async (
    trx: Kysely<Database> | Transaction<Database>,
    clientId: string,
    restaurantId: string,
  ): Promise<Stored[]> => {
    const rows = await trx
      .selectFrom('clientFavourites')
      .select(['dishId', 'name', 'addedAt'])
      .where('clientId', '=', clientId)
      .where('restaurantId', '=', restaurantId)
      .orderBy('addedAt', 'desc')
      .orderBy('dishId')
      .execute()
    return rows.map((row) => ({ ...row, addedAt: row.addedAt.getTime() }))
  }

  const answer = (restaurantId: string, list: Stored[], language: UiLanguage): FavouriteList => ({
    restaurantId,
    favourites: list.map((entry): Favourite => ({
      dishId: entry.dishId,
      addedAt: entry.addedAt,
      name: ((language === 'en' ? entry.name.en : undefined) ?? entry.name.ru).slice(
        0,
        MAX_FAVOURITE_NAME,
      ),
    })),
  })

  /** Runs `write` with the diner's row locked, then cuts the list to the limit. */
  const writing = (
    client: ClientProfile,
    restaurantId: string,
    write: (trx: Transaction<Database>) => Promise<void>,
  ) =>
    db.transaction().execute(async (trx) => {
      await trx.selectFrom('clients').select('id').where('id', '=', client.id).forUpdate().execute()
      await write(trx)
      const list = await stored(trx, client.id, restaurantId)
      const beyond = list.slice(MAX_FAVOURITES).map((entry) => entry.dishId)
      if (beyond.length > 0) {
        await trx
          .deleteFrom('clientFavourites')
          .where('clientId', '=', client.id)
          .where('restaurantId', '=', restaurantId)
          .where('dishId', 'in', beyond)
          .execute()
      }
      return list.slice(0, MAX_FAVOURITES)
    })

  return {
    async list(client: ClientProfile, restaurantId: string): Promise<FavouriteList> {
      const language = await languageAt(client, restaurantId)
      return answer(restaurantId, await stored(db, client.id, restaurantId), language)
    },

    /** Saves a dish now; a dish saved already keeps its place. */
    async add(client: ClientProfile, restaurantId: string, dishId: string): Promise<FavouriteList> {
      const language = await languageAt(client, restaurantId)
      const dish = await db
        .selectFrom('dishes')
        .select('name')
        .where('restaurantId', '=', restaurantId)
        .where('id', '=', dishId)
        .executeTakeFirst()
      if (!dish) throw dishNotFound()
      const list = await writing(client, restaurantId, async (trx) => {
        await trx
          .insertInto('clientFavourites')
          .values({
            clientId: client.id,
            restaurantId,
            dishId,
            name: JSON.stringify(dish.name),
            addedAt: now(),
          })
          .onConflict((conflict) => conflict.doNothing())
          .execute()
      })
      return answer(restaurantId, list, language)
    },

    async remove(
      client: ClientProfile,
      restaurantId: string,
      dishId: string,
    ): Promise<FavouriteList> {
      const language = await languageAt(client, restaurantId)
      const list = await writing(client, restaurantId, async (trx) => {
        await trx
          .deleteFrom('clientFavourites')
          .where('clientId', '=', client.id)
          .where('restaurantId', '=', restaurantId)
          .where('dishId', '=', dishId)
          .execute()
      })
      return answer(restaurantId, list, language)
    },

    /**
     * The device's list into the profile's: each dish once with the later `addedAt` (one
     * later than now is now), dishes the menu has not got dropped, newest first, cut.
     */
    async merge(client: ClientProfile, device: FavouriteList): Promise<FavouriteList> {
      const { restaurantId } = device
      const language = await languageAt(client, restaurantId)
      const ids = [...new Set(device.favourites.map((entry) => entry.dishId))]
      const dishes =
        ids.length === 0
          ? []
          : await db
              .selectFrom('dishes')
              .select(['id', 'name'])
              .where('restaurantId', '=', restaurantId)
              .where('id', 'in', ids)
              .execute()
      const names = new Map(dishes.map((dish) => [dish.id, dish.name]))
      const list = await writing(client, restaurantId, async (trx) => {
        const clock = now()
        const latest = new Map<string, number>()
        for (const entry of device.favourites) {
          if (!names.has(entry.dishId)) continue
          const addedAt = Math.min(entry.addedAt, clock.getTime())
          latest.set(entry.dishId, Math.max(addedAt, latest.get(entry.dishId) ?? -1))
        }
        if (latest.size === 0) return
        // Later wins: a row already saved moves only forward.
        await trx
          .insertInto('clientFavourites')
          .values(
            [...latest].map(([dishId, addedAt]) => ({
              clientId: client.id,
              restaurantId,
              dishId,
              name: JSON.stringify(names.get(dishId)),
              addedAt: new Date(addedAt),
            })),
          )
          .onConflict((conflict) =>
            conflict.columns(['clientId', 'restaurantId', 'dishId']).doUpdateSet({
              addedAt: sql`greatest(client_favourites.added_at, excluded.added_at)`,
            }),
          )
          .execute()
      })
      return answer(restaurantId, list, language)
    },
  }
}

export type FavouritesService = ReturnType<typeof createFavouritesService>
