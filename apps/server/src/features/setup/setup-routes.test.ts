import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorBody } from '@tableside/contracts/errors'
import { restaurantDirectory, type SetupBody } from '@tableside/contracts/setup'
import { adminMe, MANAGER_TOKEN_HEADER } from '@tableside/contracts/staff'
import type { DatabaseHandle } from '../../db/database'
import { startTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'

const API = '/api/v1'
let addresses = 0
/** Each request from an address of its own, unless a test counts them from one. */
const nextAddress = () => `10.9.${String(Math.floor(++addresses / 250))}.${String(addresses % 250)}`

const bodyWith = (setupToken: string, id = 'bistro'): SetupBody => ({
  setupToken,
  restaurant: { id, name: 'Бистро «Ёлка»', timezone: 'Asia/Yekaterinburg', language: 'ru' },
  manager: { name: 'Мария', login: 'maria', password: 'ёлка-на-ветру-2026' },
})

// Issue 29, decision 0115: a fresh install's first restaurant, set up in the browser, from the
// side of whoever else can reach the server on the restaurant's network before its owner does.
describe.each(testDatabaseKinds)('The first-run setup on $name', (kind) => {
  let database: DatabaseHandle
  let t: TestApp
  /** A second node on the same database, as a cluster has. */
  let other: TestApp
  let token: string

  const setUp = (payload: unknown, app: TestApp = t, remoteAddress = nextAddress()) =>
    app.app.inject({
      method: 'POST',
      url: `${API}/setup`,
      payload: payload as object,
      remoteAddress,
    })
  const directory = async () =>
    restaurantDirectory.parse((await t.app.inject({ url: `${API}/restaurants` })).json())
  const counts = async () => ({
    restaurants: (await database.db.selectFrom('restaurants').select('id').execute()).length,
    staff: (await database.db.selectFrom('staff').select('id').execute()).length,
  })

  beforeAll(async () => {
    database = await kind.open()
    t = await startTestApp(database, { DEMO_SEED: 'false' })
    other = await startTestApp(database, { DEMO_SEED: 'false' })
    token = (await t.app.setup.pendingToken()) ?? ''
  })
  afterAll(async () => {
    await other.app.close()
    await t.close()
  })

  it('an empty install lists no restaurant and is open for setup, with one token on every node', async () => {
    expect(await directory()).toEqual({ restaurants: [], setupOpen: true, demo: false })
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(await other.app.setup.pendingToken()).toBe(token)
  })

  it('refuses a setup without the token, or with a wrong one, and creates nothing', async () => {
    const noToken: Partial<SetupBody> = bodyWith(token)
    delete noToken.setupToken
    expect((await setUp(noToken)).statusCode).toBe(400)
    for (const wrong of [
      '',
      token.slice(0, -1),
      `${token}x`,
      token.toUpperCase(),
      'x'.repeat(32),
    ]) {
      const answer = await setUp(bodyWith(wrong))
      expect(answer.statusCode, wrong).toBe(403)
      expect(errorBody.parse(answer.json()).error.code).toBe('setup_token_invalid')
    }
    expect(await counts()).toEqual({ restaurants: 0, staff: 0 })
  })

  it('refuses malformed bodies with the field at fault and creates nothing', async () => {
    const good = bodyWith(token)
    const cases: [unknown, string][] = [
      [{ ...good, restaurant: { ...good.restaurant, id: 'Бистро' } }, 'body.restaurant.id'],
      [{ ...good, restaurant: { ...good.restaurant, id: '-x' } }, 'body.restaurant.id'],
      [{ ...good, restaurant: { ...good.restaurant, name: '   ' } }, 'body.restaurant.name'],
      [
        { ...good, restaurant: { ...good.restaurant, timezone: 'Mars/Olympus' } },
        'body.restaurant.timezone',
      ],
      [{ ...good, restaurant: { ...good.restaurant, language: 'de' } }, 'body.restaurant.language'],
      [{ ...good, manager: { ...good.manager, password: 'short' } }, 'body.manager.password'],
      [
        { ...good, manager: { ...good.manager, password: 'aaaaabbbbbaaaaa' } },
        'body.manager.password',
      ],
      [
        { ...good, manager: { ...good.manager, password: 'maria-2026-spring' } },
        'body.manager.password',
      ],
      [{ ...good, manager: { ...good.manager, login: 'ma ria' } }, 'body.manager.login'],
      [{ ...good, manager: { ...good.manager, name: '' } }, 'body.manager.name'],
      [{ ...good, manager: undefined }, 'body.manager'],
      [{ ...good, setupToken: 'x'.repeat(201) }, 'body.setupToken'],
    ]
    for (const [payload, path] of cases) {
      const answer = await setUp(payload)
      expect(answer.statusCode, path).toBe(400)
      const paths = (errorBody.parse(answer.json()).error.fields ?? []).map((field) => field.path)
      expect(paths, path).toContain(path)
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: `${API}/setup`,
      headers: { 'content-type': 'application/json' },
      payload: '{"setupToken":',
      remoteAddress: nextAddress(),
    })
    expect(notJson.statusCode).toBe(400)
    expect(await counts()).toEqual({ restaurants: 0, staff: 0 })
    expect((await directory()).setupOpen).toBe(true)
  })

  it('of setups sent at once to two nodes, one makes the restaurant and the rest get 409', async () => {
    const answers = await Promise.all(
      ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot'].map((id, index) =>
        setUp(bodyWith(token, id), index % 2 === 0 ? t : other),
      ),
    )
    const made = answers.filter((answer) => answer.statusCode === 201)
    const refused = answers.filter((answer) => answer.statusCode !== 201)
    expect(made).toHaveLength(1)
    for (const answer of refused) {
      expect(answer.statusCode).toBe(409)
      expect(errorBody.parse(answer.json()).error.code).toBe('already_set_up')
    }
    expect(await counts()).toEqual({ restaurants: 1, staff: 1 })

    const { restaurantId, token: managerToken } = made[0]?.json<{
      restaurantId: string
      token: string
    }>() ?? { restaurantId: '', token: '' }
    const me = await t.app.inject({
      url: `${API}/admin/me`,
      headers: { [MANAGER_TOKEN_HEADER]: managerToken },
    })
    expect(adminMe.parse(me.json())).toMatchObject({ restaurantId, login: 'maria', name: 'Мария' })
    // The new restaurant's back office starts from nothing: no menu yet, then its first one.
    const headers = { [MANAGER_TOKEN_HEADER]: managerToken }
    const menu = await t.app.inject({ url: `${API}/admin/menu`, headers })
    expect(menu.statusCode, menu.body).toBe(200)
    expect(menu.json<{ file: { menus: unknown[] } }>().file.menus).toEqual([])
    const started = await t.app.inject({
      method: 'PUT',
      url: `${API}/admin/menu/menus/main`,
      headers,
      payload: { name: { ru: 'Основное меню', en: 'Main menu' } },
    })
    expect(started.statusCode, started.body).toBe(200)
    const restaurant = await t.app.inject({ url: `${API}/restaurants/${restaurantId}` })
    expect(restaurant.json()).toMatchObject({
      name: 'Бистро «Ёлка»',
      timezone: 'Asia/Yekaterinburg',
      currency: 'RUB',
      locale: 'ru-RU',
      defaultLanguage: 'ru',
    })
    const audit = await database.db
      .selectFrom('auditLog')
      .select(['entity', 'action', 'entityId'])
      .where('restaurantId', '=', restaurantId)
      .where('entity', '=', 'restaurant')
      .execute()
    expect(audit).toEqual([{ entity: 'restaurant', action: 'create', entityId: restaurantId }])
  })

  it('after setup: the token is spent, a replay is 409, and `/` lists the restaurant', async () => {
    expect((await setUp(bodyWith(token, 'golf'))).statusCode).toBe(409)
    expect((await setUp(bodyWith('x'.repeat(32), 'golf'))).statusCode).toBe(409)
    expect(await t.app.setup.pendingToken()).toBeUndefined()
    expect(
      await database.db
        .selectFrom('serverKeys')
        .select('name')
        .where('name', '=', 'setup-token')
        .execute(),
    ).toEqual([])
    const listed = await directory()
    expect(listed.setupOpen).toBe(false)
    expect(listed.restaurants).toHaveLength(1)
    expect(await counts()).toEqual({ restaurants: 1, staff: 1 })
  })
})

describe('The first-run setup is guessed at no faster than a password', () => {
  let t: TestApp

  beforeAll(async () => {
    const [embedded] = testDatabaseKinds
    if (!embedded) throw new Error('no test database')
    t = await startTestApp(await embedded.open(), { DEMO_SEED: 'false' })
  })
  afterAll(() => t.close())

  it('ten tries from one address in 15 minutes, then 429 with Retry-After, even with the token', async () => {
    const token = (await t.app.setup.pendingToken()) ?? ''
    const from = (payload: unknown, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: `${API}/setup`,
        payload: payload as object,
        remoteAddress,
      })
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await from(bodyWith(`guess-${String(attempt)}`), '10.1.1.1')).statusCode).toBe(403)
    }
    const limited = await from(bodyWith(token), '10.1.1.1')
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['retry-after']).toBeDefined()
    expect((await from(bodyWith(token), '10.1.1.2')).statusCode).toBe(201)
  })
})
