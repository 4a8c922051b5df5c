import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../db/database'
import { seedDemo } from '../../db/seed-demo'
import { createTestRestaurant } from '../menu/test-menu-file'
import { testDatabaseKinds } from '../../test/test-database'
import { createReportRepository } from './report-repository'
import { createReportService, type ReportService } from './report-service'
import { createReportWarmer, WARM_DAYS } from './report-warmer'
import { insertOrder } from './test-report-data'

const OLIVIER = { dishId: 'olivier', name: 'Оливье', unitPrice: 49_000 }

/** 28 November 2026, 10:00 in Moscow (the demo's zone): its yesterday is the 27th. */
const NOW = new Date('2026-11-28T07:00:00Z')

describe.each(testDatabaseKinds)('Keeping the report days warm ($name)', (kind) => {
  let handle: DatabaseHandle
  let db: DatabaseHandle['db']
  let report: ReportService

  beforeEach(async () => {
    handle = await kind.open()
    db = handle.db
    await seedDemo(db)
    report = createReportService(createReportRepository(db))
  })
  afterEach(async () => {
    await handle.close()
  })

  const kept = (restaurantId = 'demo') =>
    db
      .selectFrom('reportDays')
      .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'fingerprint'])
      .where('restaurantId', '=', restaurantId)
      .orderBy('day')
      .execute()

  const order = (at: string, quantity = 1, restaurantId = 'demo') =>
    insertOrder(db, {
      restaurantId,
      type: 'pickup',
      at,
      lines: [{ ...OLIVIER, quantity }],
    })

  it('keeps each day with orders from 90 days back to yesterday, where the restaurant is, and not today', async () => {
    await order('2026-08-30T09:00:00Z') // the 30th of August: 90 days before the 28th, the first kept
    await order('2026-08-29T09:00:00Z') // 91 days back: past the range
    await order('2026-11-20T09:00:00Z')
    await order('2026-11-27T20:59:00Z') // 23:59 on the 27th in Moscow: yesterday's
    await order('2026-11-27T21:00:00Z') // 00:00 on the 28th in Moscow: today's
    const warmer = createReportWarmer({ db, report, now: () => NOW })

    expect(await warmer.warm()).toBe(1)

    expect((await kept()).map((row) => row.day)).toEqual(['2026-08-30', '2026-11-20', '2026-11-27'])
    expect(WARM_DAYS).toBe(90)
  })

  it('leaves the kept sums the report reads next, and sums again only a day that changed', async () => {
    await order('2026-11-20T09:00:00Z', 2)
    await order('2026-11-21T09:00:00Z', 3)
    const warmer = createReportWarmer({ db, report, now: () => NOW })
    await warmer.warm()
    const first = await kept()

    // A day changed since (a late order of the 21st): the next round sums it again.
    await order('2026-11-21T10:00:00Z', 1)
    await warmer.warm()
    const second = await kept()
    expect(second.find((row) => row.day === '2026-11-20')).toEqual(
      first.find((row) => row.day === '2026-11-20'),
    )
    expect(second.find((row) => row.day === '2026-11-21')?.fingerprint).not.toBe(
      first.find((row) => row.day === '2026-11-21')?.fingerprint,
    )
    // What the manager then reads is what the orders say.
    const read = await report('demo', { from: '2026-11-20', to: '2026-11-21' })
    expect(read.orders.count).toBe(3)
    expect(read.days).toEqual([
      { date: '2026-11-20', orders: 1, revenue: 98_000 },
      { date: '2026-11-21', orders: 2, revenue: 4 * 49_000 },
    ])
  })

  it('keeps every restaurant’s days, each by its own yesterday', async () => {
    // 07:00 UTC on the 28th is still the 27th in Los Angeles: its yesterday is the 26th.
    await createTestRestaurant(db, 'west')
    await db
      .updateTable('restaurants')
      .set({ timezone: 'America/Los_Angeles' })
      .where('id', '=', 'west')
      .execute()
    await order('2026-11-26T20:00:00Z', 1, 'west') // 12:00 on the 26th there
    await order('2026-11-27T20:00:00Z', 1, 'west') // 12:00 on the 27th there: its today
    await order('2026-11-27T09:00:00Z')
    const warmer = createReportWarmer({ db, report, now: () => NOW })

    expect(await warmer.warm()).toBe(2)

    expect((await kept('west')).map((row) => row.day)).toEqual(['2026-11-26'])
    expect((await kept('demo')).map((row) => row.day)).toEqual(['2026-11-27'])
  })

  it('goes on to the next restaurant when one fails, and says which', async () => {
    await createTestRestaurant(db, 'west')
    await order('2026-11-27T09:00:00Z')
    await order('2026-11-27T09:00:00Z', 1, 'west')
    const warnings: object[] = []
    const failing: ReportService = (restaurantId, query) =>
      restaurantId === 'demo' ? Promise.reject(new Error('disk full')) : report(restaurantId, query)
    const warmer = createReportWarmer({
      db,
      report: failing,
      now: () => NOW,
      log: { warn: (object) => warnings.push(object) },
    })

    expect(await warmer.warm()).toBe(1)

    expect(await kept('demo')).toEqual([])
    expect((await kept('west')).map((row) => row.day)).toEqual(['2026-11-27'])
    expect(warnings).toEqual([expect.objectContaining({ restaurantId: 'demo' })])
  })

  it('runs one round at a time: a second call while one is under way joins it', async () => {
    await order('2026-11-27T09:00:00Z')
    let rounds = 0
    const counting: ReportService = (restaurantId, query) => {
      rounds++
      return report(restaurantId, query)
    }
    const warmer = createReportWarmer({ db, report: counting, now: () => NOW })

    const [a, b] = await Promise.all([warmer.warm(), warmer.warm()])

    expect([a, b]).toEqual([1, 1])
    expect(rounds).toBe(1)
    await warmer.warm()
    expect(rounds).toBe(2)
  })
})
