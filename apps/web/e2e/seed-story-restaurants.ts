import { openDatabase } from '../../server/src/db/database'
import { migrate } from '../../server/src/db/migrate'
import { seedDemo, seedRestaurant } from '../../server/src/db/seed-demo'
import { storyRestaurantId, type StoryRestaurant } from './story-restaurants'

/**
 * Fills the shared server's data directory before the server starts: the demo restaurant, and
 * one restaurant with the demo's content per story file, so that stories running side by side
 * never meet each other's sessions, orders, calls, shifts or table assignments.
 */
export async function seedStoryRestaurants(
  dataDir: string,
  files: readonly string[],
  callEscalationSeconds: number,
): Promise<Record<string, StoryRestaurant>> {
  const database = await openDatabase({ kind: 'pglite', dataDir })
  try {
    const { db } = database
    await migrate(db)
    await seedDemo(db, { callEscalationSeconds })
    const ids = files.map(storyRestaurantId)
    for (const id of ids) await seedRestaurant(db, { id, callEscalationSeconds })
    const tables = await db
      .selectFrom('restaurantTables')
      .select(['restaurantId', 'code', 'qrToken'])
      .where('restaurantId', 'in', ids)
      .execute()
    return Object.fromEntries(
      ids.map((id) => [
        id,
        {
          id,
          tableTokens: Object.fromEntries(
            tables.filter((table) => table.restaurantId === id).map((t) => [t.code, t.qrToken]),
          ),
        },
      ]),
    )
  } finally {
    await database.close()
  }
}
