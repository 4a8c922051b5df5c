import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorBody } from '@tableside/contracts/errors'
import { SANDBOX_TEST_CARDS } from '@tableside/contracts/sandbox-acquirer'
import { createTestApp, sandboxAcquirerOf, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { paymentActions } from '../../test/test-payments'
import {
  createOrderingRestaurant,
  numberedTables,
  openTableSession,
} from '../../test/test-restaurants'

// Issue 13, item 5 (decision 0028): no money is kept for a cancelled order.
describe.each(testDatabaseKinds)('Money follows the order on $name', (kind) => {
  let t: TestApp
  const diner = paymentActions(() => t.app)
  beforeAll(async () => {
    t = await createTestApp(kind)
    await createOrderingRestaurant(t, 'bistro', {
      tables: numberedTables(6),
      settings: { paymentMethods: ['cash', 'card', 'sbp'], onlinePayment: true },
    })
  })
  afterAll(async () => {
    await t.close()
  })

  const refundsIn = (history: { refund?: { state: string } | undefined }[]) =>
    history.flatMap((entry) => (entry.refund ? [entry.refund.state] : []))

  it('refuses to cancel an order while its payment is in progress, for the diner and the waiter', async () => {
    const session = await openTableSession(t, 'bistro', 'T1')
    const placed = await diner.place(session.id, 'card')
    const started = await diner.startOrderPayment(placed.id)

    const refused = await diner.cancelOrder(placed.id)
    expect(refused.statusCode).toBe(409)
    expect(errorBody.parse(refused.json()).error).toMatchObject({
      code: 'payment_in_progress',
      message: expect.stringContaining('Cancel the payment first') as string,
    })
    await expect(t.app.orders.changeStatus(placed.id, 'bistro', 'cancelled')).rejects.toMatchObject(
      { code: 'payment_in_progress' },
    )
    expect((await diner.getOrder(placed.id)).status).toBe('placed')

    // Once the payment is cancelled, the order is the diner's to cancel again.
    expect((await diner.cancelPayment(started.id)).statusCode).toBe(200)
    const cancelled = await diner.cancelOrder(placed.id)
    expect(cancelled.statusCode).toBe(200)
  })

  it('refuses to cancel an order another diner is paying with the table’s bill', async () => {
    const session = await openTableSession(t, 'bistro', 'T2')
    const placed = await diner.place(session.id, 'cash')
    const billPayment = await diner.startBillPayment(session.id)
    const refused = await diner.cancelOrder(placed.id)
    expect(errorBody.parse(refused.json()).error.code).toBe('payment_in_progress')
    await diner.cancelPayment(billPayment.id)
    expect((await diner.cancelOrder(placed.id)).statusCode).toBe(200)
  })

  it('refunds a success that arrives for a cancelled order, and shows it in the order’s history', async () => {
    const session = await openTableSession(t, 'bistro', 'T3')
    const placed = await diner.place(session.id, 'card')
    const started = await diner.startOrderPayment(placed.id)
    // The diner gives up the payment and cancels the order; the bank still takes the money.
    await diner.cancelPayment(started.id)
    expect((await diner.cancelOrder(placed.id)).statusCode).toBe(200)
    const late = await diner.succeeded(started)
    expect(late.statusCode).toBe(200)
    await t.app.outbox.kick()

    expect(await diner.getPayment(started.id)).toMatchObject({ status: 'refunded' })
    const order = await diner.getOrder(placed.id)
    expect(order).toMatchObject({ status: 'cancelled', paidAmount: 0, paymentStatus: 'refunded' })
    expect(refundsIn(order.history)).toEqual(['in_progress', 'done'])
    expect(order.history.find((entry) => entry.refund)?.refund?.amount).toBe(started.amount)
  })

  it('refunds through the acquirer when a waiter cancels a paid order', async () => {
    const session = await openTableSession(t, 'bistro', 'T4')
    const placed = await diner.place(session.id, 'card')
    const started = await diner.startOrderPayment(placed.id)
    await diner.payCard(started, SANDBOX_TEST_CARDS.succeeds)
    await sandboxAcquirerOf(t.app).kick()
    expect((await diner.getOrder(placed.id)).paymentStatus).toBe('paid')
    await t.app.orders.changeStatus(placed.id, 'bistro', 'accepted')

    const cancelled = await t.app.orders.changeStatus(placed.id, 'bistro', 'cancelled')
    expect(cancelled.status).toBe('cancelled')
    expect(refundsIn(cancelled.history)).toEqual(['in_progress'])
    await t.app.outbox.kick()

    expect(await diner.acquirerState(started)).toBe('refunded')
    expect(await diner.getPayment(started.id)).toMatchObject({ status: 'refunded' })
    const order = await diner.getOrder(placed.id)
    expect(order).toMatchObject({ paymentStatus: 'refunded', paidAmount: 0 })
    expect(refundsIn(order.history)).toEqual(['in_progress', 'done'])
  })

  it('refunds what the table paid of an order a waiter cancels, and only that', async () => {
    const session = await openTableSession(t, 'bistro', 'T5')
    const kept = await diner.place(session.id, 'cash')
    const dropped = await diner.place(session.id, 'cash')
    const billPayment = await diner.startBillPayment(session.id)
    await diner.payCard(billPayment, SANDBOX_TEST_CARDS.succeeds)
    await sandboxAcquirerOf(t.app).kick()
    await t.app.outbox.kick()
    expect((await diner.getOrder(dropped.id)).paymentStatus).toBe('paid')

    await t.app.orders.changeStatus(dropped.id, 'bistro', 'cancelled')
    await t.app.outbox.kick()
    const order = await diner.getOrder(dropped.id)
    expect(order).toMatchObject({ paymentStatus: 'refunded', paidAmount: 0 })
    expect(order.history.find((entry) => entry.refund)?.refund?.amount).toBe(dropped.totals.total)
    expect((await diner.getOrder(kept.id)).paymentStatus).toBe('paid')
    // Part of the payment went back; the payment stands for the rest.
    expect((await diner.getPayment(billPayment.id)).status).toBe('succeeded')
  })

  it('keeps no money for a cancelled order when a waiter’s cancel and the payment’s success race', async () => {
    const session = await openTableSession(t, 'bistro', 'T6')
    for (let round = 0; round < 5; round++) {
      const placed = await diner.place(session.id, 'card')
      const started = await diner.startOrderPayment(placed.id)
      const [cancel, webhook] = await Promise.allSettled([
        t.app.orders.changeStatus(placed.id, 'bistro', 'cancelled'),
        diner.succeeded(started),
      ])
      expect(webhook.status === 'fulfilled' && webhook.value.statusCode).toBe(200)
      await t.app.outbox.kick()
      const order = await diner.getOrder(placed.id)
      if (cancel.status === 'fulfilled') {
        // The success came first: the cancel gave the money back.
        expect(order).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' })
        expect((await diner.getPayment(started.id)).status).toBe('refunded')
      } else {
        expect(cancel.reason).toMatchObject({ code: 'payment_in_progress' })
        expect(order).toMatchObject({ status: 'placed', paymentStatus: 'paid' })
      }
    }
  })
})
