import { randomUUID } from 'node:crypto'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { errorBody } from '@tableside/contracts/errors'
import { garconTipRated, getGarconTips } from '@tableside/contracts/garcon-tips'
import { order } from '@tableside/contracts/orders'
import { TIP_COMMENT_MAX, tipFeedback, type Payment } from '@tableside/contracts/payments'
import { garconChannel } from '@tableside/contracts/table-events'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { paymentActions, recordEvents } from '../../test/test-payments'
import {
  openTableSession,
  orderOlivierAt,
  signInAnnaAndIgor,
  type SignedInWaiter,
} from '../../test/test-restaurants'
import type { OutboundEvent } from '../realtime/realtime-protocol'

// Issue 15: the diner's rating and comment on a tip reach the waiter's tips screen (decision
// 0048). Анна serves T1–T6 of the demo restaurant, Игорь T7–T12.
describe.each(testDatabaseKinds)('Feedback on a tip on $name', (kind) => {
  let t: TestApp
  let events: OutboundEvent[]
  let waiters: Record<'anna' | 'igor', SignedInWaiter>
  const diner = paymentActions(() => t.app, 'demo')
  /** Each request from its own address unless told: the per-payment limit is tested apart. */
  let address = 0
  const nextAddress = () => `10.9.${Math.floor(++address / 250)}.${address % 250}`

  beforeAll(async () => {
    t = await createTestApp(kind)
    events = recordEvents(t.app)
    waiters = await signInAnnaAndIgor(t.app)
  })
  afterAll(async () => {
    await t.close()
  })
  beforeEach(async () => {
    // An earlier test's events still due are delivered before the slate is wiped.
    await t.app.outbox.kick()
    events.length = 0
  })

  /** An order at `table`, and the bill paid from a phone there with `tip` (not yet settled). */
  async function startPayingBill(table: string, tip: number): Promise<Payment> {
    const session = await openTableSession(t, 'demo', table)
    expect((await orderOlivierAt(t.app, session.id)).statusCode).toBe(201)
    return diner.startBillPayment(session.id, tip)
  }

  async function payBill(table: string, tip: number): Promise<Payment> {
    const started = await startPayingBill(table, tip)
    expect((await diner.succeeded(started)).statusCode).toBe(200)
    return diner.getPayment(started.id)
  }

  const leave = (paymentId: string, body: unknown, options: Partial<InjectOptions> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/payments/${paymentId}/feedback`,
      payload: body as InjectOptions['payload'],
      remoteAddress: nextAddress(),
      ...options,
    })

  const codeOf = (response: { json: () => unknown }) => errorBody.parse(response.json()).error.code

  const tipRow = (paymentId: string) =>
    t.database.db
      .selectFrom('tips')
      .select(['id', 'rating', 'comment'])
      .where('paymentId', '=', paymentId)
      .executeTakeFirstOrThrow()

  const tipsOf = async (who: 'anna' | 'igor') => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/garcon/tips',
      headers: { 'x-garcon-token': waiters[who].token },
    })
    expect(response.statusCode).toBe(200)
    return getGarconTips.response.parse(response.json()).tips
  }

  const heardBy = async (who: 'anna' | 'igor') => {
    await t.app.outbox.kick()
    return events
      .filter(
        (event) =>
          event.name === garconTipRated.name &&
          event.channels.includes(garconChannel(waiters[who].id)),
      )
      .map((event) => garconTipRated.data.parse(JSON.parse(event.data)))
  }

  it('names the waiter, takes the diner’s stars and words once, and the waiter sees them live and after a reload', async () => {
    const paid = await payBill('T4', 5_000)
    expect(paid).toMatchObject({ status: 'succeeded', tip: 5_000, tipFeedback: null })
    expect(paid.waiter).toEqual({ name: 'Анна' })

    const sent = await leave(paid.id, { rating: 5, comment: '  Спасибо, Анна! Всё было вкусно.  ' })
    expect(sent.statusCode).toBe(200)
    const feedback = { rating: 5, comment: 'Спасибо, Анна! Всё было вкусно.' }
    expect(tipFeedback.parse(sent.json())).toEqual(feedback)

    // Анна's screen hears it on her channel; Игорь hears nothing of it.
    const tip = await tipRow(paid.id)
    expect(await heardBy('anna')).toEqual([{ id: tip.id, ...feedback }])
    expect(await heardBy('igor')).toEqual([])
    // A reload shows it too, on her tips and nobody else's.
    expect((await tipsOf('anna')).find((listed) => listed.id === tip.id)).toMatchObject(feedback)
    expect((await tipsOf('igor')).some((listed) => listed.id === tip.id)).toBe(false)
    // The paying phone reads it back with its payment (a reload thanks, and asks no more).
    expect((await diner.getPayment(paid.id)).tipFeedback).toEqual(feedback)

    // The same words again (a retry) answer as the first time, and tell nobody twice.
    const replayed = await leave(paid.id, { rating: 5, comment: 'Спасибо, Анна! Всё было вкусно.' })
    expect(replayed.statusCode).toBe(200)
    expect(tipFeedback.parse(replayed.json())).toEqual(feedback)
    expect(await heardBy('anna')).toHaveLength(1)

    // Other words are refused: feedback is left once.
    for (const other of [{ rating: 1 }, { rating: 5 }, { rating: 5, comment: 'Другое' }]) {
      const changed = await leave(paid.id, other)
      expect(changed.statusCode).toBe(409)
      expect(codeOf(changed)).toBe('feedback_already_left')
    }
    expect(await tipRow(paid.id)).toMatchObject(feedback)
    expect(await heardBy('anna')).toHaveLength(1)
  })

  it('refuses ratings and comments out of shape, and changes nothing', async () => {
    const paid = await payBill('T5', 3_000)
    const refused = [
      {},
      { rating: 0 },
      { rating: 6 },
      { rating: -1 },
      { rating: 4.5 },
      { rating: '5' },
      { rating: null },
      { rating: 5, comment: 'x'.repeat(TIP_COMMENT_MAX + 1) },
      { rating: 5, comment: 'Хорошо\u0000' },
      { rating: 5, comment: 42 },
      { rating: 5, comment: 'Половина пары \ud83d' },
    ]
    for (const body of refused) {
      const response = await leave(paid.id, body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(codeOf(response)).toBe('validation_failed')
    }
    const notJson = await leave(paid.id, 'rating=5', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(notJson.statusCode).toBe(415)
    expect(await tipRow(paid.id)).toMatchObject({ rating: null, comment: null })
    expect(await heardBy('anna')).toEqual([])

    // The longest comment there may be is taken; an empty one is no comment.
    const longest = 'ы'.repeat(TIP_COMMENT_MAX)
    const taken = await leave(paid.id, { rating: 4, comment: longest })
    expect(taken.statusCode).toBe(200)
    expect(await tipRow(paid.id)).toMatchObject({ rating: 4, comment: longest })
    const other = await payBill('T6', 1_000)
    const blank = await leave(other.id, { rating: 3, comment: '   ' })
    expect(tipFeedback.parse(blank.json())).toEqual({ rating: 3, comment: null })
  })

  it('answers a guessed or malformed payment id as a payment that does not exist', async () => {
    const paid = await payBill('T1', 2_000)
    const guessed = await leave(randomUUID(), { rating: 1, comment: 'Плохо' })
    expect(guessed.statusCode).toBe(404)
    expect(codeOf(guessed)).toBe('not_found')
    const malformed = await leave('not-a-payment', { rating: 1 })
    expect(malformed.statusCode).toBe(400)
    // A table session's id, an order's or the tip's own is not the payment's either.
    const tip = await tipRow(paid.id)
    expect((await leave(tip.id, { rating: 1 })).statusCode).toBe(404)
    expect(paid.tableSessionId).not.toBeNull()
    expect((await leave(paid.tableSessionId ?? '', { rating: 1 })).statusCode).toBe(404)
    expect(await tipRow(paid.id)).toMatchObject({ rating: null, comment: null })
  })

  it('takes feedback only on a payment that went through with a tip', async () => {
    // Still pending: nothing is paid, nothing is tipped yet.
    const pending = await startPayingBill('T2', 2_000)
    const early = await leave(pending.id, { rating: 5 })
    expect(early.statusCode).toBe(409)
    expect(codeOf(early)).toBe('payment_not_succeeded')
    // Cancelled by the diner.
    expect((await diner.cancelPayment(pending.id)).statusCode).toBe(200)
    const cancelled = await leave(pending.id, { rating: 5 })
    expect(cancelled.statusCode).toBe(409)
    expect(codeOf(cancelled)).toBe('payment_not_succeeded')

    // Paid without a tip: the bill's, and an order's own payment.
    const untipped = await payBill('T3', 0)
    const noTip = await leave(untipped.id, { rating: 5 })
    expect(noTip.statusCode).toBe(409)
    expect(codeOf(noTip)).toBe('no_tip')
    const session = await openTableSession(t, 'demo', 'T7')
    const placed = order.parse(
      (await orderOlivierAt(t.app, session.id, { paymentMethod: 'card' })).json(),
    )
    const orderPayment = await diner.startOrderPayment(placed.id)
    expect((await diner.succeeded(orderPayment)).statusCode).toBe(200)
    const orderTip = await leave(orderPayment.id, { rating: 4 })
    expect(orderTip.statusCode).toBe(409)
    expect(codeOf(orderTip)).toBe('no_tip')
    expect((await diner.getPayment(orderPayment.id)).waiter).toBeNull()

    // Refunded whole: the tip is not the waiter's any more.
    const refunded = await payBill('T8', 1_000)
    await t.database.db
      .updateTable('payments')
      .set({ status: 'refunded' })
      .where('id', '=', refunded.id)
      .execute()
    const late = await leave(refunded.id, { rating: 2 })
    expect(late.statusCode).toBe(409)
    expect(codeOf(late)).toBe('payment_not_succeeded')
    expect(await tipRow(refunded.id)).toMatchObject({ rating: null })
    expect(await heardBy('anna')).toEqual([])
    expect(await heardBy('igor')).toEqual([])
  })

  it('keeps the first of two different words sent at once', async () => {
    const paid = await payBill('T9', 2_000)
    const answers = await Promise.all([
      leave(paid.id, { rating: 5, comment: 'Отлично' }),
      leave(paid.id, { rating: 2, comment: 'Долго' }),
    ])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
    const kept = answers.find((answer) => answer.statusCode === 200)
    expect(await tipRow(paid.id)).toMatchObject(tipFeedback.parse(kept?.json()))
    expect(await heardBy('igor')).toHaveLength(1)
  })

  it('keeps the words of a tip nobody served, and tells no waiter', async () => {
    await t.database.db
      .deleteFrom('waiterTables')
      .where('tableId', 'in', (eb) =>
        eb
          .selectFrom('restaurantTables')
          .select('id')
          .where('restaurantId', '=', 'demo')
          .where('code', '=', 'T10'),
      )
      .execute()
    const paid = await payBill('T10', 1_000)
    expect(paid.waiter).toBeNull()
    expect((await leave(paid.id, { rating: 4, comment: 'Спасибо' })).statusCode).toBe(200)
    expect(await tipRow(paid.id)).toMatchObject({ rating: 4, comment: 'Спасибо' })
    expect(await heardBy('anna')).toEqual([])
    expect(await heardBy('igor')).toEqual([])
  })

  it('limits how often one address sends feedback on one payment', async () => {
    const paid = await payBill('T11', 1_000)
    const from = { remoteAddress: '10.8.0.1' }
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await leave(paid.id, { rating: 9 }, from)).statusCode).toBe(400)
    }
    const limited = await leave(paid.id, { rating: 5 }, from)
    expect(limited.statusCode).toBe(429)
    expect(codeOf(limited)).toBe('rate_limited')
    // Another phone is not held up by it.
    expect((await leave(paid.id, { rating: 5 })).statusCode).toBe(200)
  })
})
