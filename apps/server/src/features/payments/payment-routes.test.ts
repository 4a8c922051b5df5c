import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { errorBody } from '@tableside/contracts/errors'
import { bill, order } from '@tableside/contracts/orders'
import { equalShare, payment, type Payment } from '@tableside/contracts/payments'
import { SANDBOX_TEST_CARDS, sandboxPayment } from '@tableside/contracts/sandbox-acquirer'
import {
  createTestApp,
  restartTestApp,
  sandboxAcquirerOf,
  TEST_SANDBOX_SECRET,
  type TestApp,
} from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import {
  createOrderingRestaurant,
  numberedTables,
  openTableSession,
} from '../../test/test-restaurants'
import { SANDBOX_SIGNATURE_HEADER } from '../../adapters/sandbox-acquirer/sandbox-acquirer'
import { signWebhook } from '../../adapters/sandbox-acquirer/webhook-signature'
import { paymentServiceOf } from './payments-plugin'
import { BORSCHT, paymentActions, PIKE } from '../../test/test-payments'

describe.each(testDatabaseKinds)('Payments on $name', (kind) => {
  let t: TestApp
  /** While true the shop answers the acquirer's webhooks 503, as a server going down would. */
  let shopDown = false
  beforeAll(async () => {
    t = await createTestApp(kind, {}, (app) => {
      app.addHook('onRequest', async (request, reply) => {
        if (shopDown && request.url.startsWith('/api/v1/payments/webhooks/')) {
          await reply.code(503).send()
        }
      })
    })
    for (const id of ['bistro', 'other']) {
      await createOrderingRestaurant(t, id, {
        tables: numberedTables(12),
        settings: { paymentMethods: ['cash', 'card', 'sbp'], onlinePayment: id === 'bistro' },
      })
    }
  })
  afterAll(async () => {
    await t.close()
  })

  const openSession = (tableCode: string, restaurantId = 'bistro') =>
    openTableSession(t, restaurantId, tableCode)
  const place = (
    tableSessionId: string,
    paymentMethod: 'cash' | 'card' | 'sbp',
    lines: unknown[] = [PIKE],
    restaurantId = 'bistro',
  ) => paymentActions(() => t.app, restaurantId).place(tableSessionId, paymentMethod, lines)
  const startOrderPayment = (orderId: string, method: 'card' | 'sbp' = 'card') =>
    t.app.inject({ method: 'POST', url: `/api/v1/orders/${orderId}/payments`, payload: { method } })
  const getPayment = async (id: string) =>
    payment.parse((await t.app.inject({ method: 'GET', url: `/api/v1/payments/${id}` })).json())
  const getOrder = async (id: string) =>
    order.parse((await t.app.inject({ method: 'GET', url: `/api/v1/orders/${id}` })).json())
  const getBill = async (sessionId: string) =>
    bill.parse(
      (
        await t.app.inject({ method: 'GET', url: `/api/v1/table-sessions/${sessionId}/bill` })
      ).json(),
    )
  const refOf = (p: Payment) =>
    /\/sandbox-acquirer\/pay\/(sbx_\w+)$/.exec(p.redirectUrl ?? '')?.[1] ?? ''
  const bank = (ref: string, step: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/sandbox-acquirer/api/payments/${ref}/${step}`, payload })
  const payCard = (ref: string, number: string) =>
    bank(ref, 'card', { number, expiry: '12/39', cvc: '123' })
  /** Lets the acquirer deliver its queued webhooks (in-process: the test app does not listen). */
  const deliver = () => sandboxAcquirerOf(t.app).kick()
  const webhook = (body: string, signature = signWebhook(TEST_SANDBOX_SECRET, body, new Date())) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhooks/sandbox',
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
      payload: body,
    })
  const eventFor = (p: Payment, type = 'payment.succeeded', id = `evt_${randomUUID()}`) =>
    JSON.stringify({
      id,
      type,
      created: Math.floor(Date.now() / 1000),
      data: {
        ref: refOf(p),
        amount: p.amount,
        currency: p.currency,
        reason: type === 'payment.failed' ? 'declined' : null,
      },
    })

  it('pays an order by card: the acquirer’s webhook marks it paid, once', async () => {
    const session = await openSession('T1')
    const placed = await place(session.id, 'card')
    const started = await startOrderPayment(placed.id)
    expect(started.statusCode).toBe(201)
    const pending = payment.parse(started.json())
    expect(pending).toMatchObject({ status: 'pending', amount: placed.totals.total, tip: 0 })
    // A second tap (or a reload) gets the same payment, never a second one.
    const again = payment.parse((await startOrderPayment(placed.id)).json())
    expect(again.id).toBe(pending.id)

    const page = sandboxPayment.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/sandbox-acquirer/api/payments/${refOf(pending)}`,
        })
      ).json(),
    )
    expect(page).toMatchObject({
      state: 'awaiting_payment',
      amount: placed.totals.total,
      returnUrl: null,
    })
    const paid = sandboxPayment.parse((await payCard(page.ref, SANDBOX_TEST_CARDS.succeeds)).json())
    expect(paid.state).toBe('succeeded')
    expect(paid.returnUrl).toContain(`/order/${placed.id}/success?payment=${pending.id}`)
    await deliver()
    expect((await getPayment(pending.id)).status).toBe('succeeded')
    expect(await getOrder(placed.id)).toMatchObject({
      paymentStatus: 'paid',
      paidAmount: placed.totals.total,
      cancellable: false,
    })
    // A paid order is the waiter's to undo, not the diner's.
    const cancel = await t.app.inject({ method: 'POST', url: `/api/v1/orders/${placed.id}/cancel` })
    expect(errorBody.parse(cancel.json()).error.code).toBe('order_not_cancellable')
    // A paid order cannot be paid again.
    const twice = await startOrderPayment(placed.id)
    expect(twice.statusCode).toBe(409)
    expect(errorBody.parse(twice.json()).error.code).toBe('already_paid')
  })

  it('shows a declined card as failed and lets the diner pay by SBP instead', async () => {
    const session = await openSession('T2')
    const placed = await place(session.id, 'card')
    const first = payment.parse((await startOrderPayment(placed.id)).json())
    const declined = sandboxPayment.parse(
      (await payCard(refOf(first), SANDBOX_TEST_CARDS.declined)).json(),
    )
    expect(declined.state).toBe('declined')
    expect(declined.returnUrl).toContain(`/order/${placed.id}/fail?payment=${first.id}`)
    await deliver()
    expect(await getPayment(first.id)).toMatchObject({
      status: 'failed',
      failureReason: 'declined',
    })
    expect((await getOrder(placed.id)).paymentStatus).toBe('failed')

    const sbp = payment.parse((await startOrderPayment(placed.id, 'sbp')).json())
    expect(sbp.id).not.toBe(first.id)
    const page = sandboxPayment.parse(
      (
        await t.app.inject({ method: 'GET', url: `/sandbox-acquirer/api/payments/${refOf(sbp)}` })
      ).json(),
    )
    expect(page.sbp?.qrSvg).toMatch(/^<svg/)
    expect((await bank(page.ref, 'sbp', { decision: 'confirm' })).statusCode).toBe(200)
    await deliver()
    expect((await getOrder(placed.id)).paymentStatus).toBe('paid')
  })

  it('asks for 3-D Secure and fails a wrong code; insufficient funds fail in plain words', async () => {
    const session = await openSession('T3')
    const placed = await place(session.id, 'card')
    const first = payment.parse((await startOrderPayment(placed.id)).json())
    const step = sandboxPayment.parse(
      (await payCard(refOf(first), SANDBOX_TEST_CARDS.threeDSecure)).json(),
    )
    expect(step.state).toBe('awaiting_3ds')
    const wrong = sandboxPayment.parse((await bank(step.ref, '3ds', { code: '0000' })).json())
    expect(wrong.state).toBe('authentication_failed')
    await deliver()
    expect((await getPayment(first.id)).failureReason).toBe('authentication_failed')

    const second = payment.parse((await startOrderPayment(placed.id)).json())
    const poor = sandboxPayment.parse(
      (await payCard(refOf(second), SANDBOX_TEST_CARDS.insufficientFunds)).json(),
    )
    expect(poor.state).toBe('insufficient_funds')
    // A card the sandbox does not know is a field error, and changes nothing.
    const third = payment.parse((await startOrderPayment(placed.id)).json())
    const unknown = await payCard(refOf(third), '1111222233334444')
    expect(unknown.statusCode).toBe(400)
    expect(errorBody.parse(unknown.json()).error.fields?.[0]?.path).toBe('body.number')
  })

  it('refuses forged, stale, replayed, mismatched and unknown webhooks without changing anything', async () => {
    const session = await openSession('T4')
    const placed = await place(session.id, 'card')
    const pending = payment.parse((await startOrderPayment(placed.id)).json())
    const body = eventFor(pending)

    const forged = await webhook(
      body,
      signWebhook('not-the-secret-at-all-0123456789', body, new Date()),
    )
    expect(forged.statusCode).toBe(401)
    const stale = await webhook(
      body,
      signWebhook(TEST_SANDBOX_SECRET, body, new Date(Date.now() - 6 * 60_000)),
    )
    expect(stale.statusCode).toBe(401)
    const tampered = await webhook(
      body.replace(`"amount":${pending.amount}`, '"amount":1'),
      signWebhook(TEST_SANDBOX_SECRET, body, new Date()),
    )
    expect(tampered.statusCode).toBe(401)
    const wrongAmount = eventFor({ ...pending, amount: pending.amount - 100 })
    expect((await webhook(wrongAmount)).statusCode).toBe(400)
    const unknown = eventFor({
      ...pending,
      redirectUrl: 'https://x/sandbox-acquirer/pay/sbx_AAAAAAAAAAAAAAAAAAAAAAAA',
    })
    expect((await webhook(unknown)).statusCode).toBe(404)
    expect((await getPayment(pending.id)).status).toBe('pending')

    // The genuine event applies once; its repeat, and a failure arriving late, change nothing.
    expect((await webhook(body)).json()).toMatchObject({ result: 'applied' })
    expect((await webhook(body)).json()).toMatchObject({ result: 'duplicate' })
    expect((await webhook(eventFor(pending, 'payment.failed'))).json()).toMatchObject({
      result: 'ignored',
    })
    expect((await getPayment(pending.id)).status).toBe('succeeded')
    expect((await getOrder(placed.id)).paymentStatus).toBe('paid')
  })

  it('refuses to pay online an order paid in cash, or at a restaurant without online payment', async () => {
    const session = await openSession('T5')
    const cash = await place(session.id, 'cash')
    const refused = await startOrderPayment(cash.id)
    expect(refused.statusCode).toBe(409)
    expect(errorBody.parse(refused.json()).error.code).toBe('payment_not_online')
    const elsewhere = await openSession('T1', 'other')
    const offline = await place(elsewhere.id, 'cash', [PIKE], 'other')
    expect((await startOrderPayment(offline.id)).statusCode).toBe(409)
    expect((await startOrderPayment(randomUUID())).statusCode).toBe(404)
  })

  it('splits the bill in equal shares with a tip for the table’s waiter, never more than is due', async () => {
    const session = await openSession('T6')
    await place(session.id, 'cash', [BORSCHT])
    await place(session.id, 'cash', [PIKE])
    const waiter = await sql<{ id: string }>`
      select id from waiters where restaurant_id = 'bistro' limit 1
    `.execute(t.database.db)
    const waiterId = waiter.rows[0]?.id
    if (waiterId) {
      await sql`
        insert into waiter_tables (waiter_id, table_id)
        select ${waiterId}, table_id from table_sessions where id = ${session.id}
      `.execute(t.database.db)
    }
    const before = await getBill(session.id)
    const share = equalShare(before.totals.due, 3)
    const start = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/table-sessions/${session.id}/payments`,
        payload: body,
      })

    // A tampered or stale amount is refused; a tip beyond the amount is refused.
    const tampered = await start({
      method: 'card',
      choice: { mode: 'share', parts: 3 },
      tip: 0,
      expectedAmount: 100,
    })
    expect(errorBody.parse(tampered.json()).error.code).toBe('amount_changed')
    const greedy = await start({
      method: 'card',
      choice: { mode: 'share', parts: 3 },
      tip: share * 2,
      expectedAmount: share,
    })
    expect(greedy.statusCode).toBe(400)
    const negative = await start({
      method: 'card',
      choice: { mode: 'share', parts: 3 },
      tip: -100,
      expectedAmount: share,
    })
    expect(negative.statusCode).toBe(400)
    // A share that names no parts, or items beside a share, is not a choice at all.
    for (const choice of [{ mode: 'share' }, { mode: 'share', parts: 3, items: [] }]) {
      const muddled = await start({ method: 'card', choice, tip: 0, expectedAmount: share })
      expect(muddled.statusCode).toBe(400)
      expect(errorBody.parse(muddled.json()).error.fields?.[0]?.path).toMatch(/^body\.choice/)
    }

    const created = await start({
      method: 'card',
      choice: { mode: 'share', parts: 3 },
      tip: 10_000,
      expectedAmount: share,
    })
    expect(created.statusCode).toBe(201)
    const p = payment.parse(created.json())
    expect(p).toMatchObject({ amount: share + 10_000, tip: 10_000, purpose: 'bill' })
    const held = await getBill(session.id)
    expect(held.totals.pending).toBe(share)
    expect(held.splitBy).toBe('amounts')
    // Items cannot be chosen once the bill is split by amounts.
    const items = await start({
      method: 'card',
      choice: {
        mode: 'items',
        items: [{ orderNumber: held.orders[0]?.number ?? 1, line: 0, quantity: 1 }],
      },
      tip: 0,
      expectedAmount: 1,
    })
    expect(errorBody.parse(items.json()).error.code).toBe('split_closed')

    await payCard(refOf(p), SANDBOX_TEST_CARDS.succeeds)
    await deliver()
    const after = await getBill(session.id)
    expect(after.totals).toMatchObject({
      paid: share,
      pending: 0,
      due: before.totals.total - share,
      tips: 10_000,
    })
    const tips = await sql<{ waiterId: string | null; amount: number }>`
      select waiter_id, amount from tips where payment_id = ${p.id}
    `.execute(t.database.db)
    expect(tips.rows).toEqual([{ waiterId: waiterId ?? null, amount: 10_000 }])

    // The rest of the bill, then nothing is left to pay.
    const rest = payment.parse(
      (
        await start({
          method: 'sbp',
          choice: { mode: 'remaining' },
          tip: 0,
          expectedAmount: after.totals.due,
        })
      ).json(),
    )
    await bank(refOf(rest), 'sbp', { decision: 'confirm' })
    await deliver()
    const settled = await getBill(session.id)
    expect(settled.totals.due).toBe(0)
    expect(settled.orders.every((o) => o.paymentStatus === 'paid')).toBe(true)
    const none = await start({
      method: 'card',
      choice: { mode: 'remaining' },
      tip: 0,
      expectedAmount: 0,
    })
    expect(none.statusCode).toBe(409)
  })
  it('keeps a success the shop missed while it was down: delivered after a restart, applied once', async () => {
    const session = await openSession('T7')
    const placed = await place(session.id, 'card')
    const pending = payment.parse((await startOrderPayment(placed.id)).json())
    shopDown = true
    await payCard(refOf(pending), SANDBOX_TEST_CARDS.succeeds)
    await deliver()
    // The money is taken at the acquirer; the shop has not heard yet (and nobody asked it).
    const unheard = await sql<{ status: string }>`
      select status from payments where id = ${pending.id}
    `.execute(t.database.db)
    expect(unheard.rows).toEqual([{ status: 'pending' }])

    t = await restartTestApp(t)
    shopDown = false
    // The acquirer's outbox survived the restart and retries after its backoff.
    const applied = async () =>
      (
        await sql<{ n: number }>`
          select count(*)::int as n from payment_webhook_events e
          join sandbox_acquirer_outbox o on o.event_id = e.event_id where o.ref = ${refOf(pending)}
        `.execute(t.database.db)
      ).rows[0]?.n
    await vi.waitFor(
      async () => {
        await deliver()
        expect(await applied()).toBe(1)
      },
      { timeout: 10_000, interval: 200 },
    )
    expect((await getPayment(pending.id)).status).toBe('succeeded')
    expect(await getOrder(placed.id)).toMatchObject({
      paymentStatus: 'paid',
      paidAmount: placed.totals.total,
      cancellable: false,
    })
  })

  it('ends a payment whose diner never came back from the acquirer, and frees the order', async () => {
    const session = await openSession('T8')
    const placed = await place(session.id, 'card')
    const abandoned = payment.parse((await startOrderPayment(placed.id)).json())
    // Twenty minutes pass (both books agree), and the sweep finds the payment overdue.
    const past = new Date(Date.now() - 20 * 60_000)
    await sql`update payments set expires_at = ${past} where id = ${abandoned.id}`.execute(
      t.database.db,
    )
    await sql`
      update sandbox_acquirer_payments set expires_at = ${past} where ref = ${refOf(abandoned)}
    `.execute(t.database.db)
    await paymentServiceOf(t.app).sweepOverdue()
    expect(await getPayment(abandoned.id)).toMatchObject({
      status: 'failed',
      failureReason: 'expired',
    })
    // The acquirer's own expiry webhook arrives late and changes nothing; its page refuses.
    await deliver()
    expect((await getPayment(abandoned.id)).status).toBe('failed')
    const late = await payCard(refOf(abandoned), SANDBOX_TEST_CARDS.succeeds)
    expect(errorBody.parse(late.json()).error.code).toBe('payment_over')
    // Given up, the order says its payment failed: the restaurant collects it or cancels it.
    expect(await getOrder(placed.id)).toMatchObject({ paymentStatus: 'failed', paidAmount: 0 })
    const again = payment.parse((await startOrderPayment(placed.id)).json())
    expect(again).toMatchObject({ status: 'pending', amount: placed.totals.total })
    expect(again.id).not.toBe(abandoned.id)
  })

  it('takes a tip with an order’s own payment for the table’s waiter, on the bill too, never beyond the order', async () => {
    const session = await openSession('T12')
    const placed = await place(session.id, 'card', [BORSCHT])
    const due = placed.totals.total
    const waiter = await sql<{ id: string; name: string }>`
      insert into waiters (restaurant_id, name, login, pin_hash)
      values ('bistro', 'Анна', 'anna-tips', 'unused') returning id, name
    `.execute(t.database.db)
    const served = waiter.rows[0]
    if (!served) throw new Error('The waiter was not added')
    await sql`
      insert into waiter_tables (waiter_id, table_id)
      select ${served.id}, table_id from table_sessions where id = ${session.id}
    `.execute(t.database.db)
    const start = (payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/v1/orders/${placed.id}/payments`, payload })

    // A tip beyond the order, or below nothing, is refused and nothing is started.
    for (const tip of [due + 1, -100, 1.5]) {
      const refused = await start({ method: 'card', tip })
      expect(refused.statusCode).toBe(400)
      expect(errorBody.parse(refused.json()).error.code).toBe('validation_failed')
    }
    const none = await sql<{ n: number }>`
      select count(*)::int as n from payments where order_id = ${placed.id}
    `.execute(t.database.db)
    expect(none.rows[0]?.n).toBe(0)

    // A first try without a tip, then the diner adds one: the pending payment is replaced.
    const plain = payment.parse((await start({ method: 'card' })).json())
    expect(plain).toMatchObject({ amount: due, tip: 0, waiter: null })
    const tip = 15_000
    const tipped = payment.parse((await start({ method: 'card', tip })).json())
    expect(tipped.id).not.toBe(plain.id)
    expect(tipped).toMatchObject({ amount: due + tip, tip, waiter: { name: served.name } })
    expect((await getPayment(plain.id)).status).toBe('cancelled')
    // The same tap again finds the same payment.
    expect(payment.parse((await start({ method: 'card', tip })).json()).id).toBe(tipped.id)

    const paid = sandboxPayment.parse(
      (await payCard(refOf(tipped), SANDBOX_TEST_CARDS.succeeds)).json(),
    )
    expect(paid).toMatchObject({ state: 'succeeded', amount: due + tip })
    await deliver()
    // The order is paid what it costs; the tip is the waiter's, and the table's bill shows it.
    expect(await getOrder(placed.id)).toMatchObject({ paymentStatus: 'paid', paidAmount: due })
    const tips = await sql<{ waiterId: string | null; amount: number; tableSessionId: string }>`
      select waiter_id as "waiterId", amount, table_session_id as "tableSessionId"
      from tips where payment_id = ${tipped.id}
    `.execute(t.database.db)
    expect(tips.rows).toEqual([{ waiterId: served.id, amount: tip, tableSessionId: session.id }])
    expect((await getBill(session.id)).totals).toMatchObject({ tips: tip, due: 0 })
  })

  it('makes one payment of a double tap on Pay', async () => {
    const session = await openSession('T9')
    const placed = await place(session.id, 'sbp')
    const taps = await Promise.all([startOrderPayment(placed.id), startOrderPayment(placed.id)])
    expect(taps.map((tap) => tap.statusCode)).toEqual([201, 201])
    const [first, second] = taps.map((tap) => payment.parse(tap.json()))
    expect(second?.id).toBe(first?.id)
    const rows = await sql<{ status: string }>`
      select status from payments where order_id = ${placed.id}
    `.execute(t.database.db)
    expect(rows.rows).toEqual([{ status: 'pending' }])
  })

  it('pays only what belongs to the table: another restaurant’s order is refused and nothing held', async () => {
    // Their restaurant takes no online payments; ours does. Their rules decide, not ours.
    const theirs = await place((await openSession('T2', 'other')).id, 'cash', [PIKE], 'other')
    const refused = await startOrderPayment(theirs.id)
    expect(errorBody.parse(refused.json()).error.code).toBe('online_payment_off')

    const ours = await openSession('T10')
    await place(ours.id, 'cash', [PIKE])
    const notHere = await t.app.inject({
      method: 'POST',
      url: `/api/v1/table-sessions/${ours.id}/payments`,
      payload: {
        method: 'card',
        choice: { mode: 'items', items: [{ orderNumber: 9_999, line: 0, quantity: 1 }] },
        tip: 0,
        expectedAmount: theirs.totals.total,
      },
    })
    expect(errorBody.parse(notHere.json()).error.code).toBe('items_unavailable')
    const bill = await getBill(ours.id)
    expect(bill.totals).toMatchObject({ pending: 0, paid: 0 })
    expect(bill.splitBy).toBeNull()
    const payments = await sql<{ n: number }>`
      select count(*)::int as n from payments where table_session_id = ${ours.id}
    `.execute(t.database.db)
    expect(payments.rows[0]?.n).toBe(0)
  })
  it('lets the waiter take cash when the card would not go, and refunds a card that pays later', async () => {
    const session = await openSession('T11')
    const placed = await place(session.id, 'card')
    const declined = payment.parse((await startOrderPayment(placed.id)).json())
    await payCard(refOf(declined), SANDBOX_TEST_CARDS.declined)
    await deliver()
    const lingering = payment.parse((await startOrderPayment(placed.id)).json())

    const cash = await t.app.orders.recordCashPayment(placed.id, 'bistro')
    expect(cash).toMatchObject({ paymentStatus: 'paid', paidAmount: placed.totals.total })
    // The diner pays the forgotten card payment after all: the money goes back.
    await payCard(refOf(lingering), SANDBOX_TEST_CARDS.succeeds)
    await deliver()
    // The refund is the outbox's, after the webhook's transaction commits (decision 0027).
    await vi.waitFor(
      async () => {
        await t.app.outbox.kick()
        expect((await getPayment(lingering.id)).status).toBe('refunded')
      },
      { timeout: 5_000, interval: 100 },
    )
    const page = sandboxPayment.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/sandbox-acquirer/api/payments/${refOf(lingering)}`,
        })
      ).json(),
    )
    expect(page.state).toBe('refunded')
    expect(await getOrder(placed.id)).toMatchObject({
      paymentStatus: 'paid',
      paidAmount: placed.totals.total,
    })
  })
})
