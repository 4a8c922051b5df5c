import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Payment } from '@tableside/contracts/payments'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { paymentActions } from '../../test/test-payments'
import { TEST_SECRETS_KEY, useYooKassa } from '../../test/test-yookassa'
import {
  createOrderingRestaurant,
  numberedTables,
  openTableSession,
} from '../../test/test-restaurants'
import {
  STAND_IN_NOTIFICATION_ADDRESS,
  startYooKassaStandIn,
  type YooKassaStandIn,
} from './yookassa-stand-in'

describe.each(testDatabaseKinds)('Payments through YooKassa’s stand-in on $name', (kind) => {
  let t: TestApp
  let standIn: YooKassaStandIn
  beforeAll(async () => {
    standIn = await startYooKassaStandIn()
    t = await createTestApp(kind, {
      SECRETS_KEY: TEST_SECRETS_KEY,
      YOOKASSA_API_URL: standIn.apiUrl,
    })
    for (const id of ['yk', 'plain']) {
      await createOrderingRestaurant(t, id, {
        tables: numberedTables(8),
        settings: { paymentMethods: ['cash', 'card', 'sbp'], onlinePayment: true },
      })
    }
    await useYooKassa(t, 'yk')
  })
  afterAll(async () => {
    await t.close()
    await standIn.close()
  })

  const diner = paymentActions(() => t.app, 'yk')
  const refOf = (p: Payment) => p.redirectUrl?.split('/').at(-1) ?? ''
  const notify = (ref: string, from: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhooks/yookassa',
      remoteAddress: from,
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify({
        type: 'notification',
        event: 'payment.succeeded',
        // What the notification says of the payment is never believed: a forger's version.
        object: { ...standIn.payments(ref), status: 'succeeded', paid: true },
      }),
    })
  const cardOrder = async (table: string) => {
    const session = await openTableSession(t, 'yk', table)
    const placed = await diner.place(session.id, 'card')
    return { placed, started: await diner.startOrderPayment(placed.id) }
  }

  it('sends the diner to YooKassa for the restaurant that chose it, the sandbox for the rest', async () => {
    const { placed, started } = await cardOrder('T1')
    expect(started.redirectUrl).toMatch(`${standIn.origin}/checkout/`)
    expect(started.test).toBe(false)
    const created = standIn.requests.findLast((sent) => sent.path === '/v3/payments')
    expect(created?.key).toBe(`pay-${started.id}`)
    expect(created?.body).toMatchObject({
      amount: { value: (started.amount / 100).toFixed(2), currency: 'RUB' },
      capture: true,
      payment_method_data: { type: 'bank_card' },
    })
    const other = paymentActions(() => t.app, 'plain')
    const session = await openTableSession(t, 'plain', 'T1')
    const sandboxed = await other.startOrderPayment((await other.place(session.id, 'card')).id)
    expect(sandboxed.redirectUrl).toMatch('/sandbox-acquirer/pay/')
    expect((await diner.getOrder(placed.id)).paymentStatus).toBe('pending')
  })

  it('takes notifications only from YooKassa’s addresses and believes only what it reads back', async () => {
    const { placed, started } = await cardOrder('T2')
    const ref = refOf(started)
    // From elsewhere, and from elsewhere claiming a YooKassa address without a trusted proxy.
    for (const [from, headers] of [
      ['203.0.113.9', {}],
      ['127.0.0.1', { 'x-forwarded-for': STAND_IN_NOTIFICATION_ADDRESS }],
    ] as const) {
      const refused = await notify(ref, from, headers)
      expect(refused.statusCode).toBe(401)
      expect(refused.json()).toMatchObject({ error: { code: 'webhook_rejected' } })
    }
    // From a YooKassa address, saying "succeeded" of a payment YooKassa says is pending.
    const forged = await notify(ref, STAND_IN_NOTIFICATION_ADDRESS)
    expect(forged.json()).toMatchObject({ received: true, result: 'ignored' })
    expect((await diner.getPayment(started.id)).status).toBe('pending')

    standIn.decide(ref, 'succeed')
    expect((await notify(ref, STAND_IN_NOTIFICATION_ADDRESS)).json()).toMatchObject({
      result: 'applied',
    })
    expect((await notify(ref, STAND_IN_NOTIFICATION_ADDRESS)).json()).toMatchObject({
      result: 'duplicate',
    })
    expect((await diner.getPayment(started.id)).status).toBe('succeeded')
    expect((await diner.getOrder(placed.id)).paymentStatus).toBe('paid')
  })

  it('refuses a payment YooKassa reads back for another amount', async () => {
    const { placed, started } = await cardOrder('T3')
    const ref = refOf(started)
    standIn.decide(ref, 'succeed')
    standIn.tamperAmount(ref, '1.00')
    const refused = await notify(ref, STAND_IN_NOTIFICATION_ADDRESS)
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({ error: { code: 'webhook_mismatch' } })
    expect((await diner.getOrder(placed.id)).paymentStatus).toBe('pending')
  })

  it('reads a declined card back when the diner returns, before any notification', async () => {
    const { placed, started } = await cardOrder('T4')
    standIn.decide(refOf(started), 'insufficient_funds')
    await diner.expectFailed(started.id, placed.id, 'insufficient_funds')
  })

  it('tells the diner to pay the waiter when YooKassa is down, and the order says so', async () => {
    const session = await openTableSession(t, 'yk', 'T5')
    const placed = await diner.place(session.id, 'card')
    standIn.fail('/v3/payments', 500, 500, 500)
    const tries = await diner.startOrderPaymentWhileDown(placed.id, 'card', standIn.requests)
    // Three tries of one payment under one key: nothing could be paid twice.
    expect(new Set(tries.map((sent) => sent.key)).size).toBe(1)
    // Once it is back, the diner pays.
    const again = await diner.startOrderPayment(placed.id)
    expect(again.redirectUrl).toMatch(`${standIn.origin}/checkout/`)
  })

  it('gives back a success that came after the diner gave up, once, through YooKassa', async () => {
    const { placed, started } = await cardOrder('T6')
    const ref = refOf(started)
    await diner.cancelPayment(started.id)
    expect((await diner.cancelOrder(placed.id)).statusCode).toBe(200)
    standIn.decide(ref, 'succeed')
    expect((await notify(ref, STAND_IN_NOTIFICATION_ADDRESS)).json()).toMatchObject({
      result: 'applied',
    })
    await t.app.outbox.kick()
    expect(standIn.refundsOf(ref).map((refund) => refund.amount)).toEqual([
      { value: (started.amount / 100).toFixed(2), currency: 'RUB' },
    ])
    expect((await diner.getPayment(started.id)).status).toBe('refunded')
    await notify(ref, STAND_IN_NOTIFICATION_ADDRESS)
    await t.app.outbox.kick()
    expect(standIn.refundsOf(ref)).toHaveLength(1)
  })
})
