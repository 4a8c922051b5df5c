import { readFile } from 'node:fs/promises'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MANAGER_TOKEN_HEADER } from '@tableside/contracts/staff'
import { imageUrl } from '@tableside/contracts/text'
import { startTestApp } from '../test/test-app'
import { testDatabaseKinds } from '../test/test-database'
import { signInAsManager } from '../test/test-restaurants'
import type { DatabaseHandle } from './database'
import { loadMigrations, migrate } from './migrate'

/** What release 30f3036 (migrations to 0038) wrote: the demo's menu with its photos and stories. */
const RELEASE = new URL('./upgrade-fixtures/0038-30f3036.sql', import.meta.url)

/**
 * Migration 0040 (issue 27, decision 0106): picture addresses an older release took but the API
 * now refuses (`/media/../…`) would make the back office's menu answer 500, with no way to edit
 * them away; the upgrade drops them.
 */
describe.each(testDatabaseKinds)('Picture addresses after an upgrade on $name', (kind) => {
  let database: DatabaseHandle
  const version = async () =>
    (
      await database.db
        .selectFrom('restaurants')
        .select(sql<string>`menu_version::text`.as('version'))
        .where('id', '=', 'demo')
        .executeTakeFirstOrThrow()
    ).version
  const adminMenu = async () => {
    const t = await startTestApp(database)
    try {
      const { token } = await signInAsManager(t.app)
      return await t.app.inject({
        url: '/api/v1/admin/menu',
        headers: { [MANAGER_TOKEN_HEADER]: token },
      })
    } finally {
      await t.app.close()
    }
  }

  beforeAll(async () => {
    database = await kind.openBlank()
    // The rows an older release wrote (today's seed writes today's columns, which 0039 lacks),
    // brought to the schema just before 0040.
    const migrations = await loadMigrations()
    await migrate(
      database.db,
      migrations.filter((migration) => migration.version <= '0038'),
    )
    await sql.raw(await readFile(RELEASE, 'utf8')).execute(database.db)
    await migrate(
      database.db,
      migrations.filter((migration) => migration.version < '0040'),
    )
  })
  afterAll(() => database.close())

  it('drops the addresses that leave /media/, and keeps the rest', async () => {
    const db = database.db
    const url = (address: string) => sql`to_jsonb(${address}::text)`
    await sql`update dishes set photo = jsonb_set(photo, '{url}', ${url('/media/../api/v1/health')})
      where restaurant_id = 'demo' and id = 'olivier'`.execute(db)
    const [escaping, kept] = await db
      .selectFrom('stories')
      .select('id')
      .where('restaurantId', '=', 'demo')
      .orderBy('sortOrder')
      .execute()
    await sql`update stories set media = jsonb_set(media, '{url}', ${url('/media/./demo/x.svg')})
      where restaurant_id = 'demo' and id = ${escaping?.id ?? ''}`.execute(db)
    await sql`update restaurants set logo = ${JSON.stringify({
      url: '/media/demo/../../logo.svg',
      alt: { ru: 'Логотип' },
      color: '#000000',
    })}::jsonb where id = 'demo'`.execute(db)
    const before = await version()
    // What the back office's menu answers is checked against the contract, which refuses these
    // (today's app cannot start on this older schema to show the 500 itself).
    const stored = await db
      .selectFrom('dishes')
      .select(sql<string>`photo->>'url'`.as('url'))
      .where('restaurantId', '=', 'demo')
      .where('id', '=', 'olivier')
      .executeTakeFirstOrThrow()
    expect(imageUrl.safeParse(stored.url).success).toBe(false)
    const photosBefore = new Map(
      (
        await db
          .selectFrom('dishes')
          .select(['id', sql<string | null>`photo->>'url'`.as('url')])
          .where('restaurantId', '=', 'demo')
          .where('id', '!=', 'olivier')
          .execute()
      ).map((dish) => [dish.id, dish.url]),
    )

    await migrate(db)

    const dishes = await db
      .selectFrom('dishes')
      .select(['id', 'photo'])
      .where('restaurantId', '=', 'demo')
      .execute()
    expect(dishes.find((dish) => dish.id === 'olivier')?.photo).toBeNull()
    const others = dishes.filter((dish) => dish.id !== 'olivier')
    expect(others.length).toBeGreaterThan(0)
    // The others keep their addresses, the release's uploads (`/media/photos/…`) among them.
    expect(others.some((dish) => dish.photo?.url.startsWith('/media/photos/'))).toBe(true)
    for (const dish of others) {
      expect(dish.photo?.url ?? null, dish.id).toBe(photosBefore.get(dish.id))
      if (dish.photo) expect(imageUrl.safeParse(dish.photo.url).success, dish.id).toBe(true)
    }
    const stories = await db
      .selectFrom('stories')
      .select('id')
      .where('restaurantId', '=', 'demo')
      .execute()
    expect(stories.map((story) => story.id)).not.toContain(escaping?.id)
    expect(stories.map((story) => story.id)).toContain(kept?.id)
    const { logo } = await db
      .selectFrom('restaurants')
      .select('logo')
      .where('id', '=', 'demo')
      .executeTakeFirstOrThrow()
    expect(logo).toBeNull()
    expect(Number(await version())).toBe(Number(before) + 1)
    expect((await adminMenu()).statusCode).toBe(200)
  })
})
