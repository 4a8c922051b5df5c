import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorBody } from '@tableside/contracts/errors'
import type { Payment } from '@tableside/contracts/payments'
import { orderDetail } from '@tableside/contracts/refunds'
import { floorOrderChanged } from '@tableside/contracts/garcon-floor'
import { orderChannel } from '@tableside/contracts/orders'
import { garconChannel, orderUpdated } from '@tableside/contracts/table-events'
import { hashSecret } from '../../lib/secret-hash'
import { createGarconRepository } from '../../features/garcon/garcon-repository'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { paymentActions, recordEvents } from '../../test/test-payments'
import { TEST_SECRETS_KEY, useYooKassa } from '../../test/test-yookassa'
import {
  addManager,
  createOrderingRestaurant,
  numberedTables,
  openTableSession,
  signInAsManager,
} from '../../test/test-restaurants'
import {
  STAND_IN_NOTIFICATION_ADDRESS,
  startYooKassaStandIn,
  type YooKassaStandIn,
} from './yookassa-stand-in'

// Issue 28, decision 0130: an online refund is on its way until the acquirer confirms it.
describe.each(testDatabaseKinds)(
  'Refunds YooKassa confirms later, or refuses, on $name',
  (kind) => {
    let t: TestApp
    let standIn: YooKassaStandIn
    let manager = ''
    let other = ''
    beforeAll(async () => {
      standIn = await startYooKassaStandIn()
      t = await createTestApp(kind, {
        SECRETS_KEY: TEST_SECRETS_KEY,
        YOOKASSA_API_URL: standIn.apiUrl,
      })
      await createOrderingRestaurant(t, 'yk', {
        tables: numberedTables(8),
        settings: { paymentMethods: ['cash', 'card', 'sbp'], onlinePayment: true },
      })
      await useYooKassa(t, 'yk')
      await addManager(t, 'yk', 'yk-manager', 'yk-manager-secret')
      manager = (await signInAsManager(t.app, 'yk', 'yk-manager', 'yk-manager-secret')).token
      other = (await signInAsManager(t.app)).token
    })
    afterAll(async () => {
      await t.close()
      await standIn.close()
    })

    const diner = paymentActions(() => t.app, 'yk')
    const refOf = (p: Payment) => p.redirectUrl?.split('/').at(-1) ?? ''
    const asManager = (url: string, payload: object = {}, token = manager) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1${url}`,
        payload,
        headers: { 'x-manager-token': token },
      })
    const detailOf = async (orderId: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/admin/orders/${orderId}`,
        headers: { 'x-manager-token': manager },
      })
      expect(response.statusCode).toBe(200)
      return orderDetail.parse(response.json())
    }
    /** Time passes for the outbox: entries waiting to be tried again are due now. */
    const later = async () => {
      await t.database.db
        .updateTable('outbox')
        .set({ nextAttemptAt: new Date(0) })
        .where('deliveredAt', 'is', null)
        .execute()
      await t.app.outbox.kick()
    }

    /** Two olivier at `table` paid by card through YooKassa, its notification read back. */
    async function paidByCard(table: string) {
      const session = await openTableSession(t, 'yk', table)
      const placed = await diner.place(session.id, 'card')
      const started = await diner.startOrderPayment(placed.id)
      standIn.decide(refOf(started), 'succeed')
      const told = await t.app.inject({
        method: 'POST',
        url: '/api/v1/payments/webhooks/yookassa',
        remoteAddress: STAND_IN_NOTIFICATION_ADDRESS,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({
          type: 'notification',
          event: 'payment.succeeded',
          object: standIn.payments(refOf(started)),
        }),
      })
      expect(told.json()).toMatchObject({ result: 'applied' })
      const order = await diner.getOrder(placed.id)
      expect(order).toMatchObject({ paymentStatus: 'paid', paidWith: ['card'] })
      return { order, ref: refOf(started), payment: started }
    }

    const refundOne = async (orderId: string) => {
      const response = await asManager(`/admin/orders/${orderId}/refunds`, {
        kind: 'part',
        lines: [{ line: 0, quantity: 1 }],
        reason: 'Салат подали тёплым',
      })
      expect(response.statusCode).toBe(200)
      await t.app.outbox.kick()
    }
    const refundSteps = async (orderId: string) =>
      (await diner.getOrder(orderId)).history.flatMap(({ refund }) =>
        refund ? [refund.state] : [],
      )

    it('keeps a refund YooKassa has not confirmed in progress, asks again later, and is done only once it succeeded', async () => {
      const { order, ref, payment } = await paidByCard('T1')
      const one = order.lines[0]?.unitPrice ?? 0
      standIn.holdRefunds()
      try {
        await refundOne(order.id)
        const [taken] = standIn.refundsOf(ref)
        expect(taken).toMatchObject({ status: 'pending' })
        let detail = await detailOf(order.id)
        expect(detail.refunds).toEqual([
          expect.objectContaining({ way: 'online', amount: one, state: 'in_progress' }),
        ])
        expect(detail.refunds[0]?.providerRefundId).toBe(taken?.id)
        // The diner reads it as on its way, not as returned.
        expect(await refundSteps(order.id)).toEqual(['in_progress'])
        expect((await diner.getPayment(payment.id)).status).toBe('succeeded')

        // Still pending when asked again: read back, not refunded a second time.
        await later()
        expect(standIn.refundsOf(ref)).toHaveLength(1)
        expect(
          standIn.requests.filter((sent) => sent.path.startsWith('/v3/refunds/')),
        ).toHaveLength(1)
        expect((await detailOf(order.id)).refunds[0]?.state).toBe('in_progress')

        standIn.settleRefund(String(taken?.id), 'succeeded')
        await later()
        detail = await detailOf(order.id)
        expect(detail.refunds[0]).toMatchObject({ state: 'done', providerRefundId: taken?.id })
        expect(await refundSteps(order.id)).toEqual(['in_progress', 'done'])
        expect(standIn.refundsOf(ref)).toHaveLength(1)
        // Paid by card and refunded since: still named as paid by card.
        expect(detail.order.paidWith).toEqual(['card'])
      } finally {
        standIn.holdRefunds(false)
      }
    })

    it('marks a refund YooKassa cancels as failed for the manager, who asks again under a new key', async () => {
      const { order, ref } = await paidByCard('T2')
      const one = order.lines[0]?.unitPrice ?? 0
      standIn.holdRefunds()
      await refundOne(order.id)
      standIn.holdRefunds(false)
      const [refused] = standIn.refundsOf(ref)
      standIn.settleRefund(String(refused?.id), 'canceled')
      await later()
      let detail = await detailOf(order.id)
      expect(detail.refunds[0]).toMatchObject({ state: 'failed', amount: one })
      // The refusal gives the dish and its money back to the order's sums (decision 0139); the
      // diner reads that it failed, never that it came back.
      expect(detail.order).toMatchObject({ paidAmount: order.paidAmount, totals: order.totals })
      expect(detail.order.lines[0]?.refundedQuantity ?? 0).toBe(0)
      expect(await refundSteps(order.id)).toEqual(['in_progress', 'failed'])

      // Another restaurant's manager cannot, and a refund that did not fail cannot be asked again.
      const refundId = detail.refunds[0]?.id ?? ''
      const stranger = await asManager(
        `/admin/orders/${order.id}/refunds/${refundId}/retry`,
        {},
        other,
      )
      expect(stranger.statusCode).toBe(404)

      const retried = await asManager(`/admin/orders/${order.id}/refunds/${refundId}/retry`)
      expect(retried.statusCode).toBe(200)
      await t.app.outbox.kick()
      detail = await detailOf(order.id)
      expect(detail.refunds[0]).toMatchObject({ state: 'done' })
      expect(await refundSteps(order.id)).toEqual(['in_progress', 'failed', 'in_progress', 'done'])
      expect(detail.order.paidAmount).toBe(order.paidAmount - one)
      expect(detail.order.totals.total).toBe(order.totals.total - one)
      expect(detail.order.lines[0]?.refundedQuantity).toBe(1)
      const posted = standIn.requests.filter((sent) => sent.path === '/v3/refunds')
      const keys = posted.slice(-2).map((sent) => sent.key)
      expect(keys[0]).toBe(`refund-${refundId}`)
      expect(keys[1]).toMatch(new RegExp(`^refund-${refundId}-[0-9a-f]{8}$`))
      expect(standIn.refundsOf(ref).map((refund) => refund.status)).toEqual([
        'canceled',
        'succeeded',
      ])

      const again = await asManager(`/admin/orders/${order.id}/refunds/${refundId}/retry`)
      expect(again.statusCode).toBe(409)
      expect(errorBody.parse(again.json()).error.code).toBe('refund_not_failed')
      // The retry is in the audit log.
      const audited = await t.database.db
        .selectFrom('auditLog')
        .select('action')
        .where('entityId', '=', order.id)
        .execute()
      expect(audited.map((row) => row.action)).toContain('retry_refund')
    })

    it('gives a refused refund back to the order, live to the diner and the waiter, and a retry takes it once', async () => {
      const waiter = await createGarconRepository(t.database.db).addWaiter({
        restaurantId: 'yk',
        name: 'Вера',
        login: 'vera',
        pinHash: await hashSecret('4444'),
      })
      const { order, ref } = await paidByCard('T3')
      const one = order.lines[0]?.unitPrice ?? 0
      standIn.holdRefunds()
      await refundOne(order.id)
      standIn.holdRefunds(false)
      const asked = await diner.getOrder(order.id)
      expect(asked.paidAmount).toBe(order.paidAmount - one)
      const [refused] = standIn.refundsOf(ref)
      standIn.settleRefund(String(refused?.id), 'canceled')
      const events = recordEvents(t.app)
      await later()
      // Everyone who shows the order hears of it: the diner's order, and every waiter's floor.
      const heard = (name: string, channel: string) =>
        events.filter(
          (event) =>
            event.name === name &&
            event.channels.includes(channel) &&
            event.data.includes(order.id),
        )
      expect(heard(orderUpdated.name, orderChannel(order.id)).length).toBeGreaterThan(0)
      expect(heard(floorOrderChanged.name, garconChannel(waiter)).length).toBeGreaterThan(0)
      const back = await diner.getOrder(order.id)
      expect(back).toMatchObject({
        paidAmount: order.paidAmount,
        paymentStatus: 'paid',
        totals: order.totals,
      })

      // Two retries at once: one takes the money off again, the other is refused.
      const refundId = (await detailOf(order.id)).refunds[0]?.id ?? ''
      const retries = await Promise.all([
        asManager(`/admin/orders/${order.id}/refunds/${refundId}/retry`),
        asManager(`/admin/orders/${order.id}/refunds/${refundId}/retry`),
      ])
      expect(retries.map((r) => r.statusCode).sort()).toEqual([200, 409])
      await t.app.outbox.kick()
      const detail = await detailOf(order.id)
      expect(detail.refunds).toEqual([expect.objectContaining({ state: 'done', amount: one })])
      expect(detail.order.paidAmount).toBe(order.paidAmount - one)
      expect(standIn.refundsOf(ref).map((refund) => refund.status)).toEqual([
        'canceled',
        'succeeded',
      ])
    })

    it('lets nothing be asked again that another refund gave back since the refusal', async () => {
      const { order, ref } = await paidByCard('T4')
      const one = order.lines[0]?.unitPrice ?? 0
      standIn.holdRefunds()
      await refundOne(order.id)
      standIn.holdRefunds(false)
      const [refused] = standIn.refundsOf(ref)
      standIn.settleRefund(String(refused?.id), 'canceled')
      await later()
      // The manager refunds everything that is paid again, then asks the refused one again.
      const all = await asManager(`/admin/orders/${order.id}/refunds`, {
        kind: 'part',
        amount: order.paidAmount,
        reason: 'Гость ушёл',
      })
      expect(all.statusCode).toBe(200)
      await t.app.outbox.kick()
      const refundId = (await detailOf(order.id)).refunds[0]?.id ?? ''
      const retried = await asManager(`/admin/orders/${order.id}/refunds/${refundId}/retry`)
      expect(retried.statusCode).toBe(409)
      expect(errorBody.parse(retried.json()).error.code).toBe('refund_exceeds_paid')
      const detail = await detailOf(order.id)
      expect(detail.refunds.map((r) => [r.state, r.amount])).toEqual([
        ['failed', one],
        ['done', order.paidAmount],
      ])
      expect(detail.order.paidAmount).toBe(0)
      expect(standIn.refundsOf(ref).map((refund) => refund.status)).toEqual([
        'canceled',
        'succeeded',
      ])
    })

    it('asks a cancel’s refused refund again and counts it off what is paid once done', async () => {
      const { order, ref } = await paidByCard('T5')
      standIn.holdRefunds()
      const cancelled = await asManager(`/admin/orders/${order.id}/cancel`, {
        reason: 'Гость передумал',
        refundTip: false,
      })
      expect(cancelled.statusCode).toBe(200)
      await t.app.outbox.kick()
      standIn.holdRefunds(false)
      const [refused] = standIn.refundsOf(ref)
      standIn.settleRefund(String(refused?.id), 'canceled')
      await later()
      let detail = await detailOf(order.id)
      expect(detail.refunds[0]).toMatchObject({ kind: 'whole', state: 'failed' })
      // A cancel's refund counts once done: the refusal leaves what is paid as it was.
      expect(detail.order).toMatchObject({ status: 'cancelled', paidAmount: order.paidAmount })

      const retried = await asManager(
        `/admin/orders/${order.id}/refunds/${detail.refunds[0]?.id ?? ''}/retry`,
      )
      expect(retried.statusCode).toBe(200)
      await t.app.outbox.kick()
      detail = await detailOf(order.id)
      expect(detail.refunds[0]).toMatchObject({ state: 'done' })
      expect(detail.order).toMatchObject({ paidAmount: 0, paymentStatus: 'refunded' })
    })
  },
)
