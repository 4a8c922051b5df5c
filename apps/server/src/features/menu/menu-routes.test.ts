import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { quote } from '@tableside/contracts/cart'
import { errorBody } from '@tableside/contracts/errors'
import { dishDetails, restaurantMenu } from '@tableside/contracts/menu'
import { getStories } from '@tableside/contracts/stories'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { createTestRestaurant, testMenuFile } from './test-menu-file'

describe.each(testDatabaseKinds)('Menu API on $name', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind)
    await createTestRestaurant(t.database.db, 'bistro')
    await createTestRestaurant(t.database.db, 'other')
    await t.menu.importMenu('bistro', testMenuFile())
  })
  afterAll(async () => {
    await t.close()
  })

  const getMenu = (restaurantId: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url: `/api/v1/restaurants/${restaurantId}/menu`, headers })
  const postQuote = (restaurantId: string, lines: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/restaurants/${restaurantId}/cart/quote`,
      payload: { lines },
    })

  it('serves the menu in the contract shape, nested categories after their parents', async () => {
    const response = await getMenu('bistro')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
    const menu = restaurantMenu.parse(response.json())
    expect(menu.menus.map((m) => m.id)).toEqual(['main', 'bar'])
    expect(menu.menus[0]?.categories.map((c) => [c.id, c.parentId])).toEqual([
      ['soups', null],
      ['hot', null],
      ['fish', 'hot'],
    ])
    expect(menu.menus[0]?.categories[0]?.dishIds).toEqual(['borscht', 'solyanka'])
    const borscht = menu.dishes.find((d) => d.id === 'borscht')
    expect(
      borscht?.modifierGroups[1]?.options.map((o) => [o.id, o.priceDelta, o.available]),
    ).toEqual([
      ['pampushki', 9000, true],
      ['salo', 12000, true],
      ['smetana', 5000, false],
    ])
    expect(menu.dishes.find((d) => d.id === 'solyanka')?.available).toBe(false)
    expect(menu.dishes.find((d) => d.id === 'pike-perch')?.name).toEqual({ ru: 'Судак' })
  })

  it('sends prepared brotli bytes and 304 for a current ETag', async () => {
    const plain = await getMenu('bistro')
    const etag = plain.headers.etag
    expect(etag).toMatch(/^"m\d+-[\w-]+"$/)
    expect(plain.headers['cache-control']).toBe('no-cache')

    const br = await getMenu('bistro', { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.etag).toBe(etag)
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json())

    const notModified = await getMenu('bistro', { 'if-none-match': String(etag) })
    expect(notModified.statusCode).toBe(304)
    expect(notModified.body).toBe('')
    expect(notModified.headers.etag).toBe(etag)

    const stale = await getMenu('bistro', { 'if-none-match': '"m0-old"' })
    expect(stale.statusCode).toBe(200)
  })

  it('answers each encoding with its own length, as a HEAD too, with the security headers', async () => {
    const identity = await getMenu('bistro', { 'accept-encoding': 'identity' })
    const gzip = await getMenu('bistro', { 'accept-encoding': 'br;q=0, gzip' })
    const br = await getMenu('bistro', { 'accept-encoding': 'gzip, deflate, br' })
    expect(identity.headers['content-encoding']).toBeUndefined()
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).equals(identity.rawPayload)).toBe(true)
    for (const response of [identity, gzip, br]) {
      expect(response.headers['content-length']).toBe(String(response.rawPayload.length))
      expect(response.headers.vary).toBe('accept-encoding')
      expect(response.headers['x-content-type-options']).toBe('nosniff')
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin')
    }
    // The same header, asked again, chooses the same (what it chose is remembered).
    const again = await getMenu('bistro', { 'accept-encoding': 'br;q=0, gzip' })
    expect(again.headers['content-encoding']).toBe('gzip')

    const head = await t.app.inject({
      method: 'HEAD',
      url: '/api/v1/restaurants/bistro/menu',
      headers: { 'accept-encoding': 'br' },
    })
    expect(head.statusCode).toBe(200)
    expect(head.headers['content-encoding']).toBe('br')
    expect(head.headers['content-length']).toBe(br.headers['content-length'])
    expect(head.rawPayload.length).toBe(0)

    const listed = await getMenu('bistro', {
      'if-none-match': `"other", W/${String(br.headers.etag)}`,
    })
    expect(listed.statusCode).toBe(304)
    expect(listed.headers['content-length']).toBeUndefined()
    expect(listed.headers['x-content-type-options']).toBe('nosniff')
  })

  it('refuses a malformed Host on the menu as everywhere', async () => {
    const response = await t.app.inject({
      url: '/api/v1/restaurants/bistro/menu',
      headers: { host: 'bad host/../x' },
    })
    expect(response.statusCode).toBe(400)
    expect(errorBody.parse(response.json()).error.code).toBe('bad_request')
  })

  it('changes the ETag when a dish goes on the stop-list, and the menu shows it', async () => {
    const before = await getMenu('bistro')
    const result = await t.menu.setAvailability('bistro', ['borscht', 'no-such-dish'], false)
    expect(result.changed).toEqual(['borscht'])
    const after = await getMenu('bistro', { 'if-none-match': String(before.headers.etag) })
    expect(after.statusCode).toBe(200)
    expect(after.headers.etag).not.toBe(before.headers.etag)
    const menu = restaurantMenu.parse(after.json())
    expect(menu.dishes.find((d) => d.id === 'borscht')?.available).toBe(false)

    const again = await t.menu.setAvailability('bistro', ['borscht'], false)
    expect(again).toEqual({ changed: [], version: menu.version })
    await t.menu.setAvailability('bistro', ['borscht'], true)
  })

  it('notices a menu changed by another process within the check interval', async () => {
    const before = restaurantMenu.parse((await getMenu('bistro')).json())
    await t.database.db
      .updateTable('dishes')
      .set({ price: 47000 })
      .where('restaurantId', '=', 'bistro')
      .where('id', '=', 'borscht')
      .execute()
    await t.database.db
      .updateTable('restaurants')
      .set({ menuVersion: String(BigInt(before.version) + 1n) })
      .where('id', '=', 'bistro')
      .execute()
    // The interval is 2 s; the check itself is what the timer runs.
    const unchanged = restaurantMenu.parse((await getMenu('bistro')).json())
    expect(unchanged.version).toBe(before.version)
    await t.app.menuCache.checkVersions()
    const after = restaurantMenu.parse((await getMenu('bistro')).json())
    expect(after.dishes.find((d) => d.id === 'borscht')?.price).toBe(47000)
  })

  it('answers 404 for an unknown restaurant and 400 for a malformed id', async () => {
    const unknown = await getMenu('nowhere')
    expect(unknown.statusCode).toBe(404)
    expect(errorBody.parse(unknown.json()).error).toEqual({
      code: 'not_found',
      message: 'This restaurant does not exist.',
    })
    expect((await getMenu('BAD_ID')).statusCode).toBe(400)
    // Asked again once the real menus are held: still refused, still unknown.
    const bad = await getMenu('BAD_ID')
    expect(bad.statusCode).toBe(400)
    expect(errorBody.parse(bad.json()).error.code).toBe('validation_failed')
    expect((await getMenu('nowhere')).statusCode).toBe(404)
    expect((await getMenu('bistro%00')).statusCode).toBe(400)
  })

  it("keeps each restaurant's menu to itself", async () => {
    const other = restaurantMenu.parse((await getMenu('other')).json())
    expect(other).toEqual({ restaurantId: 'other', version: '1', menus: [], dishes: [] })
    const dish = await t.app.inject('/api/v1/restaurants/other/dishes/borscht')
    expect(dish.statusCode).toBe(404)
    const line = quote.parse(
      (await postQuote('other', [{ dishId: 'borscht', quantity: 1, optionIds: [] }])).json(),
    )
    expect(line.lines[0]?.problem?.code).toBe('dish_not_found')
    expect(line.lines[0]?.name).toBeNull()
  })

  it('serves one dish with its menu, for a shared link', async () => {
    const response = await t.app.inject('/api/v1/restaurants/bistro/dishes/wine-red-glass')
    expect(response.statusCode).toBe(200)
    const dish = dishDetails.parse(response.json())
    expect(dish).toMatchObject({ id: 'wine-red-glass', menuId: 'bar', ageRestricted: true })
    const missing = await t.app.inject('/api/v1/restaurants/bistro/dishes/nope')
    expect(missing.statusCode).toBe(404)
    expect(errorBody.parse(missing.json()).error.message).toBe('This dish is not on the menu.')
  })

  it('lists only the stories that are active now', async () => {
    const response = await t.app.inject('/api/v1/restaurants/bistro/stories')
    expect(response.statusCode).toBe(200)
    const { stories } = getStories.response.parse(response.json())
    expect(stories.map((s) => [s.id, s.dishId, s.durationMs])).toEqual([
      ['new-borscht', 'borscht', 6000],
    ])
  })

  describe('the quote', () => {
    it('prices lines with the server’s prices and options, in menu order', async () => {
      const response = await postQuote('bistro', [
        {
          dishId: 'borscht',
          quantity: 2,
          optionIds: ['salo', 'large', 'pampushki'],
          comment: ' no dill ',
        },
        { dishId: 'wine-red-glass', quantity: 1, optionIds: [] },
      ])
      expect(response.statusCode).toBe(200)
      const q = quote.parse(response.json())
      const [borscht, wine] = q.lines
      expect(borscht?.modifiers.map((m) => m.optionId)).toEqual(['large', 'pampushki', 'salo'])
      expect(borscht?.unitPrice).toBe(47000 + 15000 + 9000 + 12000)
      expect(borscht?.lineTotal).toBe(2 * 83000)
      expect(borscht?.comment).toBe('no dill')
      expect(wine).toMatchObject({ unitPrice: 60000, ageRestricted: true, problem: null })
      expect(q).toMatchObject({
        currency: 'RUB',
        itemCount: 3,
        subtotal: 2 * 83000 + 60000,
        ageRestricted: true,
        orderable: true,
      })
    })

    it('says per line why it cannot be ordered, and leaves those lines out of the subtotal', async () => {
      const q = quote.parse(
        (
          await postQuote('bistro', [
            { dishId: 'solyanka', quantity: 1, optionIds: [] },
            { dishId: 'borscht', quantity: 1, optionIds: [] },
            { dishId: 'borscht', quantity: 1, optionIds: ['regular', 'large'] },
            { dishId: 'borscht', quantity: 1, optionIds: ['regular', 'smetana'] },
            { dishId: 'borscht', quantity: 1, optionIds: ['regular', 'caviar'] },
            { dishId: 'borscht', quantity: 1, optionIds: ['regular', 'salo', 'salo'] },
            { dishId: 'ghost', quantity: 1, optionIds: [] },
            { dishId: 'pike-perch', quantity: 1, optionIds: [] },
          ])
        ).json(),
      )
      expect(q.lines.map((l) => [l.problem?.code ?? null, l.problem?.message ?? null])).toEqual([
        ['dish_unavailable', 'Solyanka is sold out right now.'],
        ['invalid_modifiers', 'Choose an option for Size.'],
        ['invalid_modifiers', 'Choose only one option for Size.'],
        ['invalid_modifiers', 'More sour cream is not available right now.'],
        ['invalid_modifiers', 'Borscht has no option "caviar".'],
        ['invalid_modifiers', 'An option is chosen twice.'],
        ['dish_not_found', 'This dish is no longer on the menu.'],
        [null, null],
      ])
      expect(q.subtotal).toBe(89000)
      expect(q.orderable).toBe(false)
    })

    it('calls an empty cart not orderable', async () => {
      const q = quote.parse((await postQuote('bistro', [])).json())
      expect(q).toMatchObject({ lines: [], subtotal: 0, itemCount: 0, orderable: false })
    })

    it('refuses lines that break the contract, naming each field', async () => {
      const response = await postQuote('bistro', [
        { dishId: 'borscht', quantity: 0, optionIds: [] },
        { dishId: 'borscht', quantity: 1.5, optionIds: 'large' },
        { dishId: 'borscht', quantity: 1, optionIds: [], comment: 'x'.repeat(201) },
      ])
      expect(response.statusCode).toBe(400)
      const body = errorBody.parse(response.json())
      expect(body.error.code).toBe('validation_failed')
      expect(body.error.fields?.map((f) => f.path).sort()).toEqual([
        'body.lines.0.quantity',
        'body.lines.1.optionIds',
        'body.lines.1.quantity',
        'body.lines.2.comment',
      ])
    })

    it('refuses a cart over the line limit', async () => {
      const lines = Array.from({ length: 101 }, () => ({
        dishId: 'borscht',
        quantity: 1,
        optionIds: [],
      }))
      expect((await postQuote('bistro', lines)).statusCode).toBe(400)
    })
  })
})
