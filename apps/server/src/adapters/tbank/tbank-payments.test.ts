import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Payment } from '@tableside/contracts/payments'
import { MANAGER_TOKEN_HEADER } from '@tableside/contracts/staff'
import { paymentServiceOf } from '../../features/payments/payments-plugin'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { paymentActions } from '../../test/test-payments'
import { useTBank } from '../../test/test-tbank'
import { TEST_SECRETS_KEY } from '../../test/test-yookassa'
import {
  addManager,
  createOrderingRestaurant,
  numberedTables,
  openTableSession,
  signInAsManager,
} from '../../test/test-restaurants'
import { tokenOf } from './tbank-api'
import { STAND_IN_TERMINAL_KEY, startTBankStandIn, type TBankStandIn } from './tbank-stand-in'

type Json = Record<string, unknown>

describe.each(testDatabaseKinds)('Payments through T-Bank’s stand-in on $name', (kind) => {
  let t: TestApp
  let standIn: TBankStandIn
  const OTHER = { terminalKey: 'OtherTerminalDEMO', password: 'OtherPassword12' }
  beforeAll(async () => {
    standIn = await startTBankStandIn()
    standIn.addTerminal(OTHER.terminalKey, OTHER.password)
    t = await createTestApp(kind, { SECRETS_KEY: TEST_SECRETS_KEY, TBANK_API_URL: standIn.apiUrl })
    for (const id of ['tb', 'other', 'plain']) {
      await createOrderingRestaurant(t, id, {
        tables: numberedTables(8),
        settings: { paymentMethods: ['cash', 'card', 'sbp'], onlinePayment: true },
      })
    }
    await useTBank(t, 'tb')
    await addManager(t, 'tb', 'boss', 'tbank-password')
    await useTBank(t, 'other', OTHER)
  })
  afterAll(async () => {
    await t.close()
    await standIn.close()
  })

  const diner = paymentActions(() => t.app, 'tb')
  const refOf = (p: Payment) => p.redirectUrl?.split('/').at(-1) ?? ''
  const notify = (body: Json | undefined) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhooks/tbank',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body ?? {}),
    })
  const start = async (table: string, method: 'card' | 'sbp', restaurant = 'tb') => {
    const actions = paymentActions(() => t.app, restaurant)
    const session = await openTableSession(t, restaurant, table)
    const placed = await actions.place(session.id, method)
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${placed.id}/payments`,
      payload: { method },
    })
    expect(response.statusCode).toBe(201)
    return { placed, started: response.json<Payment>() }
  }

  it('sends an SBP diner to the QR’s link and a card diner to T-Bank’s page', async () => {
    const sbp = await start('T1', 'sbp')
    expect(sbp.started.redirectUrl).toMatch(`${standIn.origin}/sbp/`)
    expect(sbp.started.test).toBe(false)
    const init = standIn.requests.findLast((sent) => sent.method === 'Init')
    expect(init?.body).toMatchObject({
      TerminalKey: STAND_IN_TERMINAL_KEY,
      Amount: sbp.started.amount,
      OrderId: sbp.started.id,
      PayType: 'O',
    })
    expect(String(init?.body.NotificationURL)).toMatch(/\/api\/v1\/payments\/webhooks\/tbank$/)
    const card = await start('T2', 'card')
    expect(card.started.redirectUrl).toMatch(`${standIn.origin}/pay/`)
    expect((await diner.getOrder(sbp.placed.id)).paymentStatus).toBe('pending')
  })

  it('applies a signed notification once, answers OK, and takes no replay twice', async () => {
    const { placed, started } = await start('T3', 'sbp')
    const ref = refOf(started)
    standIn.decide(ref, 'succeed')
    const signed = standIn.notificationOf(ref)
    const first = await notify(signed)
    expect(first.statusCode).toBe(200)
    expect(first.body).toBe('OK')
    expect((await diner.getPayment(started.id)).status).toBe('succeeded')
    expect((await diner.getOrder(placed.id)).paymentStatus).toBe('paid')
    // T-Bank repeats until it reads OK: the same status of the same payment is applied once.
    const again = await notify(signed)
    expect(again.body).toBe('OK')
    const events = await sql<{ count: string }>`
      select count(*)::text as count from payment_webhook_events where payment_id = ${started.id}
    `.execute(t.database.db)
    expect(events.rows[0]?.count).toBe('1')
  })

  it('refuses a wrong token, an unknown terminal, another restaurant’s terminal, another amount', async () => {
    const { placed, started } = await start('T4', 'card')
    const ref = refOf(started)
    standIn.decide(ref, 'succeed')
    const signed = standIn.notificationOf(ref) ?? {}
    const resign = (fields: Json, password: string) => ({
      ...fields,
      Token: tokenOf(fields, password),
    })
    const fields = Object.fromEntries(Object.entries(signed).filter(([key]) => key !== 'Token'))
    const refusals: [Json, number, string][] = [
      // Changed after signing, and signed with a guess.
      [{ ...signed, Status: 'CONFIRMED', Amount: 1 }, 401, 'webhook_rejected'],
      [resign(fields, 'guessed-password'), 401, 'webhook_rejected'],
      // A terminal nobody here has.
      [resign({ ...fields, TerminalKey: 'NobodyDEMO' }, 'x'), 401, 'webhook_rejected'],
      // Another restaurant's own terminal, honestly signed, naming this payment.
      [
        resign({ ...fields, TerminalKey: OTHER.terminalKey }, OTHER.password),
        401,
        'webhook_rejected',
      ],
      // Signed by this terminal (a stand-in gone wrong) but for another amount than the payment.
      [
        resign({ ...fields, Amount: started.amount - 1 }, 'StandInPassword0'),
        400,
        'webhook_mismatch',
      ],
    ]
    for (const [body, status, code] of refusals) {
      const refused = await notify(body)
      expect(refused.statusCode).toBe(status)
      expect(refused.json()).toMatchObject({ error: { code } })
    }
    for (const body of ['not json', '{}']) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/v1/payments/webhooks/tbank',
        headers: { 'content-type': 'application/json' },
        payload: body,
      })
      expect(refused.statusCode).toBeGreaterThanOrEqual(400)
    }
    expect((await diner.getOrder(placed.id)).paymentStatus).toBe('pending')
    expect((await notify(signed)).body).toBe('OK')
    expect((await diner.getOrder(placed.id)).paymentStatus).toBe('paid')
  })

  it('reads a declined card back when the diner returns, before any notification', async () => {
    const { placed, started } = await start('T5', 'card')
    standIn.decide(refOf(started), 'decline')
    await diner.expectFailed(started.id, placed.id, 'declined')
  })

  it('tells the diner to pay the waiter when T-Bank is down, and the order says so', async () => {
    const session = await openTableSession(t, 'tb', 'T6')
    const placed = await diner.place(session.id, 'sbp')
    standIn.fail('Init', 500, 500, 500)
    const tries = await diner.startOrderPaymentWhileDown(placed.id, 'sbp', standIn.requests)
    // Three tries of one payment under one OrderId: nothing could be paid twice.
    expect(new Set(tries.map((sent) => sent.body.OrderId)).size).toBe(1)
  })

  it('settles a payment whose notification never came by asking T-Bank (the sweep)', async () => {
    const paid = await start('T7', 'sbp')
    const abandoned = await start('T8', 'card')
    standIn.decide(refOf(paid.started), 'succeed')
    const past = new Date(Date.now() - 20 * 60_000)
    await sql`update payments set expires_at = ${past}
      where id in (${paid.started.id}, ${abandoned.started.id})`.execute(t.database.db)
    await paymentServiceOf(t.app).sweepOverdue()
    const rows = await sql<{ id: string; status: string }>`
      select id, status from payments where id in (${paid.started.id}, ${abandoned.started.id})
    `.execute(t.database.db)
    expect(Object.fromEntries(rows.rows.map((row) => [row.id, row.status]))).toEqual({
      [paid.started.id]: 'succeeded',
      [abandoned.started.id]: 'failed',
    })
    // The one nobody paid was cancelled at T-Bank: it cannot be paid any more.
    expect(standIn.payment(refOf(abandoned.started))?.status).toBe('CANCELED')
  })

  it('refunds one dish of a paid order through T-Bank, once', async () => {
    const { placed, started } = await start('T1', 'card')
    const ref = refOf(started)
    standIn.decide(ref, 'succeed')
    expect((await notify(standIn.notificationOf(ref))).body).toBe('OK')
    const { token } = await signInAsManager(t.app, 'tb', 'boss', 'tbank-password')
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${placed.id}/refunds`,
      headers: { [MANAGER_TOKEN_HEADER]: token },
      payload: { kind: 'part', lines: [{ line: 0, quantity: 1 }], reason: 'Остыло' },
    })
    expect(refunded.statusCode).toBe(200)
    await t.app.outbox.kick()
    const dish = placed.lines[0]?.unitPrice ?? 0
    expect(standIn.payment(ref)).toMatchObject({ refunded: dish })
    // One Cancel for the dish, under the refund's own key (a repeat of it refunds nothing more).
    const cancels = standIn.requests.filter(
      (sent) => sent.method === 'Cancel' && sent.body.PaymentId === ref,
    )
    expect(cancels.map((sent) => sent.body.Amount)).toEqual([dish])
    const key = cancels[0]?.body.ExternalRequestId
    expect(key).toMatch(/^refund-/)
    // T-Bank's own refund notification changes nothing here, and is answered OK.
    expect((await notify(standIn.notificationOf(ref))).body).toBe('OK')
    expect((await diner.getPayment(started.id)).status).toBe('succeeded')
  })
})
