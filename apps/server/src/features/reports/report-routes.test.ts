import type { FastifyInstance } from 'fastify'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { dayReport } from '@tableside/contracts/admin-reports'
import { errorBody } from '@tableside/contracts/errors'
import type { DatabaseHandle } from '../../db/database'
import { seedDemo } from '../../db/seed-demo'
import { HttpError } from '../../http/http-error'
import { createTestRestaurant } from '../menu/test-menu-file'
import { routeTestApp } from '../../test/route-test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { createLiveRepository } from './live-repository'
import { paidWithFrom } from '../payments/paid-with'
import { createLiveService } from './live-service'
import { createReportRepository } from './report-repository'
import { createReportService } from './report-service'
import { registerReportsRoutes } from './reports-routes'
import { insertOrder, insertPayment, openSessionAt, waiterIdOf } from './test-report-data'

const OLIVIER = { dishId: 'olivier', name: 'Оливье', unitPrice: 49_000 }
const PIROZHKI = { dishId: 'pirozhki', name: 'Пирожки', unitPrice: 29_000 }
const VINEGRET = { dishId: 'vinegret', name: 'Винегрет', unitPrice: 35_000 }

/**
 * The demo restaurant is in Moscow (UTC+3): its 20 November 2026 runs from 19 Nov 21:00 UTC to
 * 20 Nov 21:00 UTC. Every number below is worked out by hand from these rows.
 */
async function knownDay(db: DatabaseHandle['db']) {
  const anna = await waiterIdOf(db, 'anna')
  const igor = await waiterIdOf(db, 'igor')
  const t1 = await openSessionAt(db, 'demo', 'T1', '2026-11-20T09:00:00Z')
  // 23:30 in Moscow on the 20th (20:30 UTC): the 20th's. Paid in cash.
  await insertOrder(db, {
    sessionId: t1,
    at: '2026-11-20T20:30:00Z',
    lines: [
      { ...OLIVIER, quantity: 2 },
      { ...PIROZHKI, quantity: 1 },
    ],
  })
  // Paid on the bill by card, 9,000 of it with points, with a 5,000 tip for Anna rated 5.
  const second = await insertOrder(db, {
    sessionId: t1,
    at: '2026-11-20T09:00:00Z',
    lines: [{ ...OLIVIER, quantity: 1 }],
  })
  await insertPayment(db, {
    at: '2026-11-20T10:00:00Z',
    method: 'card',
    sessionId: t1,
    allocations: [{ orderId: second.id, amount: 49_000, points: 9_000, lines: [] }],
    tip: 5_000,
    waiterId: anna,
    rating: 5,
  })
  // A pickup: 8,000 points at checkout (total 50,000), then paid by SBP.
  const pickup = await insertOrder(db, {
    type: 'pickup',
    at: '2026-11-20T12:00:00Z',
    lines: [{ ...PIROZHKI, quantity: 2 }],
    points: 8_000,
    paymentMethod: 'sbp',
  })
  await insertPayment(db, {
    at: '2026-11-20T12:01:00Z',
    method: 'sbp',
    orderId: pickup.id,
    allocations: [{ orderId: pickup.id, amount: 50_000, lines: [] }],
  })
  // A delivery on its way, not paid yet: 35,000 + 20,000 delivery.
  await insertOrder(db, {
    type: 'delivery',
    status: 'out_for_delivery',
    at: '2026-11-20T13:00:00Z',
    lines: [{ ...VINEGRET, quantity: 1 }],
    deliveryFee: 20_000,
    paidAmount: 0,
    paymentStatus: 'unpaid',
  })
  // Cancelled after a card payment that was refunded: in by card and out as a refund.
  const t7 = await openSessionAt(db, 'demo', 'T7', '2026-11-20T14:00:00Z')
  const cancelled = await insertOrder(db, {
    sessionId: t7,
    status: 'cancelled',
    at: '2026-11-20T14:00:00Z',
    lines: [{ ...OLIVIER, quantity: 1 }],
    paidAmount: 0,
    paymentStatus: 'refunded',
  })
  await insertPayment(db, {
    at: '2026-11-20T14:05:00Z',
    method: 'card',
    orderId: cancelled.id,
    allocations: [{ orderId: cancelled.id, amount: 49_000, lines: [] }],
    status: 'refunded',
  })
  // Tips: Igor's 2,000 counts; his refunded 3,000 is a refund; 1,000 to the pool (nobody served).
  const t8 = await openSessionAt(db, 'demo', 'T8', '2026-11-20T10:00:00Z')
  await insertPayment(db, {
    at: '2026-11-20T10:00:00Z',
    method: 'card',
    sessionId: t8,
    allocations: [],
    tip: 2_000,
    waiterId: igor,
  })
  await insertPayment(db, {
    at: '2026-11-20T11:00:00Z',
    method: 'card',
    sessionId: t8,
    allocations: [],
    tip: 3_000,
    waiterId: igor,
    status: 'refunded',
  })
  await insertPayment(db, {
    at: '2026-11-20T11:30:00Z',
    method: 'sbp',
    sessionId: t8,
    allocations: [],
    tip: 1_000,
    waiterId: null,
  })
  // 00:10 on the 21st in Moscow (21:10 UTC on the 20th): the 21st's.
  const t2 = await openSessionAt(db, 'demo', 'T2', '2026-11-20T21:10:00Z')
  await insertOrder(db, {
    sessionId: t2,
    at: '2026-11-20T21:10:00Z',
    lines: [{ ...OLIVIER, quantity: 1 }],
  })
  // 23:59 on the 19th in Moscow (20:59 UTC): the 19th's.
  await insertOrder(db, {
    type: 'pickup',
    at: '2026-11-19T20:59:00Z',
    lines: [{ ...VINEGRET, quantity: 1 }],
  })
  // Another restaurant's busy 20th: never in the demo's numbers.
  await createTestRestaurant(db, 'other')
  await db
    .insertInto('restaurantTables')
    .values({ restaurantId: 'other', code: 'T1', label: '1' })
    .execute()
  const elsewhere = await openSessionAt(db, 'other', 'T1', '2026-11-20T12:00:00Z')
  const theirs = await insertOrder(db, {
    restaurantId: 'other',
    sessionId: elsewhere,
    at: '2026-11-20T12:00:00Z',
    lines: [{ ...OLIVIER, quantity: 20 }],
  })
  await insertPayment(db, {
    restaurantId: 'other',
    at: '2026-11-20T12:30:00Z',
    method: 'card',
    sessionId: elsewhere,
    allocations: [{ orderId: theirs.id, amount: theirs.total, lines: [] }],
    tip: 50_000,
  })
  return { anna, igor }
}

describe.each(testDatabaseKinds)('the day report on $name', (kind) => {
  let handle: DatabaseHandle
  let app: FastifyInstance

  beforeEach(async () => {
    handle = await kind.open()
    await seedDemo(handle.db)
    // The manager's restaurant as the staff foundation's requireManager gives it; who may call
    // at all is proved against the real app in reports-permissions.test.ts.
    app = await routeTestApp((api) =>
      registerReportsRoutes(api, {
        live: createLiveService(createLiveRepository(handle.db), paidWithFrom(handle.db)),
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

  const report = async (query: string, restaurantId = 'demo') => {
    const response = await app.inject({
      url: `/api/v1/admin/reports/day?${query}`,
      headers: { 'x-manager-token': restaurantId },
    })
    expect(response.statusCode, response.body).toBe(200)
    return dayReport.parse(response.json())
  }

  it('adds up a known day in the restaurant’s time zone, every number', async () => {
    const { anna, igor } = await knownDay(handle.db)
    const day = await report('from=2026-11-20&to=2026-11-20')
    expect(day).toEqual({
      from: '2026-11-20',
      to: '2026-11-20',
      timezone: 'Europe/Moscow',
      currency: 'RUB',
      revenue: {
        // Cash 127,000 (the 23:30 order) + card 40,000 (49,000 less 9,000 points) + SBP 50,000;
        // the cancelled order's 49,000 came in by card and went back.
        total: 217_000,
        gross: 266_000,
        refunded: 49_000,
        byMethod: [
          { method: 'cash', amount: 127_000, gross: 127_000, refunded: 0, orders: 1 },
          { method: 'card', amount: 40_000, gross: 89_000, refunded: 49_000, orders: 2 },
          { method: 'sbp', amount: 50_000, gross: 50_000, refunded: 0, orders: 1 },
        ],
        pointsSpent: 17_000,
        outstanding: 55_000,
      },
      refunds: {
        total: 49_000,
        orders: 1,
        byMethod: [{ method: 'card', amount: 49_000, orders: 1 }],
        byReason: [{ kind: 'cancel', reason: null, amount: 49_000, orders: 1 }],
        pointsReturned: 0,
        pointsTakenBack: 0,
      },
      orders: {
        count: 4,
        cancelled: 1,
        // The delivery is not paid yet: (127,000 + 49,000 + 50,000) / 3.
        paid: 3,
        averageBill: 75_333,
        byType: [
          { type: 'dine_in', count: 2, total: 176_000 },
          { type: 'delivery', count: 1, total: 55_000 },
          { type: 'pickup', count: 1, total: 50_000 },
        ],
      },
      tips: {
        total: 8_000,
        refunded: 3_000,
        count: 3,
        byWaiter: [
          {
            waiter: { id: anna, name: 'Анна' },
            count: 1,
            total: 5_000,
            refunded: 0,
            averageRating: 5,
          },
          {
            waiter: { id: igor, name: 'Игорь' },
            count: 1,
            total: 2_000,
            refunded: 3_000,
            averageRating: null,
          },
          { waiter: null, count: 1, total: 1_000, refunded: 0, averageRating: null },
        ],
      },
      topDishes: [
        {
          dishId: 'olivier',
          name: { ru: 'Оливье с телятиной', en: 'Olivier salad with veal' },
          quantity: 3,
          revenue: 147_000,
        },
        {
          dishId: 'pirozhki',
          name: { ru: 'Пирожки печёные', en: 'Baked pirozhki' },
          quantity: 3,
          revenue: 87_000,
        },
        {
          dishId: 'vinegret',
          name: { ru: 'Винегрет', en: 'Vinegret' },
          quantity: 1,
          revenue: 35_000,
        },
      ],
      days: [{ date: '2026-11-20', revenue: 217_000, orders: 4 }],
    })
  })

  it('puts the orders either side of midnight on their own days over a range', async () => {
    await knownDay(handle.db)
    const range = await report('from=2026-11-18&to=2026-11-21')
    expect(range.days).toEqual([
      { date: '2026-11-18', revenue: 0, orders: 0 },
      { date: '2026-11-19', revenue: 35_000, orders: 1 },
      { date: '2026-11-20', revenue: 217_000, orders: 4 },
      { date: '2026-11-21', revenue: 49_000, orders: 1 },
    ])
    expect(range.revenue.total).toBe(301_000)
    expect(range.orders.count).toBe(6)
  })

  it('sums a day again once any of its orders changes, and keeps it otherwise', async () => {
    await knownDay(handle.db)
    const before = await report('from=2026-11-20&to=2026-11-20')
    const kept = await handle.db.selectFrom('reportDays').select('day').execute()
    expect(kept).toHaveLength(1)
    expect(await report('from=2026-11-20&to=2026-11-20')).toEqual(before)
    // The courier brings the delivery's cash.
    await handle.db
      .updateTable('orders')
      .set((eb) => ({
        paidAmount: eb.ref('total'),
        paymentStatus: 'paid',
        status: 'completed',
        updatedAt: new Date('2026-11-20T15:00:00Z'),
      }))
      .where('type', '=', 'delivery')
      .execute()
    const after = await report('from=2026-11-20&to=2026-11-20')
    expect(after.revenue.total).toBe(before.revenue.total + 55_000)
    expect(after.revenue.outstanding).toBe(0)
    expect(after.revenue.byMethod[0]).toEqual({
      method: 'cash',
      amount: 182_000,
      gross: 182_000,
      refunded: 0,
      orders: 2,
    })
    // The restaurant moves to another time zone: its days are other hours, summed again.
    await handle.db
      .updateTable('restaurants')
      .set({ timezone: 'UTC' })
      .where('id', '=', 'demo')
      .execute()
    const utc = await report('from=2026-11-20&to=2026-11-20')
    // In UTC the 20th has the 00:10-Moscow order (21:10 UTC) and not the 19th's 23:59 one.
    expect(utc.timezone).toBe('UTC')
    expect(utc.orders.count).toBe(5)
  })

  it('shows another restaurant its own numbers only', async () => {
    await knownDay(handle.db)
    const theirs = await report('from=2026-11-20&to=2026-11-20', 'other')
    expect(theirs.revenue.total).toBe(980_000)
    expect(theirs.orders.count).toBe(1)
    expect(theirs.tips).toEqual({
      total: 50_000,
      refunded: 0,
      count: 1,
      byWaiter: [{ waiter: null, count: 1, total: 50_000, refunded: 0, averageRating: null }],
    })
    // A dish the menu does not have (their menu is empty) keeps its name from the order.
    expect(theirs.topDishes).toEqual([
      { dishId: 'olivier', name: { ru: 'Оливье' }, quantity: 20, revenue: 980_000 },
    ])
  })

  it('gives an empty range zeros, not gaps', async () => {
    const empty = await report('from=2026-01-01&to=2026-01-02')
    expect(empty.revenue.total).toBe(0)
    expect(empty.orders).toEqual({ count: 0, cancelled: 0, paid: 0, averageBill: 0, byType: [] })
    expect(empty.days).toHaveLength(2)
  })

  it.each([
    ['from=2026-11-21&to=2026-11-20', 'querystring.to'],
    ['from=2025-11-20&to=2026-11-21', 'querystring.to'],
    ['from=2026-02-30&to=2026-03-01', 'querystring.from'],
    ['from=20-11-2026&to=2026-11-21', 'querystring.from'],
    ['from=2026-11-20', 'querystring.to'],
  ])('refuses the range %s with 400 naming %s', async (query, field) => {
    const response = await app.inject({
      url: `/api/v1/admin/reports/day?${query}`,
      headers: { 'x-manager-token': 'demo' },
    })
    expect(response.statusCode).toBe(400)
    const { error } = errorBody.parse(response.json())
    expect(error.code).toBe('validation_failed')
    expect(error.fields?.map((f) => f.path)).toContain(field)
  })

  it('accepts a whole year of 366 days', async () => {
    const year = await report('from=2027-11-20&to=2028-11-19')
    expect(year.days).toHaveLength(366)
  })

  it('exports the report as CSV a Russian spreadsheet opens: BOM, semicolons, decimal comma, quoting', async () => {
    await knownDay(handle.db)
    await handle.db
      .updateTable('dishes')
      .set({ name: JSON.stringify({ ru: 'Оливье; «с телятиной», "фирменный"', en: '=SUM(A1)' }) })
      .where('restaurantId', '=', 'demo')
      .where('id', '=', 'olivier')
      .execute()
    const response = await app.inject({
      url: '/api/v1/admin/reports/day.csv?from=2026-11-20&to=2026-11-20',
      headers: { 'x-manager-token': 'demo' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="report-2026-11-20-2026-11-20.csv"',
    )
    const bytes = response.rawPayload
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n')
    expect(lines).toContain('Выручка;Наличные;1270,00;1;1270,00;0,00')
    expect(lines).toContain('Выручка;Карта;400,00;2;890,00;490,00')
    expect(lines).toContain('Выручка;Итого;2170,00;4;2660,00;490,00')
    expect(lines).toContain('Возвраты;Карта;490,00;1')
    expect(lines).toContain('Возвраты;Отмена заказа;490,00;1')
    expect(lines).toContain('Возвраты;Итого;490,00;1')
    expect(lines).toContain('Заказы;Оплачено полностью;;3')
    expect(lines).toContain('Заказы;Средний чек;753,33;')
    expect(lines).toContain('Чаевые;Анна;50,00;1;5;0,00')
    expect(lines).toContain('Чаевые;Игорь;20,00;1;;30,00')
    expect(lines).toContain('Чаевые;Общие (стол без официанта);10,00;1;;0,00')
    expect(lines).toContain('Чаевые;Итого;80,00;3;;30,00')
    expect(lines).toContain('Топ блюд;"Оливье; «с телятиной», ""фирменный""";1470,00;3')
    expect(lines).toContain('По дням;2026-11-20;2170,00;4')
    expect(response.body.endsWith('\r\n')).toBe(true)

    const english = await app.inject({
      url: '/api/v1/admin/reports/day.csv?from=2026-11-20&to=2026-11-20&lang=en',
      headers: { 'x-manager-token': 'demo' },
    })
    const englishLines = english.body.replace(/^\uFEFF/, '').split('\r\n')
    expect(englishLines).toContain('Revenue,Cash,1270.00,1,1270.00,0.00')
    expect(englishLines).toContain('Refunds,Order cancelled,490.00,1')
    // Text a spreadsheet would run as a formula is kept as text.
    expect(englishLines).toContain("Top dishes,'=SUM(A1),1470.00,3")
  })

  it('refuses a CSV of a bad range and without a manager', async () => {
    const bad = await app.inject({
      url: '/api/v1/admin/reports/day.csv?from=2026-11-21&to=2026-11-20',
      headers: { 'x-manager-token': 'demo' },
    })
    expect(bad.statusCode).toBe(400)
    expect(errorBody.parse(bad.json()).error.fields?.map((f) => f.path)).toEqual(['querystring.to'])
    const anonymous = await app.inject({
      url: '/api/v1/admin/reports/day.csv?from=2026-11-20&to=2026-11-20',
    })
    expect(anonymous.statusCode).toBe(401)
  })
})
