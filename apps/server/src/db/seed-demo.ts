import type { Kysely } from 'kysely'
import type { Database } from './schema'

export const DEMO_RESTAURANT_ID = 'demo'
export const DEMO_TABLE_CODES = Array.from({ length: 12 }, (_, i) => `T${i + 1}`)

/**
 * A working restaurant on an empty database, so `npm start` shows something real.
 * It never touches a database that already has restaurants.
 */
export async function seedDemo(db: Kysely<Database>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('restaurants').select('id').limit(1).executeTakeFirst()
    if (existing) return false
    await trx
      .insertInto('restaurants')
      .values({
        id: DEMO_RESTAURANT_ID,
        name: 'Бистро «Самовар»',
        locale: 'ru-RU',
        defaultLanguage: 'ru',
        currency: 'RUB',
        timezone: 'Europe/Moscow',
      })
      .execute()
    await trx
      .insertInto('restaurantTables')
      .values(
        DEMO_TABLE_CODES.map((code, i) => ({
          restaurantId: DEMO_RESTAURANT_ID,
          code,
          label: String(i + 1),
          zone: i < 8 ? 'hall' : 'terrace',
          seats: i % 3 === 0 ? 2 : 4,
        })),
      )
      .execute()
    return true
  })
}
