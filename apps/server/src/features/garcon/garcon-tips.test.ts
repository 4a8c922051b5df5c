import { sql, type Kysely } from 'kysely'
import { TEST_PLACE } from './test-garcon-app'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { getGarconTips } from '@tableside/contracts/garcon-tips'
import type { Database } from '../../db/schema'
import { seedDemo } from '../../db/seed-demo'
import type { DatabaseHandle } from '../../db/database'
import { routeTestApp } from '../../test/route-test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { createGarconAuth } from './garcon-auth'
import { createGarconTips, registerGarconTipRoutes } from './garcon-tips'

/** Wednesday 25 November 2026, 13:00 in Moscow (the demo restaurant's timezone). */
const NOW = new Date('2026-11-25T10:00:00Z')

async function waiterId(db: Kysely<Database>, login: string): Promise<string> {
  const row = await db
    .selectFrom('waiters')
    .select('id')
    .where('restaurantId', '=', 'demo')
    .where('login', '=', login)
    .executeTakeFirstOrThrow()
  return row.id
}

/** A bill payment at `table` with a tip for `waiter`, as the payment settlement writes it. */
async function tip(
  db: Kysely<Database>,
  {
    waiter,
    table,
    amount,
    at,
    status = 'succeeded',
    method = 'card',
  }: {
    waiter: string
    table: string
    amount: number
    at: string
    status?: 'succeeded' | 'refunded'
    method?: 'card' | 'sbp'
  },
): Promise<string> {
  const tableRow = await db
    .selectFrom('restaurantTables')
    .select('id')
    .where('restaurantId', '=', 'demo')
    .where('code', '=', table)
    .executeTakeFirstOrThrow()
  const session = await db
    .insertInto('tableSessions')
    .values({
      restaurantId: 'demo',
      tableId: tableRow.id,
      openedAt: new Date(at),
      expiresAt: new Date(at),
      closedAt: new Date(at),
      closedReason: 'settled',
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const payment = await db
    .insertInto('payments')
    .values({
      restaurantId: 'demo',
      purpose: 'bill',
      orderId: null,
      tableSessionId: session.id,
      method,
      provider: 'sandbox',
      providerRef: `ref-${session.id}`,
      currency: 'RUB',
      amount: amount * 10,
      tip: amount,
      status,
      failureReason: null,
      allocations: '[]',
      splitBy: null,
      waiterId: waiter,
      redirectUrl: null,
      expiresAt: new Date(at),
      completedAt: new Date(at),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const row = await db
    .insertInto('tips')
    .values({
      restaurantId: 'demo',
      waiterId: waiter,
      paymentId: payment.id,
      tableSessionId: session.id,
      amount,
      // A payment given back whole: its tip too (a tip refund of its own, decision 0119).
      refundedAmount: status === 'refunded' ? amount : 0,
      currency: 'RUB',
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  // Created then, not now: the columns take the database's clock on insert.
  await sql`update payments set created_at = ${new Date(at)} where id = ${payment.id}`.execute(db)
  await sql`update tips set created_at = ${new Date(at)} where id = ${row.id}`.execute(db)
  return row.id
}

describe.each(testDatabaseKinds)('a waiter’s tips on $name', (kind) => {
  let handle: DatabaseHandle
  beforeEach(async () => {
    handle = await kind.open()
    await seedDemo(handle.db)
  })
  afterEach(async () => {
    await handle.close()
  })

  it('counts today, this week and this month in the restaurant’s time, newest first', async () => {
    const { db } = handle
    const anna = await waiterId(db, 'anna')
    const igor = await waiterId(db, 'igor')
    // 00:30 today in Moscow is still yesterday in UTC: it is today's.
    const justAfterMidnight = await tip(db, {
      waiter: anna,
      table: 'T1',
      amount: 10_000,
      at: '2026-11-24T21:30:00Z',
    })
    const thisMorning = await tip(db, {
      waiter: anna,
      table: 'T2',
      amount: 5_000,
      at: '2026-11-25T07:00:00Z',
      method: 'sbp',
    })
    // The diner said what they thought of it.
    await db
      .updateTable('tips')
      .set({ rating: 5, comment: 'Спасибо, Анна!' })
      .where('id', '=', thisMorning)
      .execute()
    // 23:30 on Tuesday in Moscow: yesterday, but this week.
    await tip(db, { waiter: anna, table: 'T1', amount: 3_000, at: '2026-11-24T20:30:00Z' })
    // Sunday: last week, this month.
    await tip(db, { waiter: anna, table: 'T3', amount: 2_000, at: '2026-11-22T12:00:00Z' })
    // October: not this month.
    await tip(db, { waiter: anna, table: 'T3', amount: 1_000, at: '2026-10-31T12:00:00Z' })
    // Given back, and someone else's: never Анна's.
    await tip(db, {
      waiter: anna,
      table: 'T1',
      amount: 7_000,
      at: '2026-11-25T08:00:00Z',
      status: 'refunded',
    })
    await tip(db, { waiter: igor, table: 'T7', amount: 9_000, at: '2026-11-25T08:00:00Z' })
    // The order's money given back, its tip not: still Анна's (issue 28).
    const keptTip = await tip(db, {
      waiter: anna,
      table: 'T2',
      amount: 500,
      at: '2026-11-25T08:30:00Z',
      status: 'refunded',
    })
    await db.updateTable('tips').set({ refundedAmount: 0 }).where('id', '=', keptTip).execute()

    const tipsOf = createGarconTips(db, () => NOW)
    const waiter = { id: anna, restaurantId: 'demo', name: 'Анна' }
    const today = await tipsOf(waiter, 'today')
    expect(today.from).toBe('2026-11-24T21:00:00.000Z')
    expect(today).toMatchObject({ period: 'today', currency: 'RUB', total: 15_500, count: 3 })
    expect(today.tips.map((t) => t.id)).toEqual([keptTip, thisMorning, justAfterMidnight])
    expect(today.tips[1]).toMatchObject({
      amount: 5_000,
      currency: 'RUB',
      method: 'sbp',
      table: { code: 'T2', label: '2' },
      createdAt: '2026-11-25T07:00:00.000Z',
      rating: 5,
      comment: 'Спасибо, Анна!',
    })
    expect(today.tips[2]).toMatchObject({ rating: null, comment: null })

    const week = await tipsOf(waiter, 'week')
    expect(week.from).toBe('2026-11-22T21:00:00.000Z')
    expect([week.total, week.count]).toEqual([18_500, 4])

    const month = await tipsOf(waiter, 'month')
    expect(month.from).toBe('2026-10-31T21:00:00.000Z')
    expect([month.total, month.count]).toEqual([20_500, 5])
  })

  it('answers only the waiter whose token the request carries', async () => {
    const { db } = handle
    const igor = await waiterId(db, 'igor')
    await tip(db, { waiter: igor, table: 'T7', amount: 9_000, at: new Date().toISOString() })
    const auth = createGarconAuth(db)
    const app = await routeTestApp((api) => {
      registerGarconTipRoutes(api, createGarconTips(db), auth.requireWaiter)
    })
    try {
      const anonymous = await app.inject({ method: 'GET', url: '/api/v1/garcon/tips' })
      expect(anonymous.statusCode).toBe(401)
      expect(anonymous.json()).toMatchObject({ error: { code: 'unauthorized' } })

      const { token } = (await auth.service.login('demo', 'anna', '1111', TEST_PLACE)).signedIn
      const mine = await app.inject({
        method: 'GET',
        url: '/api/v1/garcon/tips?period=week',
        headers: { 'x-garcon-token': token },
      })
      expect(mine.statusCode).toBe(200)
      const body = getGarconTips.response.parse(mine.json())
      // Игорь's tip is his: Анна sees none of it.
      expect(body).toMatchObject({ period: 'week', total: 0, count: 0, tips: [] })

      const noPeriod = await app.inject({
        method: 'GET',
        url: '/api/v1/garcon/tips',
        headers: { 'x-garcon-token': token },
      })
      expect(getGarconTips.response.parse(noPeriod.json()).period).toBe('today')

      const wrongPeriod = await app.inject({
        method: 'GET',
        url: '/api/v1/garcon/tips?period=year',
        headers: { 'x-garcon-token': token },
      })
      expect(wrongPeriod.statusCode).toBe(400)
      expect(wrongPeriod.json()).toMatchObject({ error: { code: 'validation_failed' } })
    } finally {
      await app.close()
    }
  })
})
