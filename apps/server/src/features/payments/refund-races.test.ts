import type { LightMyRequestResponse } from 'fastify'
import { expect, it } from 'vitest'
import { order, type Order } from '@tableside/contracts/orders'
import { payment } from '@tableside/contracts/payments'
import { lockBarrier } from '../../test/lock-barrier'
import { describeRace, RACE_RUNS } from '../../test/race-app'
import { postgresUrl } from '../../test/test-database'
import { paymentActions } from '../../test/test-payments'
import { signInAsManager } from '../../test/test-restaurants'

/**
 * Refunds at the same moment as something else that moves the order's money, on a PostgreSQL
 * server, held at a barrier on the order's row so the requests overlap (issue 28, decision
 * 0119). Without the order's lock, both refunds read the same line as not yet refunded and the
 * money went back twice.
 */
describeRace('Refunds at once', (race) => {
  const diner = paymentActions(() => race().t.app, 'demo')
  const refund = (orderId: string, token: string) =>
    race().t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${orderId}/refunds`,
      headers: { 'x-manager-token': token },
      payload: { kind: 'part', lines: [{ line: 0, quantity: 1 }], reason: 'Остыло' },
    })
  const refundedOf = async (orderId: string) =>
    (
      await race()
        .t.database.db.selectFrom('refunds')
        .select('amount')
        .where('orderId', '=', orderId)
        .execute()
    ).map((row) => row.amount)
  const lockOrder = (id: string) =>
    race().barrier('select id from orders where id = $1 for update', [id])

  it('gives back one olivier once when two managers refund it at once', async () => {
    const { token } = await signInAsManager(race().t.app)
    for (let run = 0; run < RACE_RUNS; run++) {
      const sessionId = await race().openSession()
      const placed = order.parse((await race().placeOrder(sessionId, 'card')).json())
      const started = await diner.startOrderPayment(placed.id)
      expect((await diner.succeeded(started)).statusCode).toBe(200)
      const barrier = await lockOrder(placed.id)
      const answers = [refund(placed.id, token), refund(placed.id, token)]
      await barrier.arrived(2)
      await barrier.release()
      const codes = (await Promise.all(answers)).map((answer) => answer.statusCode)
      expect(codes.sort()).toEqual([200, 409])
      expect(await refundedOf(placed.id)).toEqual([placed.lines[0]?.lineTotal])
    }
  })

  it('never refunds money still on its way: a refund and the payment’s webhook at once', async () => {
    const { token } = await signInAsManager(race().t.app)
    for (let run = 0; run < RACE_RUNS; run++) {
      const sessionId = await race().openSession()
      const placed: Order = order.parse((await race().placeOrder(sessionId, 'card')).json())
      const started = payment.parse(await diner.startOrderPayment(placed.id))
      const barrier = await lockOrder(placed.id)
      const webhook = diner.succeeded(started)
      const refunding = refund(placed.id, token)
      await barrier.arrived(2)
      await barrier.release()
      const [paid, refunded] = await Promise.all([webhook, refunding])
      expect(paid.statusCode).toBe(200)
      // Before the money landed the payment held the order: refused; after, it is refunded.
      expect([200, 409]).toContain(refunded.statusCode)
      const amounts = await refundedOf(placed.id)
      expect(amounts).toEqual(refunded.statusCode === 200 ? [placed.lines[0]?.lineTotal] : [])
      const now = await diner.getOrder(placed.id)
      expect(now.paidAmount).toBe(placed.totals.total - amounts.reduce((a, b) => a + b, 0))
    }
  })

  it('takes a refused refund off once when a retry comes as the acquirer refuses it again', async () => {
    const { token } = await signInAsManager(race().t.app)
    const { db } = race().t.database
    const retry = (orderId: string, refundId: string) =>
      race().t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/orders/${orderId}/refunds/${refundId}/retry`,
        headers: { 'x-manager-token': token },
      })
    /** The sandbox has nothing left to give back of the payment (refused) or all of it. */
    const acquirerRefuses = (ref: string, refuses: boolean) =>
      db
        .updateTable('sandboxAcquirerPayments')
        .set((eb) => ({ refundedAmount: refuses ? eb.ref('amount') : 0 }))
        .where('ref', '=', ref)
        .execute()
    const rowOf = async (orderId: string) =>
      db.selectFrom('refunds').selectAll().where('orderId', '=', orderId).executeTakeFirstOrThrow()
    for (let run = 0; run < RACE_RUNS; run++) {
      const sessionId = await race().openSession()
      const placed = order.parse((await race().placeOrder(sessionId, 'card')).json())
      const started = payment.parse(await diner.startOrderPayment(placed.id))
      expect((await diner.succeeded(started)).statusCode).toBe(200)
      const ref = started.redirectUrl?.split('/').at(-1) ?? ''
      const one = placed.lines[0]?.lineTotal ?? 0
      await acquirerRefuses(ref, true)
      expect((await refund(placed.id, token)).statusCode).toBe(200)
      await race().t.app.outbox.kick()
      const row = await rowOf(placed.id)
      expect(row.state).toBe('failed')
      expect((await diner.getOrder(placed.id)).paidAmount).toBe(placed.totals.total)

      // The first retry's delivery is held at the acquirer, whose books give the rest of the
      // payment back meanwhile (another way), so it refuses as it lets go; then the delivery meets
      // a second retry at the order's lock.
      await acquirerRefuses(ref, false)
      const atAcquirer = await lockBarrier(db, postgresUrl ?? '', (client) =>
        client.query(
          'update sandbox_acquirer_payments set refunded_amount = amount where ref = $1',
          [ref],
        ),
      )
      expect((await retry(placed.id, row.id)).statusCode).toBe(200)
      const delivering = race().t.app.outbox.kick()
      await atAcquirer.arrived(1)
      const atOrder = await lockOrder(placed.id)
      // Both orders at the order's lock, a run each: the second retry first, or the refusal.
      const retryFirst = run % 2 === 0
      let second: Promise<LightMyRequestResponse>
      if (retryFirst) {
        second = retry(placed.id, row.id)
        await atOrder.arrived(1)
        await atAcquirer.release()
      } else {
        await atAcquirer.release()
        await atOrder.arrived(1)
        second = retry(placed.id, row.id)
      }
      await atOrder.arrived(2)
      await atOrder.release()
      const [answer] = await Promise.all([second, delivering])
      // First, the retry finds the refund still in progress; after, failed, and asks again.
      expect(answer.statusCode).toBe(retryFirst ? 409 : 200)
      // The acquirer refuses whatever is asked of it now: the refund ends failed either way,
      // and the order counts it as given back not once.
      await race().t.app.outbox.kick()
      expect((await rowOf(placed.id)).state).toBe('failed')
      const refused = await diner.getOrder(placed.id)
      expect(refused.paidAmount).toBe(placed.totals.total)
      expect(refused.history.flatMap(({ refund }) => (refund ? [refund.state] : []))).toEqual([
        ...['in_progress', 'failed', 'in_progress', 'failed'],
        ...(retryFirst ? [] : ['in_progress', 'failed']),
      ])

      // The acquirer gives it back in the end: once, whatever the order of the two.
      await acquirerRefuses(ref, false)
      expect((await retry(placed.id, row.id)).statusCode).toBe(200)
      await race().t.app.outbox.kick()
      expect((await rowOf(placed.id)).state).toBe('done')
      const given = await db
        .selectFrom('sandboxAcquirerRefunds')
        .select('amount')
        .where('ref', '=', ref)
        .execute()
      expect(given.map((r) => r.amount)).toEqual([one])
      const now = await diner.getOrder(placed.id)
      expect(now.paidAmount).toBe(placed.totals.total - one)
      expect(now.totals.total).toBe(placed.totals.total - one)
    }
  })
})
