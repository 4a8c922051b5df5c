import type { FastifyInstance } from 'fastify'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { getAdminLive } from '@tableside/contracts/admin-reports'
import { errorBody } from '@tableside/contracts/errors'
import type { DatabaseHandle } from '../../db/database'
import type { Database } from '../../db/schema'
import { seedDemo } from '../../db/seed-demo'
import { HttpError } from '../../http/http-error'
import { createTestRestaurant } from '../menu/test-menu-file'
import { routeTestApp } from '../../test/route-test-app'
import { testDatabaseKinds } from '../../test/test-database'
import type { Kysely } from 'kysely'
import { createLiveRepository } from './live-repository'
import { paidWithFrom } from '../payments/paid-with'
import { createLiveService } from './live-service'
import { createReportRepository } from './report-repository'
import { createReportService } from './report-service'
import { registerReportsRoutes } from './reports-routes'
import { insertOrder, openSessionAt, waiterIdOf } from './test-report-data'

/** 15:00 on 20 November 2026 in Moscow. */
const NOW = new Date('2026-11-20T12:00:00Z')
const OLIVIER = { dishId: 'olivier', name: 'Оливье', unitPrice: 49_000, quantity: 1 }

async function call(
  db: Kysely<Database>,
  sessionId: string,
  values: {
    at: string
    status?: 'open' | 'acknowledged' | 'done'
    by?: string
    restaurantId?: string
  },
) {
  await db
    .insertInto('waiterCalls')
    .values({
      restaurantId: values.restaurantId ?? 'demo',
      tableSessionId: sessionId,
      reason: values.status === 'acknowledged' ? 'bill' : 'waiter',
      comment: null,
      status: values.status ?? 'open',
      createdAt: new Date(values.at),
      acknowledgedAt: values.by ? new Date(values.at) : null,
      acknowledgedBy: values.by ? JSON.stringify({ id: 'x', name: values.by }) : null,
      doneAt: values.status === 'done' ? new Date(values.at) : null,
      escalateAt: null,
      escalatedAt: null,
    })
    .execute()
}

describe.each(testDatabaseKinds)('the live screen on $name', (kind) => {
  let handle: DatabaseHandle
  let app: FastifyInstance

  beforeEach(async () => {
    handle = await kind.open()
    await seedDemo(handle.db)
    app = await routeTestApp((api) =>
      registerReportsRoutes(api, {
        live: createLiveService(
          createLiveRepository(handle.db),
          paidWithFrom(handle.db),
          () => NOW,
        ),
        report: createReportService(createReportRepository(handle.db)),
        requireManager: (request) => {
          const restaurantId = request.headers['x-manager-token']
          if (typeof restaurantId !== 'string') {
            return Promise.reject(new HttpError(401, 'unauthorized', 'Sign in.'))
          }
          return Promise.resolve({ restaurantId })
        },
      }),
    )
  })
  afterEach(async () => {
    await app.close()
    await handle.close()
  })

  const live = async (query = '') => {
    const response = await app.inject({
      url: `/api/v1/admin/live${query}`,
      headers: { 'x-manager-token': 'demo' },
    })
    expect(response.statusCode, response.body).toBe(200)
    return getAdminLive.response.parse(response.json())
  }

  async function floor() {
    const { db } = handle
    const t1 = await openSessionAt(db, 'demo', 'T1', '2026-11-20T09:00:00Z')
    const t9 = await openSessionAt(db, 'demo', 'T9', '2026-11-20T11:00:00Z')
    const t2 = await openSessionAt(db, 'demo', 'T2', '2026-11-19T10:00:00Z')
    const t3 = await openSessionAt(db, 'demo', 'T3', '2026-11-20T08:00:00Z')
    const cooking = await insertOrder(db, {
      sessionId: t1,
      status: 'cooking',
      at: '2026-11-20T09:00:00Z',
      lines: [OLIVIER],
    })
    const placed = await insertOrder(db, {
      sessionId: t9,
      status: 'placed',
      at: '2026-11-20T11:00:00Z',
      lines: [{ ...OLIVIER, quantity: 2 }],
      paidAmount: 0,
      paymentStatus: 'unpaid',
    })
    // Placed yesterday, still not collected: live all the same.
    const pickup = await insertOrder(db, {
      type: 'pickup',
      status: 'ready',
      at: '2026-11-19T10:00:00Z',
      lines: [OLIVIER],
    })
    // Yesterday's and done: not live.
    await insertOrder(db, { sessionId: t2, at: '2026-11-19T10:00:00Z', lines: [OLIVIER] })
    // Today's and done: listed (the day so far).
    const served = await insertOrder(db, {
      sessionId: t3,
      at: '2026-11-20T08:00:00Z',
      lines: [OLIVIER],
    })
    await call(db, t9, { at: '2026-11-20T11:50:00Z' })
    await call(db, t1, { at: '2026-11-20T11:40:00Z', status: 'acknowledged', by: 'Анна' })
    await call(db, t2, { at: '2026-11-20T11:00:00Z', status: 'done', by: 'Анна' })
    await createTestRestaurant(db, 'other')
    await db
      .insertInto('restaurantTables')
      .values({ restaurantId: 'other', code: 'T1', label: '1' })
      .execute()
    const elsewhere = await openSessionAt(db, 'other', 'T1', '2026-11-20T11:00:00Z')
    await insertOrder(db, {
      restaurantId: 'other',
      sessionId: elsewhere,
      status: 'placed',
      at: '2026-11-20T11:30:00Z',
      lines: [OLIVIER],
    })
    await call(db, elsewhere, { at: '2026-11-20T11:30:00Z', restaurantId: 'other' })
    return { cooking, placed, pickup, served }
  }

  it('lists orders in progress and today’s, newest first, and calls not done, oldest first', async () => {
    const { cooking, placed, pickup, served } = await floor()
    const anna = await waiterIdOf(handle.db, 'anna')
    const view = await live()
    expect(view.generatedAt).toBe(NOW.toISOString())
    expect(view.timezone).toBe('Europe/Moscow')
    expect(view.orders.map((order) => order.id)).toEqual([
      placed.id,
      cooking.id,
      served.id,
      pickup.id,
    ])
    expect(view.orders[1]).toMatchObject({
      status: 'cooking',
      type: 'dine_in',
      table: { code: 'T1', zone: { ru: 'Зал', en: 'Hall' } },
      waiters: [{ id: anna, name: 'Анна' }],
      items: [{ name: { ru: 'Оливье' }, quantity: 1 }],
      total: 49_000,
    })
    expect(view.orders[3]).toMatchObject({ type: 'pickup', table: null, waiters: [] })
    expect(view.calls.map((c) => [c.table.code, c.status, c.acknowledgedBy])).toEqual([
      ['T1', 'acknowledged', 'Анна'],
      ['T9', 'open', null],
    ])
    expect(view.calls[1]?.createdAt).toBe('2026-11-20T11:50:00.000Z')
    expect(view.tables.map((table) => table.code)).toEqual(
      Array.from({ length: 12 }, (_, index) => `T${index + 1}`),
    )
    expect(view.zones).toEqual([
      { ru: 'Зал', en: 'Hall' },
      { ru: 'Терраса', en: 'Terrace' },
    ])
    expect(view.waiters.map((waiter) => waiter.name)).toEqual(['Анна', 'Игорь'])
  })

  it('lists online refunds the bank has held for more than two days, oldest first, and only those', async () => {
    const { db } = handle
    await createTestRestaurant(db, 'other')
    const refund = async (
      orderId: string,
      values: { at: string; way?: 'online' | 'cash'; state?: 'in_progress' | 'done' | 'failed' },
      restaurantId = 'demo',
    ) => {
      const [row] = await db
        .insertInto('refunds')
        .values({
          restaurantId,
          orderId,
          actionId: crypto.randomUUID(),
          kind: 'part',
          way: values.way ?? 'online',
          paymentId: null,
          lines: '[]',
          amount: 12_300,
          tipId: null,
          waiterId: null,
          state: values.state ?? 'in_progress',
          providerRefundId: null,
          reason: 'Остыло',
          actorKind: 'manager',
          actorId: null,
          actorName: 'Управляющий',
          currency: 'RUB',
          createdAt: new Date(values.at),
          completedAt: null,
        })
        .returning('id')
        .execute()
      return row?.id ?? ''
    }
    const old = await insertOrder(db, {
      type: 'pickup',
      at: '2026-11-10T10:00:00Z',
      lines: [OLIVIER],
    })
    const older = await insertOrder(db, {
      type: 'pickup',
      at: '2026-11-09T10:00:00Z',
      lines: [OLIVIER],
    })
    const oldest = await refund(older.id, { at: '2026-11-15T09:00:00Z' })
    const slow = await refund(old.id, { at: '2026-11-18T11:59:00Z' })
    // Two days to the minute, or less: not yet. Done, refused or cash: nothing to chase.
    await refund(old.id, { at: '2026-11-18T12:00:00Z' })
    await refund(old.id, { at: '2026-11-10T10:00:00Z', state: 'done' })
    await refund(old.id, { at: '2026-11-10T10:00:00Z', state: 'failed' })
    await refund(old.id, { at: '2026-11-10T10:00:00Z', way: 'cash', state: 'done' })
    const elsewhere = await insertOrder(db, {
      restaurantId: 'other',
      type: 'pickup',
      at: '2026-11-10T10:00:00Z',
      lines: [OLIVIER],
    })
    await refund(elsewhere.id, { at: '2026-11-10T10:00:00Z' }, 'other')
    // Whatever the filters: it is the restaurant's to chase, not a table's.
    for (const query of ['', '?status=placed&table=T9']) {
      const view = await live(query)
      expect(view.slowRefunds.map((row) => [row.id, row.orderId, row.askedAt])).toEqual([
        [oldest, older.id, '2026-11-15T09:00:00.000Z'],
        [slow, old.id, '2026-11-18T11:59:00.000Z'],
      ])
      expect(view.slowRefunds[0]?.amount).toBe(12_300)
      expect(view.slowRefunds[0]?.orderNumber).toBeGreaterThan(0)
    }
  })

  it('filters by status, type, table, zone and waiter', async () => {
    const { cooking, placed, pickup, served } = await floor()
    const anna = await waiterIdOf(handle.db, 'anna')
    const igor = await waiterIdOf(handle.db, 'igor')
    const ids = async (query: string) => {
      const view = await live(query)
      return [view.orders.map((order) => order.id), view.calls.map((c) => c.table.code)]
    }
    expect(await ids('?status=cooking')).toEqual([[cooking.id], ['T1', 'T9']])
    expect(await ids('?type=pickup')).toEqual([[pickup.id], ['T1', 'T9']])
    expect(await ids('?table=t9')).toEqual([[placed.id], ['T9']])
    expect(await ids('?zone=TERRACE')).toEqual([[placed.id], ['T9']])
    expect(await ids('?zone=Зал')).toEqual([[cooking.id, served.id], ['T1']])
    expect(await ids(`?waiter=${anna}`)).toEqual([[cooking.id, served.id], ['T1']])
    expect(await ids(`?waiter=${igor}&status=placed`)).toEqual([[placed.id], ['T9']])
  })

  it('answers a poll that finds nothing new with 304, and a change with a new ETag', async () => {
    await floor()
    const first = await app.inject({
      url: '/api/v1/admin/live',
      headers: { 'x-manager-token': 'demo' },
    })
    const etag = first.headers.etag
    expect(typeof etag).toBe('string')
    expect(first.headers['cache-control']).toBe('private, no-cache')
    const again = await app.inject({
      url: '/api/v1/admin/live',
      headers: { 'x-manager-token': 'demo', 'if-none-match': String(etag) },
    })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    await insertOrder(handle.db, {
      type: 'pickup',
      status: 'placed',
      at: '2026-11-20T11:59:00Z',
      lines: [OLIVIER],
    })
    const changed = await app.inject({
      url: '/api/v1/admin/live',
      headers: { 'x-manager-token': 'demo', 'if-none-match': String(etag) },
    })
    expect(changed.statusCode).toBe(200)
    expect(changed.headers.etag).not.toBe(etag)
  })

  it('refuses filters it does not know with 400 naming them', async () => {
    for (const [query, field] of [
      ['?status=eaten', 'querystring.status'],
      ['?waiter=anna', 'querystring.waiter'],
      ['?type=drive_through', 'querystring.type'],
    ] as const) {
      const response = await app.inject({
        url: `/api/v1/admin/live${query}`,
        headers: { 'x-manager-token': 'demo' },
      })
      expect(response.statusCode).toBe(400)
      expect(errorBody.parse(response.json()).error.fields?.map((f) => f.path)).toContain(field)
    }
  })
})
