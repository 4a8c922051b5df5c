import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getAdminLive } from '@tableside/contracts/admin-reports'
import { bill } from '@tableside/contracts/orders'
import { orderDetail } from '@tableside/contracts/refunds'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { paymentActions } from '../../test/test-payments'
import { openTableSession, signInAsManager, signInAsWaiter } from '../../test/test-restaurants'
import { paidWithOf, type PaidOrder, type TakenPayment } from './paid-with'

const order = (over: Partial<PaidOrder> = {}): PaidOrder => ({
  id: 'o1',
  paidAmount: 0,
  paymentStatus: 'unpaid',
  bonusPoints: 0,
  ...over,
})
const paid = (
  method: 'card' | 'sbp',
  amount: number,
  points = 0,
  status: TakenPayment['status'] = 'succeeded',
): TakenPayment => ({ method, status, allocations: [{ orderId: 'o1', amount, points, lines: [] }] })

describe('how an order was actually paid, from its payment records', () => {
  it('names nothing while nothing came in, even with points set aside for it', () => {
    expect(paidWithOf(order({ bonusPoints: 50 }), [], [])).toEqual([])
  })

  it('names the online payment, not the way chosen, and what cash covered beside it', () => {
    expect(
      paidWithOf(order({ paidAmount: 1000, paymentStatus: 'paid' }), [paid('sbp', 1000)], []),
    ).toEqual(['sbp'])
    expect(
      paidWithOf(order({ paidAmount: 1500, paymentStatus: 'paid' }), [paid('card', 1000)], []),
    ).toEqual(['card', 'cash'])
    expect(paidWithOf(order({ paidAmount: 1500, paymentStatus: 'paid' }), [], [])).toEqual(['cash'])
  })

  it('counts points spent with a payment or at the checkout once the order is paid', () => {
    // 10 points (1000 kopecks at 100 a point) beside 500 in money.
    expect(
      paidWithOf(order({ paidAmount: 1500, paymentStatus: 'paid' }), [paid('card', 1500, 10)], []),
    ).toEqual(['card', 'points'])
    expect(paidWithOf(order({ paymentStatus: 'paid', bonusPoints: 30 }), [], [])).toEqual([
      'points',
    ])
  })

  it('keeps naming how it was paid after the money went back', () => {
    const refunded = order({ paidAmount: 0, paymentStatus: 'refunded' })
    expect(paidWithOf(refunded, [paid('card', 1000, 0, 'refunded')], [])).toEqual(['card'])
    // Cash handed back: what is paid now plus what went back is what cash brought.
    const cashBack = [
      { orderId: 'o1', kind: 'whole' as const, amount: 800, state: 'done' as const },
    ]
    expect(paidWithOf(refunded, [], cashBack)).toEqual(['cash'])
    // A refund the acquirer refused gave nothing back.
    const failed = [
      { orderId: 'o1', kind: 'whole' as const, amount: 800, state: 'failed' as const },
    ]
    expect(paidWithOf(refunded, [], failed)).toEqual([])
    // Another order's payment is not this order's.
    expect(
      paidWithOf(
        order({ paidAmount: 500, paymentStatus: 'paid' }),
        [
          {
            method: 'card',
            status: 'succeeded',
            allocations: [{ orderId: 'o2', amount: 500, lines: [] }],
          },
        ],
        [],
      ),
    ).toEqual(['cash'])
  })
})

describe.each(testDatabaseKinds)('Every screen names how an order was paid, on $name', (kind) => {
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

  it('says "card" of an order chosen as cash but paid by card through the bill, and "cash" of one the waiter took cash for', async () => {
    const session = await openTableSession(t, 'demo', 'T4')
    const byCard = await diner.place(session.id, 'cash')
    expect(byCard.paidWith).toEqual([])
    const payment = await diner.startBillPayment(session.id)
    // Being paid is not paid: nothing named yet.
    expect((await diner.getOrder(byCard.id)).paidWith).toEqual([])
    expect((await diner.succeeded(payment)).statusCode).toBe(200)
    expect(await diner.getOrder(byCard.id)).toMatchObject({
      paymentMethod: 'cash',
      paymentStatus: 'paid',
      paidWith: ['card'],
    })

    const byCash = await diner.place(session.id, 'card')
    const cash = await t.app.inject({
      method: 'POST',
      url: `/api/v1/garcon/orders/${byCash.id}/cash-paid`,
      headers: { 'x-garcon-token': anna },
    })
    expect(cash.statusCode, cash.body).toBe(200)
    expect(cash.json()).toMatchObject({ paymentStatus: 'paid', paidWith: ['cash'] })

    const table = bill.parse(
      (
        await t.app.inject({ method: 'GET', url: `/api/v1/table-sessions/${session.id}/bill` })
      ).json(),
    )
    expect(table.orders.map((row) => [row.number, row.paidWith])).toEqual([
      [byCard.number, ['card']],
      [byCash.number, ['cash']],
    ])

    const live = getAdminLive.response.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/admin/live',
          headers: { 'x-manager-token': manager },
        })
      ).json(),
    )
    const named = new Map(live.orders.map((row) => [row.id, row.paidWith]))
    expect(named.get(byCard.id)).toEqual(['card'])
    expect(named.get(byCash.id)).toEqual(['cash'])

    const panel = orderDetail.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/admin/orders/${byCard.id}`,
          headers: { 'x-manager-token': manager },
        })
      ).json(),
    )
    expect(panel.order.paidWith).toEqual(['card'])
  })
})
