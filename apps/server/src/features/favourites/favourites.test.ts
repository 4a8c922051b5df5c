import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorBody } from '@tableside/contracts/errors'
import { favouriteList, MAX_FAVOURITES, type Favourite } from '@tableside/contracts/favourites'
import { testDatabaseKinds } from '../../test/test-database'
import { signInAsAnna } from '../../test/test-restaurants'
import { asClient, signIn, startClientApp, type ClientTestApp } from '../client/test-client-app'

let serial = 0
const newPhone = () => `+7903555${String(1000 + ++serial).padStart(4, '0')}`
const FAV = '/api/v1/me/favorites'

describe.each(testDatabaseKinds)('The signed-in diner’s favourites on $name', (kind) => {
  let t: ClientTestApp
  beforeAll(async () => {
    t = await startClientApp(kind)
  })
  afterAll(async () => {
    await t.close()
  })
  const later = (ms: number) => {
    t.clock.now = new Date(t.clock.now.getTime() + ms)
  }
  const list = (token: string, restaurantId = 'bistro') =>
    t.app.inject({ url: `${FAV}?restaurantId=${restaurantId}`, headers: asClient(token) })
  const put = (token: string, dishId: string, restaurantId = 'bistro') =>
    t.app.inject({
      method: 'PUT',
      url: `${FAV}/${encodeURIComponent(dishId)}?restaurantId=${restaurantId}`,
      headers: asClient(token),
    })
  const remove = (token: string, dishId: string, restaurantId = 'bistro') =>
    t.app.inject({
      method: 'DELETE',
      url: `${FAV}/${encodeURIComponent(dishId)}?restaurantId=${restaurantId}`,
      headers: asClient(token),
    })
  const merge = (token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `${FAV}/merge`, headers: asClient(token), payload })
  const dishesOf = async (token: string, restaurantId = 'bistro') => {
    const response = await list(token, restaurantId)
    expect(response.statusCode, response.body).toBe(200)
    return favouriteList.parse(response.json()).favourites.map((entry) => entry.dishId)
  }
  const newToken = async () => (await signIn(t, newPhone())).token

  it('answers 401 without a profile token, to a waiter’s token, to the cookie alone or junk', async () => {
    const token = await newToken()
    expect((await put(token, 'borscht')).statusCode).toBe(200)
    const waiter = await signInAsAnna(t.app)
    const requests = [
      { method: 'GET' as const, url: `${FAV}?restaurantId=bistro` },
      { method: 'PUT' as const, url: `${FAV}/solyanka?restaurantId=bistro` },
      { method: 'DELETE' as const, url: `${FAV}/borscht?restaurantId=bistro` },
      {
        method: 'POST' as const,
        url: `${FAV}/merge`,
        payload: { restaurantId: 'bistro', favourites: [] },
      },
    ]
    for (const request of requests) {
      for (const headers of [
        {},
        asClient(waiter.token),
        asClient('a'.repeat(43)),
        asClient(`${token}x`),
        { 'x-garcon-token': token },
      ]) {
        const response = await t.app.inject({ ...request, headers })
        expect(response.statusCode, `${request.method} ${JSON.stringify(headers)}`).toBe(401)
        expect(errorBody.parse(response.json()).error.code).toBe('unauthorized')
      }
      const cookieOnly = await t.app.inject({ ...request, cookies: { profile_token: token } })
      expect(cookieOnly.statusCode).toBe(401)
    }
    expect(await dishesOf(token)).toEqual(['borscht'])
  })

  it('saves, lists newest first, keeps a saved dish in place, forgets idempotently', async () => {
    const token = await newToken()
    expect(await dishesOf(token)).toEqual([])
    const first = await put(token, 'borscht')
    expect(first.statusCode, first.body).toBe(200)
    expect(favouriteList.parse(first.json())).toEqual({
      restaurantId: 'bistro',
      favourites: [{ dishId: 'borscht', addedAt: t.clock.now.getTime(), name: 'Борщ' }],
    })
    later(1000)
    await put(token, 'solyanka')
    later(1000)
    const again = await put(token, 'borscht')
    expect(favouriteList.parse(again.json()).favourites.map((entry) => entry.dishId)).toEqual([
      'solyanka',
      'borscht',
    ])
    const removed = await remove(token, 'solyanka')
    expect(removed.statusCode).toBe(200)
    expect(favouriteList.parse(removed.json()).favourites.map((entry) => entry.dishId)).toEqual([
      'borscht',
    ])
    const twice = await remove(token, 'solyanka')
    expect(twice.statusCode).toBe(200)
    expect((await remove(token, 'never-saved')).statusCode).toBe(200)
    expect(await dishesOf(token)).toEqual(['borscht'])
  })

  it('names a dish in the diner’s language, else the restaurant’s', async () => {
    const token = await newToken()
    await put(token, 'borscht')
    const english = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: asClient(token),
      payload: { language: 'en' },
    })
    expect(english.statusCode, english.body).toBe(200)
    const response = await list(token)
    expect(favouriteList.parse(response.json()).favourites[0]?.name).toBe('Borscht')
  })

  it('refuses a dish the restaurant has not got, or a restaurant unknown, and changes nothing', async () => {
    const token = await newToken()
    await put(token, 'borscht')
    const unknownDish = await put(token, 'no-such-dish')
    expect(unknownDish.statusCode).toBe(404)
    expect(errorBody.parse(unknownDish.json()).error.code).toBe('not_found')
    // A dish of the other restaurant's menu is not this one's… both menus are the test menu,
    // so a restaurant that does not exist stands for it.
    expect((await put(token, 'borscht', 'nowhere')).statusCode).toBe(404)
    expect((await list(token, 'nowhere')).statusCode).toBe(404)
    expect((await merge(token, { restaurantId: 'nowhere', favourites: [] })).statusCode).toBe(404)
    expect(await dishesOf(token)).toEqual(['borscht'])
  })

  it('keeps each diner’s list and each restaurant’s apart', async () => {
    const anna = await newToken()
    const boris = await newToken()
    await put(anna, 'borscht')
    await put(anna, 'solyanka', 'other')
    expect(await dishesOf(boris)).toEqual([])
    expect(await dishesOf(boris, 'other')).toEqual([])
    // Boris removing Anna's dish removes nothing of hers.
    await remove(boris, 'borscht')
    expect(await dishesOf(anna)).toEqual(['borscht'])
    expect(await dishesOf(anna, 'other')).toEqual(['solyanka'])
  })

  it('forgets the oldest when the 201st is saved', async () => {
    const { token, client } = await signIn(t, newPhone())
    const clientId = client.id
    const base = t.clock.now.getTime() - 10_000_000
    await t.database.db
      .insertInto('clientFavourites')
      .values(
        Array.from({ length: MAX_FAVOURITES }, (_, i) => ({
          clientId,
          restaurantId: 'bistro',
          dishId: `gone-${String(i)}`,
          name: JSON.stringify({ ru: `Блюдо ${String(i)}` }),
          addedAt: new Date(base + i * 1000),
        })),
      )
      .execute()
    const response = await put(token, 'borscht')
    expect(response.statusCode, response.body).toBe(200)
    const dishes = favouriteList.parse(response.json()).favourites.map((entry) => entry.dishId)
    expect(dishes).toHaveLength(MAX_FAVOURITES)
    expect(dishes[0]).toBe('borscht')
    expect(dishes).not.toContain('gone-0')
    expect(dishes).toContain('gone-1')
    expect(await dishesOf(token)).toEqual(dishes)
  })

  it('keeps 200 when two saves of a full list arrive at once', async () => {
    const { token, client } = await signIn(t, newPhone())
    const base = t.clock.now.getTime() - 10_000_000
    await t.database.db
      .insertInto('clientFavourites')
      .values(
        Array.from({ length: MAX_FAVOURITES }, (_, i) => ({
          clientId: client.id,
          restaurantId: 'bistro',
          dishId: `gone-${String(i)}`,
          name: JSON.stringify({ ru: `Блюдо ${String(i)}` }),
          addedAt: new Date(base + i * 1000),
        })),
      )
      .execute()
    const answers = await Promise.all([
      put(token, 'borscht'),
      put(token, 'solyanka'),
      put(token, 'pike-perch'),
    ])
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200])
    const dishes = await dishesOf(token)
    expect(dishes).toHaveLength(MAX_FAVOURITES)
    expect(dishes).toEqual(expect.arrayContaining(['borscht', 'solyanka', 'pike-perch']))
    expect(dishes).not.toContain('gone-2')
  })

  it('merges the device’s list: union, later addedAt wins, future is now, unknown dropped', async () => {
    const token = await newToken()
    const now = t.clock.now.getTime()
    await put(token, 'borscht') // saved at `now`
    later(1)
    await put(token, 'solyanka') // now + 1
    later(10_000)
    const device: Favourite[] = [
      { dishId: 'pike-perch', addedAt: now + 60_000_000, name: 'Судак' }, // from the future
      { dishId: 'borscht', addedAt: now + 0.5e3, name: 'Борщ' }, // later than the server's
      { dishId: 'solyanka', addedAt: now - 5000, name: 'Солянка' }, // older: the server's wins
      { dishId: 'dish-since-deleted', addedAt: now - 1000, name: 'Старое' },
    ]
    const response = await merge(token, { restaurantId: 'bistro', favourites: device })
    expect(response.statusCode, response.body).toBe(200)
    const merged = favouriteList.parse(response.json())
    expect(merged.favourites).toEqual([
      { dishId: 'pike-perch', addedAt: t.clock.now.getTime(), name: 'Судак' },
      { dishId: 'borscht', addedAt: now + 500, name: 'Борщ' },
      { dishId: 'solyanka', addedAt: now + 1, name: 'Солянка' },
    ])
    expect(favouriteList.parse((await list(token)).json())).toEqual(merged)
    // Sending the same list again changes nothing.
    const again = await merge(token, { restaurantId: 'bistro', favourites: device })
    expect(favouriteList.parse(again.json())).toEqual(merged)
  })

  it('refuses garbage with 400 and changes nothing', async () => {
    const token = await newToken()
    await put(token, 'borscht')
    const bad = [
      'not json',
      null,
      [],
      { restaurantId: 'bistro' },
      { restaurantId: 'bistro', favourites: 'all' },
      { restaurantId: 'bistro', favourites: [{ dishId: 'x\u0000y', addedAt: 1, name: 'a' }] },
      { restaurantId: 'bistro', favourites: [{ dishId: 'borscht', addedAt: -1, name: 'a' }] },
      { restaurantId: 'bistro', favourites: [{ dishId: 'borscht', addedAt: 1.5, name: 'a' }] },
      {
        restaurantId: 'bistro',
        favourites: [{ dishId: 'borscht', addedAt: 1, name: 'a'.repeat(201) }],
      },
      {
        restaurantId: 'bistro',
        favourites: Array.from({ length: MAX_FAVOURITES + 1 }, (_, i) => ({
          dishId: `d-${String(i)}`,
          addedAt: i,
          name: 'a',
        })),
      },
      { restaurantId: 'bis\u0000tro', favourites: [] },
    ]
    for (const payload of bad) {
      const response = await t.app.inject({
        method: 'POST',
        url: `${FAV}/merge`,
        headers: { ...asClient(token), 'content-type': 'application/json' },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      })
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400)
    }
    for (const dishId of ['x%00y', 'BAD%20ID', '%E2%80%AE', 'a'.repeat(65), 'Borscht']) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `${FAV}/${dishId}?restaurantId=bistro`,
        headers: asClient(token),
      })
      expect(response.statusCode, dishId).toBe(400)
    }
    expect((await put(token, 'borscht', 'bis%00tro')).statusCode).toBe(400)
    expect((await t.app.inject({ url: FAV, headers: asClient(token) })).statusCode).toBe(400)
    expect(await dishesOf(token)).toEqual(['borscht'])
  })

  it('goes with the profile when the profile is deleted', async () => {
    const { token, client } = await signIn(t, newPhone())
    await put(token, 'borscht')
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/me',
      headers: asClient(token),
    })
    expect(deleted.statusCode, deleted.body).toBe(200)
    const rows = await t.database.db
      .selectFrom('clientFavourites')
      .select('dishId')
      .where('clientId', '=', client.id)
      .execute()
    expect(rows).toEqual([])
  })
})

describe.each(testDatabaseKinds)('The favourites’ writes are rate-limited on $name', (kind) => {
  let t: ClientTestApp
  beforeAll(async () => {
    t = await startClientApp(kind, { limited: true })
  })
  afterAll(async () => {
    await t.close()
  })

  it('counts them as the profile’s other writes: 600 a minute per address, then 429', async () => {
    const { token } = await signIn(t, '+79035559999')
    const write = () =>
      t.app.inject({
        method: 'DELETE',
        url: `${FAV}/borscht?restaurantId=bistro`,
        headers: asClient(token),
      })
    // Signing in took two writes of its own, counted apart (client-otp, client-verify).
    for (let i = 0; i < 600; i += 1) expect((await write()).statusCode).toBe(200)
    const refused = await write()
    expect(refused.statusCode).toBe(429)
    expect(errorBody.parse(refused.json()).error.code).toBe('rate_limited')
  })
})
