import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Payment } from '@tableside/contracts/payments'
import { orderDetail } from '@tableside/contracts/refunds'
import { MANAGER_TOKEN_HEADER } from '@tableside/contracts/staff'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { BORSCHT, paymentActions } from '../../test/test-payments'
import { useTBank } from '../../test/test-tbank'
import { TEST_SECRETS_KEY } from '../../test/test-yookassa'
import {
  addManager,
  createOrderingRestaurant,
  numberedTables,
  openTableSession,
  signInAsManager,
} from '../../test/test-restaurants'
import { startTBankStandIn, type TBankStandIn } from './tbank-stand-in'

// Decision 0141: T-Bank ignores ExternalRequestId for SBP refunds, so a Cancel whose answer was
// lost is never simply sent again: T-Bank is asked first whether that refund happened.
describe.each(testDatabaseKinds)('T-Bank refunds whose answer was lost, on $name', (kind) => {
  let t: TestApp
  let standIn: TBankStandIn
  let manager = ''
  beforeAll(async () => {
    standIn = await startTBankStandIn()
    t = await createTestApp(kind, { SECRETS_KEY: TEST_SECRETS_KEY, TBANK_API_URL: standIn.apiUrl })
    await createOrderingRestaurant(t, 'tb', {
      tables: numberedTables(8),
      settings: { paymentMethods: ['cash', 'card', 'sbp'], onlinePayment: true },
    })
    await useTBank(t, 'tb')
    await addManager(t, 'tb', 'boss', 'tbank-password')
    manager = (await signInAsManager(t.app, 'tb', 'boss', 'tbank-password')).token
  })
  afterAll(async () => {
    await t.close()
    await standIn.close()
  })

  const diner = paymentActions(() => t.app, 'tb')
  const refOf = (p: Payment) => p.redirectUrl?.split('/').at(-1) ?? ''
  const notify = (body: Record<string, unknown> | undefined) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhooks/tbank',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body ?? {}),
    })

  /** Two bowls of borscht at `table` paid by SBP, T-Bank's notification applied. */
  async function paidBySbp(table: string) {
    const session = await openTableSession(t, 'tb', table)
    const placed = await diner.place(session.id, 'sbp', [BORSCHT])
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${placed.id}/payments`,
      payload: { method: 'sbp' },
    })
    expect(response.statusCode).toBe(201)
    const started = response.json<Payment>()
    const ref = refOf(started)
    standIn.decide(ref, 'succeed')
    expect((await notify(standIn.notificationOf(ref))).body).toBe('OK')
    expect((await diner.getPayment(started.id)).status).toBe('succeeded')
    expect(standIn.payment(ref)?.sbp).toBe(true)
    return { order: placed, payment: started, ref, bowl: placed.lines[0]?.unitPrice ?? 0 }
  }

  const refundBowl = async (orderId: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${orderId}/refunds`,
      headers: { [MANAGER_TOKEN_HEADER]: manager },
      payload: { kind: 'part', lines: [{ line: 0, quantity: 1 }], reason: 'Пересолено' },
    })
    expect(response.statusCode, response.body).toBe(200)
    await t.app.outbox.kick()
  }
  const refundsOf = async (orderId: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/orders/${orderId}`,
      headers: { [MANAGER_TOKEN_HEADER]: manager },
    })
    return orderDetail.parse(response.json()).refunds.filter((row) => row.way === 'online')
  }
  const cancelsOf = (ref: string) =>
    standIn.requests.filter((sent) => sent.method === 'Cancel' && sent.body.PaymentId === ref)
  /** The outbox's next round: entries waiting to be tried again are due now. */
  const later = async () => {
    await t.database.db
      .updateTable('outbox')
      .set({ nextAttemptAt: new Date(0) })
      .where('deliveredAt', 'is', null)
      .execute()
    await t.app.outbox.kick()
  }
  /** A minute passes since the unanswered Cancel went out. */
  const aMinuteLater = async () => {
    await sql`update refund_sends set sent_at = sent_at - interval '2 minutes'`.execute(
      t.database.db,
    )
    await later()
  }

  it('counts a refund T-Bank made whose answer was lost, and never sends it again', async () => {
    const { order, payment, ref, bowl } = await paidBySbp('T1')
    // T-Bank refunds the bowl and its answer is lost (a 500 after the work).
    standIn.fail('Cancel', 'done-then-500')
    await refundBowl(order.id)
    expect(standIn.payment(ref)).toMatchObject({ refunded: bowl })
    expect((await refundsOf(order.id)).map((row) => row.state)).toEqual(['in_progress'])

    await later()
    await aMinuteLater()
    expect(standIn.payment(ref)).toMatchObject({ refunded: bowl, status: 'PARTIAL_REFUNDED' })
    expect(cancelsOf(ref)).toHaveLength(1)
    expect(await refundsOf(order.id)).toEqual([expect.objectContaining({ state: 'done' })])
    expect((await diner.getPayment(payment.id)).status).toBe('succeeded')
  })

  it('sends a refund T-Bank never made again, once a minute has passed', async () => {
    const { order, ref, bowl } = await paidBySbp('T2')
    // No answer and nothing done: a 500 before the work.
    standIn.fail('Cancel', 500)
    await refundBowl(order.id)
    expect(standIn.payment(ref)).toMatchObject({ refunded: 0 })
    expect(cancelsOf(ref)).toHaveLength(1)
    // The lost request might still land at T-Bank: not sent again within the minute.
    await later()
    expect(cancelsOf(ref)).toHaveLength(1)
    await aMinuteLater()
    expect(cancelsOf(ref)).toHaveLength(2)
    expect(standIn.payment(ref)).toMatchObject({ refunded: bowl, status: 'PARTIAL_REFUNDED' })
    expect(await refundsOf(order.id)).toEqual([expect.objectContaining({ state: 'done' })])
  })

  it('sends a payment’s second refund only once the first one’s fate is known', async () => {
    const { order, ref, bowl } = await paidBySbp('T3')
    standIn.fail('Cancel', 'done-then-500')
    await refundBowl(order.id)
    await refundBowl(order.id)
    // The second waits: T-Bank's state would not tell the two apart.
    expect(cancelsOf(ref)).toHaveLength(1)
    await later()
    await later()
    expect(standIn.payment(ref)).toMatchObject({ refunded: 2 * bowl })
    expect(cancelsOf(ref)).toHaveLength(2)
    expect((await refundsOf(order.id)).map((row) => row.state)).toEqual(['done', 'done'])
  })

  it('takes a card refund’s repeat as one, as T-Bank keys it by ExternalRequestId', async () => {
    const session = await openTableSession(t, 'tb', 'T4')
    const placed = await diner.place(session.id, 'card', [BORSCHT])
    const started = await diner.startOrderPayment(placed.id)
    const ref = refOf(started)
    standIn.decide(ref, 'succeed')
    expect((await notify(standIn.notificationOf(ref))).body).toBe('OK')
    standIn.fail('Cancel', 'done-then-500')
    await refundBowl(placed.id)
    await later()
    await aMinuteLater()
    expect(standIn.payment(ref)).toMatchObject({ refunded: placed.lines[0]?.unitPrice })
    expect(await refundsOf(placed.id)).toEqual([expect.objectContaining({ state: 'done' })])
  })
})
