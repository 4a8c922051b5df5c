import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorBody } from '@tableside/contracts/errors'
import { tableSession } from '@tableside/contracts/table-sessions'
import { loadMigrations, migrate } from '../../db/migrate'
import { DEMO_RESTAURANT_ID } from '../../db/seed-demo'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { createOrderingRestaurant, numberedTables, tableQrToken } from '../../test/test-restaurants'
import { newTableQrToken } from './table-qr-token'
import { createTableRepository } from './table-repository'

/** The QR code is the key to the table (issue 13, decision 0026): seen from a stranger's side. */
describe.each(testDatabaseKinds)('Joining a table by its QR token on $name', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind)
    const tables = [...numberedTables(3), { code: 'OFF', label: 'Off', enabled: false }]
    await createOrderingRestaurant(t, 'bistro', { tables })
    await createOrderingRestaurant(t, 'other', { tables })
  })
  afterAll(async () => {
    await t.close()
  })

  const scan = (tableToken: unknown, restaurantId = 'bistro') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/restaurants/${restaurantId}/table-sessions`,
      payload: { tableToken },
    })
  const token = (code: string, restaurantId = 'bistro') => tableQrToken(t, restaurantId, code)
  const sessionCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('tableSessions')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  const rotate = (code: string, restaurantId = 'bistro') =>
    createTableRepository(t.database.db).rotateQrToken(
      restaurantId,
      code,
      newTableQrToken(),
      new Date(),
    )

  it('gives every table its own unguessable token, the demo tables too', async () => {
    const tables = await t.database.db
      .selectFrom('restaurantTables')
      .select(['restaurantId', 'code', 'qrToken'])
      .execute()
    expect(tables.length).toBeGreaterThanOrEqual(12 + 8)
    for (const table of tables) {
      expect(table.qrToken).toMatch(/^[A-Za-z0-9_-]{22,}$/)
      expect(table.qrToken).not.toBe(table.code)
    }
    expect(new Set(tables.map((table) => table.qrToken)).size).toBe(tables.length)
    expect(newTableQrToken()).toMatch(/^[A-Za-z0-9_-]{22}$/)
  })

  it("the table's token opens its session, and the second phone joins the same one", async () => {
    const first = await scan(await token('T1'))
    expect(first.statusCode).toBe(201)
    const session = tableSession.parse(first.json())
    expect(session.table).toEqual({ code: 'T1', label: '1', zone: null })
    const second = tableSession.parse((await scan(await token('T1'))).json())
    expect(second.id).toBe(session.id)
  })

  it("refuses the table's code, in any case, exactly as a token that never was", async () => {
    const before = await sessionCount()
    const answers = await Promise.all(
      ['T2', 't2', 'T99', randomBytes(16).toString('base64url'), 'A'.repeat(128)].map((value) =>
        scan(value),
      ),
    )
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404)
      expect(errorBody.parse(answer.json())).toEqual({
        error: {
          code: 'table_link_outdated',
          message: 'This link does not open a table: scan the QR code on your table.',
        },
      })
    }
    expect(await sessionCount()).toBe(before)
  })

  it('refuses what cannot be a token as a bad request', async () => {
    for (const bad of ['', '../T1', 'T1 OR 1=1', 'A'.repeat(129), 42, null]) {
      const answer = await scan(bad)
      expect(answer.statusCode).toBe(400)
      expect(errorBody.parse(answer.json()).error.code).toBe('validation_failed')
    }
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/v1/restaurants/bistro/table-sessions',
      payload: { tableCode: 'T1' },
    })
    expect(old.statusCode).toBe(400)
  })

  it("another restaurant's token opens nothing here", async () => {
    const before = await sessionCount()
    const answer = await scan(await token('T3', 'other'))
    expect(answer.statusCode).toBe(404)
    expect(errorBody.parse(answer.json()).error.code).toBe('table_link_outdated')
    expect(await sessionCount()).toBe(before)
  })

  it("a disabled table's token says the table takes no app orders now", async () => {
    const answer = await scan(await token('OFF'))
    expect(answer.statusCode).toBe(409)
    expect(errorBody.parse(answer.json()).error.code).toBe('table_disabled')
  })

  it('a replaced QR code explains itself and opens nothing; the new one joins the open session', async () => {
    const old = await token('T2')
    const opened = tableSession.parse((await scan(old)).json())

    const rotated = await rotate('t2')
    expect(rotated).toMatchObject({ code: 'T2', retired: old })
    const fresh = await token('T2')
    expect(fresh).toBe(rotated?.qrToken)
    expect(fresh).not.toBe(old)

    const before = await sessionCount()
    const refused = await scan(old)
    expect(refused.statusCode).toBe(410)
    expect(errorBody.parse(refused.json())).toEqual({
      error: {
        code: 'table_qr_replaced',
        message: 'This QR code has been replaced: scan the one on your table now.',
      },
    })
    expect(refused.body).not.toContain(opened.id)
    expect(await sessionCount()).toBe(before)

    // The diners at the table keep their session; the new print seats the next phone with them.
    expect(
      tableSession.parse((await t.app.inject(`/api/v1/table-sessions/${opened.id}`)).json()).status,
    ).toBe('open')
    const joined = tableSession.parse((await scan(fresh)).json())
    expect(joined.id).toBe(opened.id)

    // A retired token is this restaurant's story only: elsewhere it is just not a table.
    expect(errorBody.parse((await scan(old, 'other')).json()).error.code).toBe(
      'table_link_outdated',
    )
    // Replaced twice: both old prints explain themselves.
    await rotate('T2')
    expect(errorBody.parse((await scan(fresh)).json()).error.code).toBe('table_qr_replaced')
    expect(errorBody.parse((await scan(old)).json()).error.code).toBe('table_qr_replaced')
  })

  it('rotating a table the restaurant does not have changes nothing', async () => {
    expect(await rotate('T9')).toBeUndefined()
    expect(await rotate('T1', 'nowhere')).toBeUndefined()
    expect(await rotate('T1', 'other')).toMatchObject({ code: 'T1' })
  })

  it('the demo tables open by their tokens', async () => {
    const answer = await scan(await token('T12', DEMO_RESTAURANT_ID), DEMO_RESTAURANT_ID)
    expect(answer.statusCode).toBe(201)
  })
})

describe.each(testDatabaseKinds)('Migration 0007 on $name', (kind) => {
  it('gives the tables that exist already a token each', async () => {
    const database = await kind.open()
    try {
      // `kind.open` migrates everything; start over with the tables made before 0007.
      await database.db.schema.dropTable('retired_table_qr_tokens').execute()
      await database.db.schema.alterTable('restaurant_tables').dropColumn('qr_token').execute()
      await database.db.deleteFrom('schemaMigrations').where('version', '=', '0007').execute()
      await database.db.insertInto('restaurants').values({ id: 'old', name: 'Old' }).execute()
      await database.db
        .insertInto('restaurantTables')
        .values(numberedTables(5).map((table) => ({ restaurantId: 'old', ...table })))
        .execute()

      expect(await migrate(database.db, await loadMigrations())).toEqual([
        '0007_table_qr_tokens.sql',
      ])
      const tokens = await database.db
        .selectFrom('restaurantTables')
        .select('qrToken')
        .where('restaurantId', '=', 'old')
        .execute()
      expect(tokens).toHaveLength(5)
      for (const { qrToken } of tokens) expect(qrToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(new Set(tokens.map((row) => row.qrToken)).size).toBe(5)
    } finally {
      await database.close()
    }
  })
})
