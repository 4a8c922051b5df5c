import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MenuCache } from '../menu/menu-cache'
import { createMenuRepository } from '../menu/menu-repository'
import { SHORT_LIVED_CACHE_MAX } from '../../lib/short-lived-cache'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { createRestaurantCache } from './restaurant-cache'
import { createRestaurantRepository } from './restaurant-repository'

const [embedded] = testDatabaseKinds
const madeUpId = () => `x${randomBytes(8).toString('hex')}`

/** Restaurant ids come from the address bar: whoever types them must not grow our memory. */
describe('Caches keyed by restaurant ids from requests', () => {
  let t: TestApp
  beforeAll(async () => {
    if (!embedded) throw new Error('no test database')
    t = await createTestApp(embedded)
  })
  afterAll(async () => {
    await t.close()
  })

  it('keeps at most its bound of profiles, however many made-up ids are asked for', async () => {
    const restaurants = createRestaurantCache(createRestaurantRepository(t.database.db))
    for (let n = 0; n < SHORT_LIVED_CACHE_MAX + 500; n++) {
      expect(await restaurants.get(madeUpId())).toBeUndefined()
    }
    expect(restaurants.size).toBe(SHORT_LIVED_CACHE_MAX)
    expect((await restaurants.get('demo'))?.id).toBe('demo')
  })

  it('holds no menu for an id that is no restaurant', async () => {
    const before = t.app.menuCache.size
    for (let n = 0; n < 300; n++) {
      const response = await t.app.inject({ url: `/api/v1/restaurants/${madeUpId()}/menu` })
      expect(response.statusCode).toBe(404)
    }
    expect(t.app.menuCache.size).toBe(before)
  })

  it('holds at most its bound of menus, loading an evicted one again when asked', async () => {
    const ids = ['one', 'two', 'three', 'four']
    await t.database.db
      .insertInto('restaurants')
      .values(ids.map((id) => ({ id, name: id })))
      .execute()
    const menus = new MenuCache(createMenuRepository(t.database.db), t.app.log, { max: 2 })
    for (const id of ids) expect(await menus.get(id)).toBeDefined()
    expect(menus.size).toBe(2)
    expect(await menus.get('one')).toBeDefined()
    expect(menus.size).toBe(2)
  })
})
