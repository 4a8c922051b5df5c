import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dayReport, getAdminLive } from '@tableside/contracts/admin-reports'
import { order as orderSchema } from '@tableside/contracts/orders'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import {
  addManager,
  createOrderingRestaurant,
  openTableSession,
  orderOlivierAt,
  signInAsKitchen,
  signInAsManager,
  signInAsWaiter,
} from '../../test/test-restaurants'

/** Today in Moscow, the demo restaurant's time zone. */
const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(new Date())

// Issue 17, decision 0072: the live screen and the report are the signed-in manager's
// restaurant's, and nobody else's; an order a diner places and a waiter takes cash for is in
// both as the order and payment code left it.
describe.each(testDatabaseKinds)('the day’s screens and who may see them on $name', (kind) => {
  let t: TestApp
  let managerToken: string
  let orderTotal: number
  let orderId: string
  beforeAll(async () => {
    t = await createTestApp(kind)
    await createOrderingRestaurant(t, 'bistro', { tables: [{ code: 'B1', label: 'B1' }] })
    await addManager(t, 'bistro', 'boss', 'bistro-password')
    managerToken = (await signInAsManager(t.app)).token
    const session = await openTableSession(t, 'demo', 'T1')
    const placed = await orderOlivierAt(t.app, session.id)
    expect(placed.statusCode).toBe(201)
    const order = orderSchema.parse(placed.json())
    orderTotal = order.totals.total
    orderId = order.id
    const anna = await signInAsWaiter(t.app, 'anna', '1111')
    const cash = await t.app.inject({
      method: 'POST',
      url: `/api/v1/garcon/orders/${order.id}/cash-paid`,
      headers: { 'x-garcon-token': anna.token },
    })
    expect(cash.statusCode).toBe(200)
  })
  afterAll(async () => {
    await t.close()
  })

  const urls = () => [
    '/api/v1/admin/live',
    `/api/v1/admin/reports/day?from=${today()}&to=${today()}`,
    `/api/v1/admin/reports/day.csv?from=${today()}&to=${today()}`,
  ]

  it('shows the demo’s manager the order a diner placed, live and in today’s money', async () => {
    const headers = { 'x-manager-token': managerToken }
    const live = getAdminLive.response.parse(
      (await t.app.inject({ url: '/api/v1/admin/live', headers })).json(),
    )
    expect(live.orders.map((order) => order.id)).toEqual([orderId])
    expect(live.orders[0]).toMatchObject({ table: { code: 'T1' }, paymentStatus: 'paid' })
    const report = dayReport.parse((await t.app.inject({ url: urls()[1] ?? '', headers })).json())
    expect(report.revenue.total).toBe(orderTotal)
    expect(report.revenue.byMethod[0]).toEqual({
      method: 'cash',
      amount: orderTotal,
      gross: orderTotal,
      refunded: 0,
      orders: 1,
    })
    expect(report.orders).toMatchObject({ count: 1, averageBill: orderTotal })
    expect(report.topDishes).toEqual([
      expect.objectContaining({ dishId: 'olivier', quantity: 1 }) as unknown,
    ])
  })

  it('shows another restaurant’s manager their own restaurant only', async () => {
    const { token } = await signInAsManager(t.app, 'bistro', 'boss', 'bistro-password')
    const headers = { 'x-manager-token': token }
    const live = getAdminLive.response.parse(
      (await t.app.inject({ url: '/api/v1/admin/live', headers })).json(),
    )
    expect(live.orders).toEqual([])
    expect(live.tables.map((table) => table.code)).toEqual(['B1'])
    const report = dayReport.parse((await t.app.inject({ url: urls()[1] ?? '', headers })).json())
    expect(report.revenue.total).toBe(0)
    expect(report.orders.count).toBe(0)
    const csv = await t.app.inject({ url: urls()[2] ?? '', headers })
    expect(csv.body).not.toContain('Оливье')
  })

  it('refuses no token, a waiter’s, the kitchen’s and a diner’s on every route', async () => {
    const kitchen = await signInAsKitchen(t.app)
    const waiter = await signInAsWaiter(t.app, 'igor', '2222')
    const refused: Record<string, string>[] = [
      {},
      { 'x-kitchen-token': kitchen.token },
      { 'x-manager-token': kitchen.token },
      { 'x-garcon-token': waiter.token },
      { 'x-manager-token': waiter.token },
      { 'x-profile-token': 'a'.repeat(43) },
      { 'x-manager-token': 'not-a-token' },
    ]
    for (const url of urls()) {
      for (const headers of refused) {
        const response = await t.app.inject({ url, headers })
        expect(response.statusCode, `${url} ${JSON.stringify(Object.keys(headers))}`).toBe(401)
        expect(response.json()).toMatchObject({ error: { code: 'unauthorized' } })
      }
    }
  })
})
