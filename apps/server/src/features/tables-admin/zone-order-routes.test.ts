import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminFloor, adminZone, orderAdminZones } from '@tableside/contracts/admin-tables'
import { errorBody } from '@tableside/contracts/errors'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import {
  addManager,
  createOrderingRestaurant,
  signInAsAnna,
  signInAsKitchen,
  signInAsManager,
} from '../../test/test-restaurants'

/** The order of the floor's zones in the back office (issue 17, decision 0076). */
describe.each(testDatabaseKinds)('Putting the zones in order on $name', (kind) => {
  let t: TestApp
  let manager: string
  let bistroManager: string

  beforeAll(async () => {
    t = await createTestApp(kind)
    await createOrderingRestaurant(t, 'bistro', { tables: [{ code: 'B1', label: 'B1' }] })
    await addManager(t, 'bistro', 'boss', 'bistro-password-1')
    manager = (await signInAsManager(t.app)).token
    bistroManager = (await signInAsManager(t.app, 'bistro', 'boss', 'bistro-password-1')).token
  })
  afterAll(async () => {
    await t.close()
  })

  const send = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    headers: Record<string, string> = { 'x-manager-token': manager },
  ) => t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) })
  const zoneNames = async (token = manager) =>
    adminFloor
      .parse((await send('GET', '/admin/tables', undefined, { 'x-manager-token': token })).json())
      .zones.map((zone) => zone.name.ru)
  const zoneIds = async () =>
    adminFloor.parse((await send('GET', '/admin/tables')).json()).zones.map((zone) => zone.id)
  const positions = () =>
    t.database.db
      .selectFrom('tableZones')
      .select(['id', 'position'])
      .orderBy('id')
      .execute()
      .then((rows) => JSON.stringify(rows))

  it('moves a zone up: the floor, the answer and the audit log say the new order', async () => {
    const bar = adminZone.parse(
      (await send('POST', '/admin/zones', { name: { ru: 'Бар' } })).json(),
    )
    expect(await zoneNames()).toEqual(['Зал', 'Терраса', 'Бар'])
    const [hall, terrace] = await zoneIds()
    const answer = await send('PUT', '/admin/zone-order', {
      zoneIds: [hall, bar.id, terrace],
    })
    expect(answer.statusCode).toBe(200)
    const { zones } = orderAdminZones.response.parse(answer.json())
    expect(zones.map((zone) => [zone.name.ru, zone.position])).toEqual([
      ['Зал', 0],
      ['Бар', 1],
      ['Терраса', 2],
    ])
    expect(zones.find((zone) => zone.name.ru === 'Зал')?.tableCount).toBe(8)
    expect(await zoneNames()).toEqual(['Зал', 'Бар', 'Терраса'])

    const entries = await t.database.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'reorder')
      .where('entity', '=', 'zone')
      .execute()
    expect(entries).toHaveLength(1)
    expect(entries[0]?.entityId).toBe('demo')
    expect(entries[0]?.actorId).not.toBeNull()
    expect(entries[0]?.before).toEqual([hall, terrace, bar.id])
    expect(entries[0]?.after).toEqual([hall, bar.id, terrace])
  })

  it('refuses a list that leaves a zone out, names one twice or one not the restaurant’s, changing nothing', async () => {
    const ids = await zoneIds()
    const [first = '', second = '', third = ''] = ids
    const bistroZone = adminZone.parse(
      (
        await send(
          'POST',
          '/admin/zones',
          { name: { ru: 'Патио' } },
          {
            'x-manager-token': bistroManager,
          },
        )
      ).json(),
    )
    const before = await positions()
    for (const zoneIds of [
      [first, second],
      [first, second, second, third],
      [first, second, third, bistroZone.id],
      [first, second, bistroZone.id],
      [],
    ]) {
      const answer = await send('PUT', '/admin/zone-order', { zoneIds })
      expect(answer.statusCode, JSON.stringify(zoneIds)).toBe(400)
      const { error } = errorBody.parse(answer.json())
      expect(error.code).toBe('validation_failed')
      expect(error.fields?.[0]?.path).toBe('body.zoneIds')
    }
    const notUuid = await send('PUT', '/admin/zone-order', { zoneIds: ['hall'] })
    expect(notUuid.statusCode).toBe(400)
    expect(await positions()).toBe(before)
    expect(await zoneNames(bistroManager)).toEqual(['Патио'])
  })

  it('is the manager’s only: no token, a waiter’s, the kitchen’s, a bad one are 401', async () => {
    const ids = await zoneIds()
    const before = await positions()
    const [waiter, kitchen] = await Promise.all([signInAsAnna(t.app), signInAsKitchen(t.app)])
    const strangers: Record<string, string>[] = [
      {},
      { 'x-garcon-token': waiter.token },
      { 'x-kitchen-token': kitchen.token },
      { 'x-manager-token': waiter.token },
      { 'x-manager-token': 'not-a-token' },
    ]
    for (const headers of strangers) {
      const answer = await send(
        'PUT',
        '/admin/zone-order',
        { zoneIds: [...ids].reverse() },
        headers,
      )
      expect(answer.statusCode, JSON.stringify(headers)).toBe(401)
    }
    expect(await positions()).toBe(before)
  })
})
