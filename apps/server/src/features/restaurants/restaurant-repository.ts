import type { Kysely } from 'kysely'
import type { Restaurant } from '@tableside/contracts/restaurants'
import type { Database } from '../../db/schema'

export function createRestaurantRepository(db: Kysely<Database>) {
  return {
    async findById(id: string): Promise<Restaurant | undefined> {
      return db
        .selectFrom('restaurants')
        .select(['id', 'name', 'locale', 'defaultLanguage', 'currency', 'timezone'])
        .where('id', '=', id)
        .executeTakeFirst()
    },
  }
}

export type RestaurantRepository = ReturnType<typeof createRestaurantRepository>
