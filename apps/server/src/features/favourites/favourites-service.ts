import type { Kysely, Transaction } from 'kysely'
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
import { restaurantLanguage } from '../restaurants/restaurant-repository'
import { createFavouritesRepository } from './favourites-repository'

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
  const repository = createFavouritesRepository(db)
  const languageAt = async (client: ClientProfile, restaurantId: string): Promise<UiLanguage> => {
    const restaurant = await restaurantLanguage(db, restaurantId)
    if (!restaurant) throw restaurantNotFound()
    return client.language ?? restaurant.defaultLanguage
  }

  const stored = async (
    trx: Kysely<Database> | Transaction<Database>,
    clientId: string,
    restaurantId: string,
  ): Promise<Stored[]> => {
    const rows = await repository.list(trx, clientId, restaurantId)
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
      await repository.lockClient(trx, client.id)
      await write(trx)
      const list = await stored(trx, client.id, restaurantId)
      const beyond = list.slice(MAX_FAVOURITES).map((entry) => entry.dishId)
      if (beyond.length > 0) {
        await repository.remove(trx, client.id, restaurantId, beyond)
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
      const dish = await repository.dishName(restaurantId, dishId)
      if (!dish) throw dishNotFound()
      const list = await writing(client, restaurantId, async (trx) => {
        await repository.add(trx, client.id, restaurantId, {
          dishId,
          name: dish.name,
          addedAt: now(),
        })
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
        await repository.removeOne(trx, client.id, restaurantId, dishId)
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
      const dishes = ids.length === 0 ? [] : await repository.dishNames(restaurantId, ids)
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
        await repository.merge(
          trx,
          client.id,
          restaurantId,
          [...latest].map(([dishId, addedAt]) => ({
            dishId,
            name: names.get(dishId),
            addedAt: new Date(addedAt),
          })),
        )
      })
      return answer(restaurantId, list, language)
    },
  }
}

export type FavouritesService = ReturnType<typeof createFavouritesService>
