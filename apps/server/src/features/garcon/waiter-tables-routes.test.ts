import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorBody } from '@tableside/contracts/errors'
import {
  garconLogin,
  garconTablesChanged,
  tableTakenError,
  waiterProfile,
  waiterTables,
} from '@tableside/contracts/garcon'
import { garconChannel } from '@tableside/contracts/table-events'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { createTestRestaurant } from '../menu/test-menu-file'
import { createGarconRepository } from './garcon-repository'
import { hashSecret } from '../../lib/secret-hash'

const ANNAS = ['T1', 'T2', 'T3', 'T4', 'T5', 'T6']
const IGORS = ['T7', 'T8', 'T9', 'T10', 'T11', 'T12']

describe.each(testDatabaseKinds)("A waiter's tables and shift on $name", (kind) => {
  let t: TestApp
  let anna: { token: string; id: string }
  let igor: { token: string; id: string }
  let olga: { token: string; id: string }

  const signIn = async (login: string, pin: string, restaurantId = 'demo') => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/garcon/login',
      payload: { restaurantId, login, pin },
    })
    expect(response.statusCode).toBe(200)
    const { token, waiter } = garconLogin.response.parse(response.json())
    return { token, id: waiter.id }
  }

  beforeAll(async () => {
    t = await createTestApp(kind)
    // A second restaurant whose waiter Olga must see and take none of the demo's tables.
    const { db } = t.database
    await createTestRestaurant(db, 'bistro')
    await db
      .insertInto('restaurantTables')
      .values([
        { restaurantId: 'bistro', code: 'A10', label: 'A10', zone: JSON.stringify({ ru: 'Бар' }) },
        { restaurantId: 'bistro', code: 'A2', label: 'A2', zone: JSON.stringify({ ru: 'Бар' }) },
        { restaurantId: 'bistro', code: 'B1', label: 'B1', zone: null },
        { restaurantId: 'bistro', code: 'A1', label: 'A1', zone: JSON.stringify({ ru: 'Бар' }) },
        {
          restaurantId: 'bistro',
          code: 'Z1',
          label: 'Z1',
          zone: JSON.stringify({ ru: 'Антресоль' }),
        },
        { restaurantId: 'bistro', code: 'A3', label: 'A3', enabled: false },
      ])
      .execute()
    await createGarconRepository(db).addWaiter({
      restaurantId: 'bistro',
      name: 'Ольга',
      login: 'olga',
      pinHash: await hashSecret('3333'),
    })
    anna = await signIn('anna', '1111')
    igor = await signIn('igor', '2222')
    olga = await signIn('olga', '3333', 'bistro')
  })
  afterAll(async () => {
    await t.close()
  })

  const as = (
    waiter: { token: string } | null,
    method: 'GET' | 'PUT',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: waiter ? { 'x-garcon-token': waiter.token } : {},
      ...(payload ? { payload } : {}),
    })

  const tablesOf = async (waiter: { token: string }) => {
    const response = await as(waiter, 'GET', '/garcon/tables')
    expect(response.statusCode).toBe(200)
    return waiterTables.parse(response.json()).tables
  }
  const profileOf = async (waiter: { token: string }) => {
    const response = await as(waiter, 'GET', '/garcon/me')
    expect(response.statusCode).toBe(200)
    return waiterProfile.parse(response.json())
  }
  const setTables = (waiter: { token: string }, tableCodes: string[], takeOver?: boolean) =>
    as(
      waiter,
      'PUT',
      '/garcon/me/tables',
      takeOver === undefined ? { tableCodes } : { tableCodes, takeOver },
    )

  /** `garcon.tables-changed` events written to the outbox, with their channels. */
  const tablesChangedEvents = async () => {
    const rows = await t.database.db
      .selectFrom('outbox')
      .select('payload')
      .where('kind', '=', 'publish')
      .execute()
    return rows
      .map((row) => row.payload as { channels: string[]; name: string; data: string })
      .filter((payload) => payload.name === garconTablesChanged.name)
      .map((payload) => ({
        channels: payload.channels,
        data: garconTablesChanged.data.parse(JSON.parse(payload.data)),
      }))
  }

  it('answers 401 in the one error shape without a valid X-Garcon-Token', async () => {
    const requests = [
      ['GET', '/garcon/me', undefined],
      ['GET', '/garcon/tables', undefined],
      ['PUT', '/garcon/me/tables', { tableCodes: ['T1'] }],
      ['PUT', '/garcon/me/shift', { onShift: true }],
    ] as const
    for (const [method, url, payload] of requests) {
      for (const waiter of [null, { token: 'x'.repeat(43) }]) {
        const response = await as(waiter, method, url, payload)
        expect(response.statusCode, `${method} ${url}`).toBe(401)
        expect(errorBody.parse(response.json()).error).toEqual({
          code: 'unauthorized',
          message: 'Sign in as a waiter.',
        })
      }
    }
  })

  it('lists the restaurant’s tables in service by zone, then by code, with who serves each', async () => {
    const tables = await tablesOf(anna)
    expect(tables.map((table) => table.code)).toEqual([
      ...ANNAS,
      'T7',
      'T8',
      'T9',
      'T10',
      'T11',
      'T12',
    ])
    expect(tables[0]).toEqual({
      code: 'T1',
      label: '1',
      zone: { ru: 'Зал', en: 'Hall' },
      servedBy: [{ id: anna.id, name: 'Анна' }],
      mine: true,
    })
    expect(tables.find((table) => table.code === 'T10')).toMatchObject({
      zone: { ru: 'Терраса', en: 'Terrace' },
      servedBy: [{ id: igor.id, name: 'Игорь' }],
      mine: false,
    })
    // Another restaurant: its own tables only, T2 before T10, the table out of service left out.
    const bistro = await tablesOf(olga)
    expect(bistro.map((table) => table.code)).toEqual(['Z1', 'A1', 'A2', 'A10', 'B1'])
    expect(bistro.every((table) => table.servedBy.length === 0 && !table.mine)).toBe(true)
  })

  it('shows the waiter on shift or not, and their tables, at GET garcon/me', async () => {
    expect(await profileOf(anna)).toEqual({
      id: anna.id,
      restaurantId: 'demo',
      name: 'Анна',
      onShift: false,
      tableCodes: ANNAS,
    })
    const started = await as(anna, 'PUT', '/garcon/me/shift', { onShift: true })
    expect(started.statusCode).toBe(200)
    expect(waiterProfile.parse(started.json())).toMatchObject({ onShift: true })
    expect((await profileOf(anna)).onShift).toBe(true)
    const changedAt = await t.database.db
      .selectFrom('waiters')
      .select(['onShift', 'shiftChangedAt'])
      .where('id', '=', anna.id)
      .executeTakeFirstOrThrow()
    expect(changedAt.shiftChangedAt).not.toBeNull()
    const ended = await as(anna, 'PUT', '/garcon/me/shift', { onShift: false })
    expect(waiterProfile.parse(ended.json()).onShift).toBe(false)
    expect((await profileOf(igor)).onShift).toBe(false)
    const notABoolean = await as(anna, 'PUT', '/garcon/me/shift', { onShift: 'yes' })
    expect(notABoolean.statusCode).toBe(400)
    expect(errorBody.parse(notABoolean.json()).error.fields?.[0]?.path).toBe('body.onShift')
  })

  it('makes the waiter’s tables exactly the ones they name, in any case', async () => {
    const response = await setTables(anna, ['t2', 'T1', 'T3'])
    expect(response.statusCode).toBe(200)
    const tables = waiterTables.parse(response.json()).tables
    expect(tables.filter((table) => table.mine).map((table) => table.code)).toEqual([
      'T1',
      'T2',
      'T3',
    ])
    expect(tables.find((table) => table.code === 'T4')?.servedBy).toEqual([])
    expect((await profileOf(anna)).tableCodes).toEqual(['T1', 'T2', 'T3'])
    // No tables at all is a list too; free tables are anyone's to take, and nobody is told.
    expect((await setTables(anna, [])).statusCode).toBe(200)
    expect((await profileOf(anna)).tableCodes).toEqual([])
    expect((await setTables(anna, ANNAS)).statusCode).toBe(200)
    expect((await profileOf(anna)).tableCodes).toEqual(ANNAS)
    expect(await tablesChangedEvents()).toEqual([])
  })

  it('refuses a code it does not know, of another restaurant, or twice, and changes nothing', async () => {
    const unknown = await setTables(anna, ['T1', 'T99', 'A1'])
    expect(unknown.statusCode).toBe(400)
    expect(errorBody.parse(unknown.json()).error).toEqual({
      code: 'validation_failed',
      message: 'No table T99 or A1 to serve here.',
      fields: [
        { path: 'body.tableCodes.1', message: 'No table T99 here.' },
        { path: 'body.tableCodes.2', message: 'No table A1 here.' },
      ],
    })
    // Olga's restaurant has none of the demo's tables, and a table out of service is none to take.
    for (const codes of [['T7'], ['A3']]) {
      const elsewhere = await setTables(olga, codes)
      expect(elsewhere.statusCode).toBe(400)
      expect(errorBody.parse(elsewhere.json()).error.code).toBe('validation_failed')
    }
    const twice = await setTables(anna, ['T1', 't1'])
    expect(twice.statusCode).toBe(400)
    expect(errorBody.parse(twice.json()).error.fields?.[0]).toEqual({
      path: 'body.tableCodes',
      message: 'Name each table once',
    })
    const tooMany = await setTables(
      anna,
      Array.from({ length: 201 }, (_, i) => `X${String(i)}`),
    )
    expect(tooMany.statusCode).toBe(400)
    expect((await profileOf(anna)).tableCodes).toEqual(ANNAS)
    expect((await profileOf(olga)).tableCodes).toEqual([])
  })

  it('names the table and its waiter when it is taken, and takes it over only when asked', async () => {
    const taken = await setTables(anna, [...ANNAS, 'T7', 'T9'])
    expect(taken.statusCode).toBe(409)
    expect(tableTakenError.parse(taken.json()).error).toEqual({
      code: 'table_taken',
      message: 'Tables 7 and 9 are served by Игорь.',
      fields: [
        { path: 'body.tableCodes.6', message: 'Table 7 is served by Игорь.' },
        { path: 'body.tableCodes.7', message: 'Table 9 is served by Игорь.' },
      ],
      taken: [
        { table: { code: 'T7', label: '7' }, waiter: { id: igor.id, name: 'Игорь' } },
        { table: { code: 'T9', label: '9' }, waiter: { id: igor.id, name: 'Игорь' } },
      ],
    })
    expect((await profileOf(anna)).tableCodes).toEqual(ANNAS)
    expect((await profileOf(igor)).tableCodes).toEqual(IGORS)

    const one = await setTables(anna, ['T8'])
    expect(tableTakenError.parse(one.json()).error.message).toBe('Table 8 is served by Игорь.')

    const tookOver = await setTables(anna, [...ANNAS, 'T7'], true)
    expect(tookOver.statusCode).toBe(200)
    const t7 = waiterTables.parse(tookOver.json()).tables.find((table) => table.code === 'T7')
    expect(t7).toMatchObject({ servedBy: [{ id: anna.id, name: 'Анна' }], mine: true })
    expect((await profileOf(igor)).tableCodes).toEqual(['T8', 'T9', 'T10', 'T11', 'T12'])
    // Igor hears it on his own channel, and nobody else is told.
    expect(await tablesChangedEvents()).toEqual([
      {
        channels: [garconChannel(igor.id)],
        data: { tableCodes: ['T7'], takenBy: { id: anna.id, name: 'Анна' } },
      },
    ])
    // Giving a table back is not taking one: Igor takes T7 back without being asked twice.
    expect((await setTables(anna, ANNAS)).statusCode).toBe(200)
    expect((await setTables(igor, IGORS)).statusCode).toBe(200)
    expect(await tablesChangedEvents()).toHaveLength(1)
  })

  it('describes table_taken with its extra `taken` in the OpenAPI document', async () => {
    const spec = await t.app.inject('/api/openapi.json')
    expect(spec.json()).toMatchObject({
      paths: {
        '/api/v1/garcon/me/tables': {
          put: {
            responses: {
              409: {
                content: {
                  'application/json': {
                    schema: {
                      properties: {
                        error: { properties: { code: { enum: ['table_taken'] }, taken: {} } },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    })
  })

  it('lets a waiter of another restaurant take nothing of this one, even with takeOver', async () => {
    const response = await setTables(olga, ['T1'], true)
    expect(response.statusCode).toBe(400)
    expect(errorBody.parse(response.json()).error.message).toBe('No table T1 to serve here.')
    expect((await profileOf(anna)).tableCodes).toEqual(ANNAS)
    expect((await setTables(olga, ['a1', 'B1'])).statusCode).toBe(200)
    expect((await profileOf(olga)).tableCodes).toEqual(['A1', 'B1'])
    expect((await tablesOf(anna)).some((table) => table.code === 'A1')).toBe(false)
  })
})
