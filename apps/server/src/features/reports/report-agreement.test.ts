import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dayReport } from '@tableside/contracts/admin-reports'
import { orderDetail, type OrderDetail } from '@tableside/contracts/refunds'
import { SANDBOX_TEST_CARDS } from '@tableside/contracts/sandbox-acquirer'
import type { DatabaseHandle } from '../../db/database'
import { seedDemo } from '../../db/seed-demo'
import { HttpError } from '../../http/http-error'
import { routeTestApp } from '../../test/route-test-app'
import { createTestApp, sandboxAcquirerOf, type TestApp } from '../../test/test-app'
import { paymentActions } from '../../test/test-payments'
import { openTableSession, signInAsManager, signInAsWaiter } from '../../test/test-restaurants'
import { testDatabaseKinds } from '../../test/test-database'
import { createLiveRepository } from './live-repository'
import { paidWithFrom } from '../payments/paid-with'
import { createLiveService } from './live-service'
import { disagreements, generateTraffic, type Ledger } from './test-report-traffic'
import { createReportRepository } from './report-repository'
import { createReportService } from './report-service'
import { registerReportsRoutes } from './reports-routes'

/** Orders generated: AGREEMENT_ORDERS (the bench asks for 10,000), 400 by default. */
const ORDERS = Number(process.env.AGREEMENT_ORDERS ?? 400)
const TIMEZONE = 'Europe/Moscow'

// Issue 28: the day report's screen (the API), its CSV and the sums of the orders agree over a
// day of generated traffic with cash, online payments, points, tips, cancels and refunds.
describe.each(testDatabaseKinds)('the day report agrees with its orders on $name', (kind) => {
  let handle: DatabaseHandle
  let app: FastifyInstance
  let ledger: Ledger

  beforeAll(async () => {
    handle = await kind.open()
    await seedDemo(handle.db)
    const started = performance.now()
    ledger = await generateTraffic(handle.db, {
      restaurantId: 'demo',
      day: '2026-11-20',
      count: ORDERS,
      seed: 28,
      timezone: TIMEZONE,
    })
    console.info(
      `report agreement: ${String(ORDERS)} orders generated in ${(performance.now() - started).toFixed(0)} ms`,
    )
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
  }, 600_000)
  afterAll(async () => {
    await app.close()
    await handle.close()
  })

  async function check(from: string, to: string) {
    const started = performance.now()
    const headers = { 'x-manager-token': 'demo' }
    const screen = await app.inject({
      url: `/api/v1/admin/reports/day?from=${from}&to=${to}`,
      headers,
    })
    const csv = await app.inject({
      url: `/api/v1/admin/reports/day.csv?from=${from}&to=${to}`,
      headers,
    })
    expect(screen.statusCode).toBe(200)
    expect(csv.statusCode).toBe(200)
    const report = dayReport.parse(screen.json())
    const { rows } = await sql<{ start: Date; end: Date }>`
      select (${from}::date)::timestamp at time zone ${TIMEZONE} as start,
        (${to}::date + 1)::timestamp at time zone ${TIMEZONE} as "end"
    `.execute(handle.db)
    const window = rows[0]
    if (!window) throw new Error('No window')
    const found = disagreements(report, csv.body, ledger, window)
    console.info(
      `report agreement ${from}…${to}: ${String(report.orders.count + report.orders.cancelled)} orders, ` +
        `revenue ${String(report.revenue.total / 100)} ₽ net of ${String(report.refunds.total / 100)} ₽ refunded ` +
        `(${String(report.refunds.orders)} orders), tips ${String(report.tips.total / 100)} ₽ net of ` +
        `${String(report.tips.refunded / 100)} ₽, average bill ${String(report.orders.averageBill / 100)} ₽ ` +
        `over ${String(report.orders.paid)} paid: ${found.length === 0 ? 'all agree' : `${String(found.length)} disagree`} ` +
        `(${(performance.now() - started).toFixed(0)} ms)`,
    )
    return { report, found }
  }

  it('agrees on the day, on each day either side of its midnights, and over the three', async () => {
    const day = await check('2026-11-20', '2026-11-20')
    expect(day.found).toEqual([])
    // The traffic is what it claims: refunds of every kind, tips refunded, unpaid orders.
    expect(day.report.refunds.byReason.map((row) => row.kind).sort()).toEqual(
      expect.arrayContaining(['cancel', 'overpaid', 'part']),
    )
    // Part refunds the acquirer refused, some asked again and given back (decision 0139).
    const states = await handle.db
      .selectFrom('refunds')
      .select(['state', (eb) => eb.fn.countAll<string>().as('count')])
      .where('kind', '=', 'part')
      .groupBy('state')
      .execute()
    const count = (state: string) => Number(states.find((row) => row.state === state)?.count ?? 0)
    expect(states.map((row) => row.state).sort()).toEqual(['done', 'failed'])
    expect(count('failed')).toBeGreaterThan(0)
    expect(count('done')).toBeGreaterThan(0)
    expect(day.report.refunds.byMethod.length).toBeGreaterThanOrEqual(2)
    expect(day.report.tips.refunded).toBeGreaterThan(0)
    expect(day.report.refunds.pointsReturned).toBeGreaterThan(0)
    expect(day.report.refunds.pointsTakenBack).toBeGreaterThan(0)
    expect(day.report.orders.paid).toBeLessThan(day.report.orders.count)
    for (const edge of ['2026-11-19', '2026-11-21']) {
      const side = await check(edge, edge)
      expect(side.found).toEqual([])
      expect(side.report.orders.count).toBeGreaterThan(0)
    }
    expect((await check('2026-11-19', '2026-11-21')).found).toEqual([])
    // Asked again, the kept sums give the same.
    expect((await check('2026-11-20', '2026-11-20')).report).toEqual(day.report)
  }, 300_000)

  it('notices money that moved behind the report’s back', async () => {
    // A refund the ledger never made: the check must not agree.
    await sql`
      update payments set refunded_amount = refunded_amount + 100
      where id = (select id from payments where status = 'succeeded' and refunded_amount = 0
        and amount - tip > 100 order by id limit 1)
    `.execute(handle.db)
    await sql`update orders set updated_at = now()`.execute(handle.db)
    const { found } = await check('2026-11-19', '2026-11-21')
    expect(found.length).toBeGreaterThan(0)
  }, 300_000)

  it('notices points that came back behind the report’s back', async () => {
    const before = await check('2026-11-19', '2026-11-21')
    await sql`
      update refunds set points_returned = points_returned + 1
      where id = (select id from refunds where way = 'points' order by id limit 1)
    `.execute(handle.db)
    await sql`update orders set updated_at = now()`.execute(handle.db)
    const { found } = await check('2026-11-19', '2026-11-21')
    expect(found.filter((line) => !before.found.includes(line))).toEqual([
      expect.stringMatching(/^points returned: /),
    ])
  }, 300_000)
})

const OLIVIER_TWICE = [{ dishId: 'olivier', quantity: 2, optionIds: [] }]

/**
 * A ledger of a day from the back office's order panels (decision 0119): what each order was
 * paid, by way, and what its refunds gave back, by way and reason.
 */
function ledgerOf(date: string, details: readonly OrderDetail[]): Ledger {
  const day = {
    orders: 0,
    cancelled: 0,
    paid: 0,
    paidTotal: 0,
    gross: { cash: 0, card: 0, sbp: 0 },
    refunded: { cash: 0, card: 0, sbp: 0 },
    reasons: new Map<string, number>(),
    refundOrders: 0,
    pointsReturned: 0,
    pointsTakenBack: 0,
  }
  for (const { order, payments, refunds, cash, points } of details) {
    day.pointsReturned += points.returned
    day.pointsTakenBack += points.takenBack
    const cancelled = order.status === 'cancelled'
    if (cancelled) day.cancelled += 1
    else day.orders += 1
    if (!cancelled && order.paidAmount >= order.totals.total) {
      day.paid += 1
      day.paidTotal += order.totals.total
    }
    day.gross.cash += cash.paid
    for (const one of payments) {
      if (one.status === 'succeeded' || one.status === 'refunded') {
        day.gross[one.method] += one.forOrder - one.points
      }
    }
    let back = 0
    for (const refund of refunds) {
      if (refund.kind === 'tip' || refund.state === 'failed' || refund.amount === 0) continue
      const method =
        refund.way === 'cash' ? 'cash' : payments.find((one) => one.id === refund.paymentId)?.method
      if (!method) throw new Error(`A refund of ${refund.way} without its payment`)
      day.refunded[method] += refund.amount
      const key = `${refund.kind === 'whole' ? 'cancel' : refund.kind}|${refund.reason}`
      day.reasons.set(key, (day.reasons.get(key) ?? 0) + refund.amount)
      back += refund.amount
    }
    if (back > 0) day.refundOrders += 1
  }
  return { days: new Map([[date, day]]), tips: [] }
}

// Issue 28: refunds made in the back office (a part refund, a comp after payment, cash handed
// back, a tip refund, a cancel) are in the report as the orders' panels have them.
describe.each(testDatabaseKinds)(
  'the day report agrees with the back office’s refunds on $name',
  (kind) => {
    let t: TestApp
    let manager = ''
    let anna = ''
    const diner = paymentActions(() => t.app, 'demo')

    beforeAll(async () => {
      t = await createTestApp(kind)
      manager = (await signInAsManager(t.app)).token
      anna = (await signInAsWaiter(t.app, 'anna', '1111')).token
    })
    afterAll(async () => {
      await t.close()
    })

    const asManager = async (url: string, payload: Record<string, unknown>) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/orders${url}`,
        payload,
        headers: { 'x-manager-token': manager },
      })
      expect(response.statusCode, response.body).toBe(200)
    }

    async function paidByCard(table: string) {
      const session = await openTableSession(t, 'demo', table)
      const placed = await diner.place(session.id, 'card', OLIVIER_TWICE)
      const started = await diner.startOrderPayment(placed.id)
      expect((await diner.payCard(started, SANDBOX_TEST_CARDS.succeeds)).statusCode).toBe(200)
      await sandboxAcquirerOf(t.app).kick()
      return placed
    }

    async function paidInCash(table: string) {
      const session = await openTableSession(t, 'demo', table)
      const placed = await diner.place(session.id, 'cash', OLIVIER_TWICE)
      const paid = await t.app.inject({
        method: 'POST',
        url: `/api/v1/garcon/orders/${placed.id}/cash-paid`,
        headers: { 'x-garcon-token': anna },
      })
      expect(paid.statusCode, paid.body).toBe(200)
      return placed
    }

    async function billPaidWithTip(table: string, tip: number) {
      const session = await openTableSession(t, 'demo', table)
      const placed = await diner.place(session.id, 'cash', OLIVIER_TWICE)
      const paid = await diner.startBillPayment(session.id, tip)
      expect((await diner.succeeded(paid)).statusCode).toBe(200)
      return { orderId: placed.id, paymentId: paid.id }
    }

    /** The acquirer has nothing left to give back of the payments of an order (or has all). */
    const acquirerRefuses = (orderId: string, refuses: boolean) =>
      sql`
        update sandbox_acquirer_payments s set refunded_amount = ${refuses ? sql`s.amount` : 0}
        from payments p
        where p.provider_ref = s.ref and (p.order_id = ${orderId}
          or p.allocations @> ${JSON.stringify([{ orderId }])}::jsonb)
      `.execute(t.database.db)
    const refundsOf = (orderId: string) =>
      t.database.db
        .selectFrom('refunds')
        .select(['id', 'state'])
        .where('orderId', '=', orderId)
        .orderBy('createdAt')
        .execute()

    it('counts a part refund, comps after payment, cash handed back, a tip refund and a cancel', async () => {
      const part = await paidByCard('T1')
      await asManager(`/${part.id}/refunds`, {
        kind: 'part',
        lines: [{ line: 0, quantity: 1 }],
        reason: 'Салат подали тёплым',
      })
      const comp = await paidByCard('T2')
      await asManager(`/${comp.id}/refunds`, {
        kind: 'comp',
        lines: [{ line: 0, quantity: 1 }],
        reason: 'Долго ждали',
      })
      const cash = await paidInCash('T3')
      await asManager(`/${cash.id}/refunds`, {
        kind: 'comp',
        lines: [{ line: 0, quantity: 1 }],
        reason: 'Долго ждали',
      })
      await asManager(`/${cash.id}/refunds`, { kind: 'part', amount: 100, reason: 'Скидка' })
      const cancelledInCash = await paidInCash('T4')
      await asManager(`/${cancelledInCash.id}/cancel`, {
        reason: 'Гость передумал',
        refundTip: false,
      })
      const cancelled = await paidByCard('T5')
      await asManager(`/${cancelled.id}/cancel`, { reason: 'Гость передумал', refundTip: false })
      const tipped = await billPaidWithTip('T6', 6_600)
      await asManager(`/${tipped.orderId}/tip-refunds`, {
        paymentId: tipped.paymentId,
        amount: 2_600,
        reason: 'Чаевые по ошибке',
      })
      await t.app.outbox.kick()
      // Refunds the acquirer refuses (decision 0139): one left failed, one asked again and
      // given back then, and a tip's refund left failed.
      const refused = await paidByCard('T7')
      await acquirerRefuses(refused.id, true)
      await asManager(`/${refused.id}/refunds`, {
        kind: 'part',
        lines: [{ line: 0, quantity: 1 }],
        reason: 'Салат подали тёплым',
      })
      const retried = await paidByCard('T8')
      await acquirerRefuses(retried.id, true)
      await asManager(`/${retried.id}/refunds`, { kind: 'part', amount: 5_000, reason: 'Скидка' })
      await t.app.outbox.kick()
      await acquirerRefuses(retried.id, false)
      const [failed] = await refundsOf(retried.id)
      expect(failed?.state).toBe('failed')
      await asManager(`/${retried.id}/refunds/${failed?.id ?? ''}/retry`, {})
      const tipRefused = await billPaidWithTip('T9', 3_000)
      await acquirerRefuses(tipRefused.orderId, true)
      await asManager(`/${tipRefused.orderId}/tip-refunds`, {
        paymentId: tipRefused.paymentId,
        amount: 3_000,
        reason: 'Чаевые по ошибке',
      })
      await t.app.outbox.kick()
      expect((await refundsOf(refused.id)).map((row) => row.state)).toEqual(['failed'])
      expect((await refundsOf(retried.id)).map((row) => row.state)).toEqual(['done'])
      expect((await refundsOf(tipRefused.orderId)).map((row) => row.state)).toEqual(['failed'])

      const { rows } = await sql<{ date: string; start: Date; end: Date }>`
      select to_char(d, 'YYYY-MM-DD') as date, d::timestamp at time zone timezone as start,
        (d + 1)::timestamp at time zone timezone as "end"
      from (select (now() at time zone timezone)::date as d, timezone from restaurants
        where id = 'demo') r
    `.execute(t.database.db)
      const window = rows[0]
      if (!window) throw new Error('No day')
      const ids = await t.database.db
        .selectFrom('orders')
        .select('id')
        .where('restaurantId', '=', 'demo')
        .where('placedAt', '>=', window.start)
        .where('placedAt', '<', window.end)
        .execute()
      const details = await Promise.all(
        ids.map(async ({ id }) => {
          const response = await t.app.inject({
            url: `/api/v1/admin/orders/${id}`,
            headers: { 'x-manager-token': manager },
          })
          expect(response.statusCode).toBe(200)
          return orderDetail.parse(response.json())
        }),
      )
      const headers = { 'x-manager-token': manager }
      const query = `from=${window.date}&to=${window.date}`
      const screen = await t.app.inject({ url: `/api/v1/admin/reports/day?${query}`, headers })
      const csv = await t.app.inject({ url: `/api/v1/admin/reports/day.csv?${query}`, headers })
      expect(screen.statusCode).toBe(200)
      expect(csv.statusCode).toBe(200)
      const report = dayReport.parse(screen.json())
      const ledger = ledgerOf(window.date, details)

      expect(disagreements(report, csv.body, ledger, window)).toEqual([])
      // The traffic is what it claims: every kind of refund, cash handed back, a tip refunded.
      expect(report.refunds.byReason.map((row) => row.kind).sort()).toEqual(
        expect.arrayContaining(['cancel', 'comp', 'part']),
      )
      expect(report.refunds.byMethod.find((row) => row.method === 'cash')?.amount).toBeGreaterThan(
        100,
      )
      // The refused tip refund took nothing off the tips.
      expect(report.tips.refunded).toBe(2_600)
      expect(report.tips.total).toBe(4_000 + 3_000)
      // The refused part refund counts nowhere: its order is paid in full, as is its dish.
      const refusedNow = details.find((one) => one.order.id === refused.id)
      expect(refusedNow?.order.paidAmount).toBe(refused.totals.total)
      const parts = report.refunds.byReason.filter((row) => row.kind === 'part')
      expect(parts.reduce((sum, row) => sum + row.amount, 0)).toBe(
        (part.lines[0]?.unitPrice ?? 0) + 100 + 5_000,
      )
    }, 120_000)
  },
)
