import { expect, it } from 'vitest'
import { order, type Order } from '@tableside/contracts/orders'
import { payment } from '@tableside/contracts/payments'
import { describeRace, RACE_RUNS } from '../../test/race-app'
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
})
