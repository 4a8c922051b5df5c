import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminStation, adminStations } from '@tableside/contracts/kitchen'
import { DEMO_MENU_FILE } from '../../db/seed-demo'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import {
  addManager,
  createOrderingRestaurant,
  signInAsKitchen,
  signInAsManager,
  signInAsWaiter,
} from '../../test/test-restaurants'

// Issue 17, decision 0070: a manager's kitchen stations, the categories they cook and the
// minutes at which tickets turn amber and red; every change in the audit log.
describe.each(testDatabaseKinds)("The manager's kitchen stations on $name", (kind) => {
  let t: TestApp
  let manager = ''
  let otherManager = ''
  let waiter = ''
  let kitchen = ''

  beforeAll(async () => {
    t = await createTestApp(kind)
    manager = (await signInAsManager(t.app)).token
    waiter = (await signInAsWaiter(t.app, 'anna', '1111')).token
    kitchen = (await signInAsKitchen(t.app)).token
    await createOrderingRestaurant(t, 'bistro', { tables: [{ code: 'B1', label: 'B1' }] })
    await addManager(t, 'bistro', 'bistro-boss', 'bistro-password-1')
    otherManager = (await signInAsManager(t.app, 'bistro', 'bistro-boss', 'bistro-password-1'))
      .token
  })
  afterAll(async () => {
    await t.close()
  })

  const as = (token: string) => ({ 'x-manager-token': token })
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
    url: string,
    token: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: as(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    })
  const list = async () =>
    adminStations.parse((await call('GET', '/admin/stations', manager)).json())
  const auditOf = (entityId: string) =>
    t.database.db
      .selectFrom('auditLog')
      .select(['action', 'entity', 'before', 'after'])
      .where('entityId', '=', entityId)
      .orderBy('id')
      .execute()

  it('lists the demo stations with their categories and the default thresholds', async () => {
    const { stations, thresholds } = await list()
    expect(stations.map((station) => station.name)).toEqual(['Горячий цех', 'Холодный цех', 'Бар'])
    expect(stations[1]?.categoryIds).toEqual(['desserts', 'salads', 'starters'])
    expect(thresholds).toEqual({ warnMinutes: 10, lateMinutes: 20 })
  })

  it('gives a station one category more without its list: two at once both stay (decision 0127)', async () => {
    const stationNamed = async (name: string) => {
      const found = (await list()).stations.find((each) => each.name === name)
      if (!found) throw new Error(`no station ${name}`)
      return found
    }
    const hot = await stationNamed('Горячий цех')
    const cold = await stationNamed('Холодный цех')
    // Two managers each give the hot station a category at the same moment: with whole lists
    // read before, the last list sent dropped the other's category.
    const answers = await Promise.all(
      ['salads', 'starters'].map((categoryId) =>
        call('PATCH', `/admin/stations/${hot.id}`, manager, { addCategoryIds: [categoryId] }),
      ),
    )
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200])
    expect((await stationNamed('Горячий цех')).categoryIds).toEqual(
      [...hot.categoryIds, 'salads', 'starters'].sort(),
    )
    expect((await stationNamed('Холодный цех')).categoryIds).toEqual(['desserts'])

    // An unknown category is named, and nothing changes.
    const unknown = await call('PATCH', `/admin/stations/${cold.id}`, manager, {
      addCategoryIds: ['desserts', 'no-such-category'],
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toMatchObject({
      error: { code: 'validation_failed', fields: [{ path: 'body.addCategoryIds.1' }] },
    })
    expect((await stationNamed('Холодный цех')).categoryIds).toEqual(['desserts'])

    const back = await call('PATCH', `/admin/stations/${cold.id}`, manager, {
      categoryIds: cold.categoryIds,
    })
    expect(back.statusCode).toBe(200)
  })

  it('adds, renames, re-assigns and removes a station, each change audited', async () => {
    const created = await call('POST', '/admin/stations', manager, {
      name: 'Кондитерский цех',
      sortOrder: 5,
      categoryIds: ['desserts'],
    })
    expect(created.statusCode).toBe(201)
    const station = adminStation.parse(created.json())
    expect(station).toMatchObject({ name: 'Кондитерский цех', categoryIds: ['desserts'] })
    // A category is cooked at one station: it left Холодный цех.
    const cold = (await list()).stations.find((each) => each.name === 'Холодный цех')
    expect(cold?.categoryIds).toEqual(['salads', 'starters'])

    const renamed = await call('PATCH', `/admin/stations/${station.id}`, manager, {
      name: 'Кондитерская',
      categoryIds: [],
    })
    expect(renamed.statusCode).toBe(200)
    expect(adminStation.parse(renamed.json())).toMatchObject({
      name: 'Кондитерская',
      categoryIds: [],
    })
    const removed = await call('DELETE', `/admin/stations/${station.id}`, manager)
    expect(removed.statusCode).toBe(200)
    expect((await list()).stations.some((each) => each.id === station.id)).toBe(false)

    const audit = await auditOf(station.id)
    expect(audit.map((entry) => [entry.action, entry.entity])).toEqual([
      ['create', 'station'],
      ['update', 'station'],
      ['delete', 'station'],
    ])
    expect(audit[1]?.before).toMatchObject({ name: 'Кондитерский цех' })
    expect(audit[1]?.after).toMatchObject({ name: 'Кондитерская' })
    expect(audit[2]?.after).toBeNull()
    // Desserts went back to no station (the default group), not to Холодный цех.
    await call('PATCH', `/admin/stations/${cold?.id ?? ''}`, manager, {
      categoryIds: ['desserts', 'salads', 'starters'],
    })
  })

  it('keeps stations across a menu import', async () => {
    const before = await list()
    await t.menu.importMenu('demo', JSON.parse(readFileSync(DEMO_MENU_FILE, 'utf8')))
    expect((await list()).stations).toEqual(before.stations)
  })

  it('refuses bad input with the fields, and changes nothing', async () => {
    const before = await list()
    const cases: [string, string, unknown, number][] = [
      ['POST', '/admin/stations', { name: '' }, 400],
      ['POST', '/admin/stations', { name: 'x'.repeat(61) }, 400],
      ['POST', '/admin/stations', { name: 'Гриль', categoryIds: ['no-such-category'] }, 400],
      ['POST', '/admin/stations', { name: 'бар' }, 409],
      ['PATCH', `/admin/stations/${before.stations[0]?.id ?? ''}`, { name: 'Бар' }, 409],
      ['PATCH', '/admin/stations/not-a-uuid', { name: 'Гриль' }, 400],
      ['PUT', '/admin/stations/thresholds', { warnMinutes: 20, lateMinutes: 10 }, 400],
      ['PUT', '/admin/stations/thresholds', { warnMinutes: 0, lateMinutes: 10 }, 400],
      ['PUT', '/admin/stations/thresholds', { warnMinutes: 5 }, 400],
    ]
    for (const [method, url, payload, status] of cases) {
      const response = await call(method as 'POST', url, manager, payload)
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(status)
      const body = response.json<{ error: { fields?: { path: string }[] } }>()
      expect(body.error.fields?.length ?? 0).toBeGreaterThan(0)
    }
    expect(await list()).toEqual(before)
  })

  it('sets the thresholds the kitchen screen counts by', async () => {
    const response = await call('PUT', '/admin/stations/thresholds', manager, {
      warnMinutes: 7,
      lateMinutes: 15,
    })
    expect(response.statusCode).toBe(200)
    const board = await t.app.inject({
      method: 'GET',
      url: '/api/v1/kitchen/tickets',
      headers: { 'x-kitchen-token': kitchen },
    })
    expect(board.json()).toMatchObject({ thresholds: { warnMinutes: 7, lateMinutes: 15 } })
    const audit = await auditOf('demo')
    expect(audit.at(-1)).toMatchObject({
      entity: 'kitchen_thresholds',
      before: { warnMinutes: 10, lateMinutes: 20 },
      after: { warnMinutes: 7, lateMinutes: 15 },
    })
  })

  it('refuses a waiter, the kitchen, a diner and nobody everywhere, and another restaurant sees none of ours', async () => {
    const { stations } = await list()
    const id = stations[0]?.id ?? ''
    const routes: [string, string, unknown][] = [
      ['GET', '/admin/stations', undefined],
      ['POST', '/admin/stations', { name: 'Гриль' }],
      ['PATCH', `/admin/stations/${id}`, { name: 'Гриль' }],
      ['DELETE', `/admin/stations/${id}`, undefined],
      ['PUT', '/admin/stations/thresholds', { warnMinutes: 1, lateMinutes: 2 }],
    ]
    for (const headers of [
      { 'x-garcon-token': waiter },
      { 'x-kitchen-token': kitchen },
      { 'x-manager-token': 'forged' },
      // A diner's profile is no manager either.
      { 'x-profile-token': 'a-diner-profile-token' },
      {},
    ]) {
      for (const [method, url, payload] of routes) {
        const response = await t.app.inject({
          method: method as 'GET',
          url: `/api/v1${url}`,
          headers,
          ...(payload === undefined ? {} : { payload: payload as object }),
        })
        expect(response.statusCode, `${method} ${url}`).toBe(401)
      }
    }
    const theirs = adminStations.parse((await call('GET', '/admin/stations', otherManager)).json())
    expect(theirs.stations).toEqual([])
    expect(
      (await call('PATCH', `/admin/stations/${id}`, otherManager, { name: 'X' })).statusCode,
    ).toBe(404)
    expect((await call('DELETE', `/admin/stations/${id}`, otherManager)).statusCode).toBe(404)
    expect(await list()).toMatchObject({ stations })
  })
})
