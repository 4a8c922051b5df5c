import type { Kysely } from 'kysely'
import type { Restaurant } from '@tableside/contracts/restaurants'
import type { Database } from '../../db/schema'
import { withDefaultSettings } from './restaurant-settings'

export function createRestaurantRepository(db: Kysely<Database>) {
  return {
    async findById(id: string): Promise<Restaurant | undefined> {
      const row = await db
        .selectFrom('restaurants')
        .select([
          'id',
          'name',
          'description',
          'logo',
          'address',
          'phone',
          'locale',
          'defaultLanguage',
          'currency',
          'timezone',
          'openingHours',
          'settings',
        ])
        .where('id', '=', id)
        .executeTakeFirst()
      return row && { ...row, settings: withDefaultSettings(row.settings) }
    },
  }
}

export type RestaurantRepository = ReturnType<typeof createRestaurantRepository>
