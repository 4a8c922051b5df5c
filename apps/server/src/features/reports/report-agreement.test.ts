import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dayReport } from '@tableside/contracts/admin-reports'
import type { DatabaseHandle } from '../../db/database'
import { seedDemo } from '../../db/seed-demo'
import { HttpError } from '../../http/http-error'
import { routeTestApp } from '../../test/route-test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { createLiveRepository } from './live-repository'
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
        live: createLiveService(createLiveRepository(handle.db)),
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
      expect.arrayContaining(['cancel', 'overpaid']),
    )
    expect(day.report.refunds.byMethod.length).toBeGreaterThanOrEqual(2)
    expect(day.report.tips.refunded).toBeGreaterThan(0)
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
})
