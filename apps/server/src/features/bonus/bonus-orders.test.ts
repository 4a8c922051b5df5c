import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROFILE_TOKEN_HEADER } from '@tableside/contracts/client'
import { errorBody } from '@tableside/contracts/errors'
import { order, type Order } from '@tableside/contracts/orders'
import { equalShare, payment, type Payment } from '@tableside/contracts/payments'
import { orderDetail } from '@tableside/contracts/refunds'
import { SANDBOX_TEST_CARDS } from '@tableside/contracts/sandbox-acquirer'
import { sandboxAcquirerOf } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { paymentActions, PIKE } from '../../test/test-payments'
import {
  addManager,
  openBonusGrill,
  openTableSession,
  signInAsManager,
} from '../../test/test-restaurants'
import {
  bonusCardOf,
  dinerWithBonusCard,
  signIn as signInByCode,
  startClientApp,
  type ClientTestApp,
} from '../client/test-client-app'

// Issue 16, decision 0060: points spent with the order that takes them, earned on the money
// paid, released when the order is completed and paid, given back or voided by a cancel.
// `grill` pays 10 % back, takes up to 50 % of an order in points and welcomes with 100.
describe.each(testDatabaseKinds)('Bonus points on orders and payments on $name', (kind) => {
  let t: ClientTestApp
  let waiter: string
  beforeAll(async () => {
    t = await startClientApp(kind)
    waiter = await openBonusGrill(t)
  })
  afterAll(async () => {
    await t.close()
  })

  let phones = 0
  /** A diner signed in by a code from the SMS sandbox: their profile token. */
  const signIn = async (): Promise<string> => {
    phones += 1
    return (
      await signInByCode(t, `+7916444${String(phones).padStart(4, '0')}`, {
        restaurantId: 'grill',
      })
    ).token
  }
  const as = (token: string | undefined) => (token ? { [PROFILE_TOKEN_HEADER]: token } : {})
  /** A signed-in diner with a card at the grill: 100 welcome points. */
  const dinerWithCard = async () => {
    phones += 1
    return dinerWithBonusCard(t, `+7916444${String(phones).padStart(4, '0')}`, 'grill')
  }
  const cardOf = (token: string) => bonusCardOf(t, token, 'grill')
  const ledgerOf = async (token: string) => (await cardOf(token)).entries
  /** A pickup of `quantity` pike perch (900 ₽ each in the test menu), paid as `paymentMethod`. */
  const pickup = (
    token: string | undefined,
    options: {
      points?: number
      quantity?: number
      paymentMethod?: 'cash' | 'card'
      key?: string
      type?: 'pickup' | 'delivery'
    } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/restaurants/grill/orders',
      headers: { 'idempotency-key': options.key ?? randomUUID(), ...as(token) },
      payload: {
        type: options.type ?? 'pickup',
        lines: [{ ...PIKE, quantity: options.quantity ?? 1 }],
        paymentMethod: options.paymentMethod ?? 'cash',
        contact: { name: 'Вера', phone: '+79161234567' },
        ...(options.type === 'delivery' ? { address: { street: 'Тверская', house: '1' } } : {}),
        ...(options.points === undefined ? {} : { bonusPoints: options.points }),
      },
    })
  const placed = (response: { statusCode: number; body: string; json: () => unknown }) => {
    expect(response.statusCode, response.body).toBe(201)
    return order.parse(response.json())
  }
  const codeOf = (response: { json: () => unknown }) => errorBody.parse(response.json()).error.code
  const byWaiter = (url: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, headers: { 'x-garcon-token': waiter }, payload })
  const advance = async (placedOrder: Order, steps: readonly string[]) => {
    for (const status of steps) {
      const moved = await byWaiter(`/api/v1/garcon/orders/${placedOrder.id}/status`, { status })
      expect(moved.statusCode, moved.body).toBe(200)
    }
  }
  const payByCard = async (started: Payment) => {
    const paid = await paymentActions(() => t.app, 'grill').payCard(
      started,
      SANDBOX_TEST_CARDS.succeeds,
    )
    expect(paid.statusCode, paid.body).toBe(200)
    await sandboxAcquirerOf(t.app).kick()
    const after = await paymentActions(() => t.app, 'grill').getPayment(started.id)
    expect(after.status).toBe('succeeded')
  }
  let manager: string | undefined
  /** A refund or comp by the grill's manager (decision 0119). */
  const refund = async (orderId: string, payload: object) => {
    if (manager === undefined) {
      await addManager(t, 'grill', 'grill-boss', 'grill-password-1')
      manager = (await signInAsManager(t.app, 'grill', 'grill-boss', 'grill-password-1')).token
    }
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${orderId}/refunds`,
      headers: { 'x-manager-token': manager },
      payload,
    })
  }
  const PICKUP_TO_COMPLETED = ['accepted', 'cooking', 'ready', 'completed'] as const
  const counts = async () =>
    (
      await sql<{ orders: number; payments: number; entries: number }>`
        select (select count(*) from orders)::int as orders,
               (select count(*) from payments)::int as payments,
               (select count(*) from bonus_entries)::int as entries
      `.execute(t.database.db)
    ).rows[0]
  const orders = () =>
    t.database.db
      .selectFrom('orders')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()

  it('spends points with the order that takes them: off its total, from the balance, once', async () => {
    const token = await dinerWithCard()
    const price = placed(await pickup(undefined)).totals.total
    const key = randomUUID()
    const first = placed(await pickup(token, { points: 60, key }))
    expect(first.bonusPoints).toBe(60)
    expect(first.totals).toMatchObject({ discount: 6000, total: price - 6000 })
    expect(await cardOf(token)).toMatchObject({ balance: 40 })
    // The same order sent again is the order placed then: nothing is spent twice.
    const again = await pickup(token, { points: 60, key })
    expect(again.statusCode).toBe(201)
    expect(order.parse(again.json()).id).toBe(first.id)
    expect(await cardOf(token)).toMatchObject({ balance: 40 })
    const spends = (await ledgerOf(token)).filter((entry) => entry.kind === 'spend')
    expect(spends).toEqual([expect.objectContaining({ points: -60, orderNumber: first.number })])
  })

  it('refuses points it cannot take, and then writes nothing', async () => {
    const token = await dinerWithCard()
    const before = await orders()
    // 50 % of one pike perch (900 ₽) is 450 points: more than the balance of 100, so the balance.
    const beyond = await pickup(token, { points: 101 })
    expect(beyond.statusCode).toBe(409)
    expect(codeOf(beyond)).toBe('bonus_insufficient')
    // With points enough, the programme's share is the cap: 50 % of 890 ₽ is 445 points.
    const number = (await cardOf(token)).number
    await sql`
      insert into bonus_entries (card_id, kind, points, status, remaining, expires_at, note, created_at)
      select id, 'adjust', 1000, 'available', 1000, now() + interval '1 day', 'a test credit',
        now()
      from bonus_cards where number = ${number} and restaurant_id = 'grill'
    `.execute(t.database.db)
    expect(await cardOf(token)).toMatchObject({ balance: 1100 })
    const overCap = await pickup(token, { points: 446 })
    expect(overCap.statusCode, overCap.body).toBe(409)
    expect(codeOf(overCap)).toBe('bonus_over_cap')
    expect(errorBody.parse(overCap.json()).error.message).toMatch(/50 %/)
    // Anonymous, or signed in without a card here: told what to do.
    const anonymous = await pickup(undefined, { points: 10 })
    expect(anonymous.statusCode).toBe(401)
    const cardless = await pickup(await signIn(), { points: 10 })
    expect(cardless.statusCode).toBe(409)
    expect(codeOf(cardless)).toBe('bonus_no_card')
    const negative = await pickup(token, { points: -5 })
    expect(negative.statusCode).toBe(400)
    expect(await orders()).toEqual(before)
    expect(await cardOf(token)).toMatchObject({ balance: 1100, pending: 0 })
  })

  it('lets two phones spending at once never take the balance below zero', async () => {
    const token = await dinerWithCard()
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => pickup(token, { points: 40 })),
    )
    const statuses = answers.map((answer) => answer.statusCode).sort()
    // 100 points pay two orders of 40; the others are told the balance is short.
    expect(statuses).toEqual([201, 201, 409, 409])
    for (const answer of answers.filter((one) => one.statusCode === 409)) {
      expect(codeOf(answer)).toBe('bonus_insufficient')
    }
    expect(await cardOf(token)).toMatchObject({ balance: 20 })
  })

  it('earns on cash actually paid, pending until the order is completed and paid', async () => {
    const token = await dinerWithCard()
    // Two pike perch, 1800 ₽, 100 of it in points: 1700 ₽ in cash earns 170 points.
    const spent = placed(await pickup(token, { points: 100, quantity: 2 }))
    expect(spent.totals.total).toBe(spent.totals.subtotal - 10_000)
    const cash = await byWaiter(`/api/v1/garcon/orders/${spent.id}/cash-paid`)
    expect(cash.statusCode, cash.body).toBe(200)
    const earned = Math.floor(spent.totals.total / 1000)
    expect(await cardOf(token)).toMatchObject({ balance: 0, pending: earned })
    await advance(spent, PICKUP_TO_COMPLETED)
    expect(await cardOf(token)).toMatchObject({ balance: earned, pending: 0 })
    // Paid twice by a retried tap: earned once.
    expect((await byWaiter(`/api/v1/garcon/orders/${spent.id}/cash-paid`)).statusCode).toBe(200)
    expect(await cardOf(token)).toMatchObject({ balance: earned, pending: 0 })
  })

  it('earns nothing on the delivery fee, and an order completed before it is paid earns when paid', async () => {
    const token = await dinerWithCard()
    const delivery = placed(await pickup(token, { type: 'delivery' }))
    await advance(delivery, ['accepted', 'cooking', 'ready', 'out_for_delivery', 'completed'])
    expect(await cardOf(token)).toMatchObject({ balance: 100, pending: 0 })
    await byWaiter(`/api/v1/garcon/orders/${delivery.id}/cash-paid`)
    const food = delivery.totals.total - delivery.totals.deliveryFee
    expect(await cardOf(token)).toMatchObject({
      balance: 100 + Math.floor(food / 1000),
      pending: 0,
    })
  })

  it('gives back the points of a cancelled order and voids what it was to earn', async () => {
    const token = await dinerWithCard()
    const spent = placed(await pickup(token, { points: 30 }))
    await byWaiter(`/api/v1/garcon/orders/${spent.id}/cash-paid`)
    // 860 ₽ paid in cash: 86 points pending.
    expect(await cardOf(token)).toMatchObject({ balance: 70, pending: 86 })
    const cancelled = await byWaiter(`/api/v1/garcon/orders/${spent.id}/status`, {
      status: 'cancelled',
      reason: 'Кухня закрыта',
    })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect(await cardOf(token)).toMatchObject({ balance: 100, pending: 0 })
    const kinds = (await ledgerOf(token)).map((entry) => entry.kind)
    expect(kinds).toContain('reverse')
  })

  it('earns on an order paid by card, and a refund of it takes the points back', async () => {
    const token = await dinerWithCard()
    const actions = paymentActions(() => t.app, 'grill')
    const byCard = placed(await pickup(token, { paymentMethod: 'card' }))
    // Paid from another phone, anonymously: the order's own diner earns.
    const started = await actions.startOrderPayment(byCard.id)
    await payByCard(started)
    const earned = Math.floor(byCard.totals.total / 1000)
    expect(await cardOf(token)).toMatchObject({ balance: 100, pending: earned })
    // The waiter cancels the paid order: the money is refunded, the pending points voided.
    await byWaiter(`/api/v1/garcon/orders/${byCard.id}/status`, {
      status: 'cancelled',
      reason: 'Нет рыбы',
    })
    expect(await cardOf(token)).toMatchObject({ balance: 100, pending: 0 })
  })

  it('takes back the points earned on one dish of two a manager refunds (decision 0119)', async () => {
    const token = await dinerWithCard()
    const actions = paymentActions(() => t.app, 'grill')
    const byCard = placed(await pickup(token, { paymentMethod: 'card', quantity: 2 }))
    await payByCard(await actions.startOrderPayment(byCard.id))
    const earned = Math.floor(byCard.totals.total / 1000)
    expect(await cardOf(token)).toMatchObject({ balance: 100, pending: earned })
    const refunded = await refund(byCard.id, {
      kind: 'part',
      lines: [{ line: 0, quantity: 1 }],
      reason: 'Пересолено',
    })
    expect(refunded.statusCode, refunded.body).toBe(200)
    const detail = orderDetail.parse(refunded.json())
    const half = Math.ceil(earned / 2)
    expect(detail.points.takenBack).toBe(half)
    expect(await cardOf(token)).toMatchObject({ balance: 100, pending: earned - half })
  })

  it('lets each signed-in payer of a split bill earn on their own share', async () => {
    const [vera, oleg] = [await dinerWithCard(), await dinerWithCard()]
    const session = await openTableSession(t, 'grill', 'T1')
    const actions = paymentActions(() => t.app, 'grill')
    const dinner = await actions.place(session.id, 'card', [{ ...PIKE, quantity: 3 }])
    const payShare = async (token: string | undefined, parts: number) => {
      const started = await actions.startShareOfBill(session.id, parts, as(token))
      await payByCard(started)
      return started.amount
    }
    // A third each: Vera, then Oleg (a half of what is left), then an anonymous friend the rest.
    const veraPaid = await payShare(vera, 3)
    const olegPaid = await payShare(oleg, 2)
    await payShare(undefined, 1)
    expect(await cardOf(vera)).toMatchObject({ pending: Math.floor(veraPaid / 1000) })
    expect(await cardOf(oleg)).toMatchObject({ pending: Math.floor(olegPaid / 1000) })
    // Served and the table closed: the order completes, and the points become available.
    await advance(dinner, ['accepted', 'cooking', 'ready', 'served'])
    const closed = await byWaiter(`/api/v1/garcon/table-sessions/${session.id}/close`)
    expect(closed.statusCode, closed.body).toBe(200)
    expect(await cardOf(vera)).toMatchObject({
      balance: 100 + Math.floor(veraPaid / 1000),
      pending: 0,
    })
    expect(await cardOf(oleg)).toMatchObject({
      balance: 100 + Math.floor(olegPaid / 1000),
      pending: 0,
    })
  })

  /** Starts paying a share of a table's bill (a half, or the rest), with points if asked. */
  const startShare = async (
    sessionId: string,
    token: string | undefined,
    options: { parts?: number; points?: number } = {},
  ) => {
    const bill = await t.app.inject({
      method: 'GET',
      url: `/api/v1/table-sessions/${sessionId}/bill`,
    })
    const due = bill.json<{ totals: { due: number } }>().totals.due
    const parts = options.parts ?? 1
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/table-sessions/${sessionId}/payments`,
      headers: as(token),
      payload: {
        method: 'card',
        choice: parts > 1 ? { mode: 'share', parts } : { mode: 'remaining' },
        tip: 0,
        expectedAmount: equalShare(due, parts),
        ...(options.points === undefined ? {} : { bonusPoints: options.points }),
      },
    })
  }
  const dueAt = async (sessionId: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/table-sessions/${sessionId}/bill` })).json<{
      totals: { due: number }
    }>().totals.due

  it('pays part of a share of the bill in points: the card pays less, the bill counts it all', async () => {
    const vera = await dinerWithCard()
    const session = await openTableSession(t, 'grill', 'T2')
    const actions = paymentActions(() => t.app, 'grill')
    await actions.place(session.id, 'card', [{ ...PIKE, quantity: 2 }])
    const due = await dueAt(session.id)
    const half = equalShare(due, 2)
    const started = await startShare(session.id, vera, { parts: 2, points: 80 })
    expect(started.statusCode, started.body).toBe(201)
    const paying = payment.parse(started.json())
    expect(paying).toMatchObject({ amount: half - 8000, bonusPoints: 80 })
    // Spent as the payment starts: two phones cannot spend the same points on two shares.
    expect(await cardOf(vera)).toMatchObject({ balance: 20 })
    await payByCard(paying)
    expect(await dueAt(session.id)).toBe(due - half)
    // She earns on the money: 10 % of what the card paid.
    expect(await cardOf(vera)).toMatchObject({
      balance: 20,
      pending: Math.floor((half - 8000) / 1000),
    })
    // The rest, paid by someone else, without points.
    const rest = await startShare(session.id, undefined)
    expect(rest.statusCode, rest.body).toBe(201)
    await payByCard(payment.parse(rest.json()))
    expect(await dueAt(session.id)).toBe(0)
  })

  it('gives back the points of a bill payment given up, and refuses points it cannot take', async () => {
    const vera = await dinerWithCard()
    const session = await openTableSession(t, 'grill', 'T3')
    const actions = paymentActions(() => t.app, 'grill')
    await actions.place(session.id, 'card', [PIKE])
    const before = await counts()
    // 890 ₽ takes at most half in points, and the card has 100.
    const beyond = await startShare(session.id, vera, { points: 101 })
    expect(codeOf(beyond)).toBe('bonus_insufficient')
    const anonymous = await startShare(session.id, undefined, { points: 10 })
    expect(anonymous.statusCode).toBe(401)
    const cardless = await startShare(session.id, await signIn(), { points: 10 })
    expect(codeOf(cardless)).toBe('bonus_no_card')
    expect(await counts()).toEqual(before)
    expect(await cardOf(vera)).toMatchObject({ balance: 100 })

    const started = payment.parse((await startShare(session.id, vera, { points: 60 })).json())
    expect(await cardOf(vera)).toMatchObject({ balance: 40 })
    const cancelled = await actions.cancelPayment(started.id)
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect(await cardOf(vera)).toMatchObject({ balance: 100 })
    // Its money comes after all: it pays what the money does, the points stay on the card.
    const late = await actions.succeeded(started)
    expect(late.statusCode, late.body).toBe(200)
    expect(await dueAt(session.id)).toBe(6000)
    expect(await cardOf(vera)).toMatchObject({ balance: 100 })
  })

  it('gives back the bill’s points and refunds its money when the order is cancelled', async () => {
    const vera = await dinerWithCard()
    const session = await openTableSession(t, 'grill', 'T4')
    const actions = paymentActions(() => t.app, 'grill')
    const dinner = await actions.place(session.id, 'card', [PIKE])
    const paying = payment.parse((await startShare(session.id, vera, { points: 50 })).json())
    await payByCard(paying)
    expect(await cardOf(vera)).toMatchObject({
      balance: 50,
      pending: Math.floor(paying.amount / 1000),
    })
    const cancelled = await byWaiter(`/api/v1/garcon/orders/${dinner.id}/status`, {
      status: 'cancelled',
      reason: 'Нет рыбы',
    })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect(await cardOf(vera)).toMatchObject({ balance: 100, pending: 0 })
    // The money part goes back to the card it came from; the order ends refunded.
    await t.app.outbox.kick()
    expect(await actions.getPayment(paying.id)).toMatchObject({ status: 'refunded' })
    const order = await actions.getOrder(dinner.id)
    expect(order).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', paidAmount: 0 })
  })

  // Decision 0131: spent points come back with the part of the order they paid for.
  it('gives back the checkout points of one dish of two refunded and takes back what its cash earned; the cancel gives back the rest', async () => {
    const token = await dinerWithCard()
    // Two pike perch: 100 points at checkout, the rest in cash earning 10 % of it.
    const spent = placed(await pickup(token, { points: 100, quantity: 2 }))
    const cashPaid = spent.totals.total
    const earned = Math.floor(cashPaid / 1000)
    expect((await byWaiter(`/api/v1/garcon/orders/${spent.id}/cash-paid`)).statusCode).toBe(200)
    expect(await cardOf(token)).toMatchObject({ balance: 0, pending: earned })
    const one = await refund(spent.id, {
      kind: 'part',
      lines: [{ line: 0, quantity: 1 }],
      reason: 'Пересолено',
    })
    expect(one.statusCode, one.body).toBe(200)
    const detail = orderDetail.parse(one.json())
    // One dish of two is its share of the order's whole price (money and points): that share
    // of the points comes back as points, the rest of the dish's price in cash; the points the
    // cash earned go back in the share of the cash handed back.
    const dish = Math.round((spent.lines[0]?.lineTotal ?? 0) / 2)
    const points = Math.floor((100 * dish) / (cashPaid + 10_000))
    const cash = dish - points * 100
    const takenBack = Math.ceil((earned * cash) / cashPaid)
    expect(points).toBeGreaterThan(40)
    expect(detail.refunds).toHaveLength(2)
    expect(detail.refunds).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          way: 'cash',
          amount: cash,
          takenOff: cash,
          pointsTakenBack: takenBack,
        }),
        expect.objectContaining({ way: 'points', amount: 0, pointsReturned: points }),
      ]),
    )
    expect(detail.points).toEqual({ spent: 100, returned: points, takenBack })
    expect(detail.order).toMatchObject({
      paidAmount: cashPaid - cash,
      totals: { total: cashPaid - cash },
    })
    expect(await cardOf(token)).toMatchObject({ balance: points, pending: earned - takenBack })
    // The diner's card says so, on the order it came from.
    const ledger = await ledgerOf(token)
    expect(ledger.filter((entry) => entry.kind === 'reverse' && entry.points > 0)).toEqual([
      expect.objectContaining({ points, orderNumber: spent.number }),
    ])
    // The cancel gives back the rest, not all 100 again.
    const cancelled = await byWaiter(`/api/v1/garcon/orders/${spent.id}/status`, {
      status: 'cancelled',
      reason: 'Гость ушёл',
    })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect(await cardOf(token)).toMatchObject({ balance: 100, pending: 0 })
    const rows = await t.database.db
      .selectFrom('refunds')
      .select(['kind', 'way', 'pointsReturned'])
      .where('orderId', '=', spent.id)
      .where('way', '=', 'points')
      .execute()
    expect(rows).toEqual(
      expect.arrayContaining([
        { kind: 'part', way: 'points', pointsReturned: points },
        { kind: 'whole', way: 'points', pointsReturned: 100 - points },
      ]),
    )
  })

  it('never gives points back twice when part refunds race: three at once of two dishes', async () => {
    const token = await dinerWithCard()
    const spent = placed(await pickup(token, { points: 100, quantity: 2 }))
    expect((await byWaiter(`/api/v1/garcon/orders/${spent.id}/cash-paid`)).statusCode).toBe(200)
    const body = { kind: 'part', lines: [{ line: 0, quantity: 1 }], reason: 'Холодное' }
    const answers = await Promise.all([
      refund(spent.id, body),
      refund(spent.id, body),
      refund(spent.id, body),
    ])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 409])
    // Both dishes went back: all 100 points, once; all the cash, once.
    expect(await cardOf(token)).toMatchObject({ balance: 100, pending: 0 })
    const rows = await t.database.db
      .selectFrom('refunds')
      .select(['way', 'amount', 'pointsReturned'])
      .where('orderId', '=', spent.id)
      .execute()
    expect(rows.reduce((sum, row) => sum + row.pointsReturned, 0)).toBe(100)
    expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(spent.totals.total)
    // And the database itself refuses a return past the spend, whoever writes it.
    const spend = await t.database.db
      .selectFrom('bonusEntries')
      .select(['id', 'cardId'])
      .where('orderId', '=', spent.id)
      .where('kind', '=', 'spend')
      .executeTakeFirstOrThrow()
    await expect(
      t.database.db
        .insertInto('bonusEntries')
        .values({
          cardId: spend.cardId,
          kind: 'reverse',
          points: 1,
          status: 'available',
          remaining: 0,
          reversesId: spend.id,
          createdAt: new Date(),
        })
        .execute(),
    ).rejects.toThrow(/at most its points/)
  })

  it('gives back bill points as far as money paid in them goes back, and an amount its share of checkout points', async () => {
    const vera = await dinerWithCard()
    const session = await openTableSession(t, 'grill', 'T5')
    const actions = paymentActions(() => t.app, 'grill')
    const dinner = await actions.place(session.id, 'card', [PIKE])
    // 50 points and the rest by card.
    const paying = payment.parse((await startShare(session.id, vera, { points: 50 })).json())
    await payByCard(paying)
    const byCard = paying.amount
    expect(await cardOf(vera)).toMatchObject({ balance: 50, pending: Math.floor(byCard / 1000) })
    // The card's money and 20 ₽ more, which points paid: 20 points come back.
    const back = await refund(dinner.id, { kind: 'part', amount: byCard + 2000, reason: 'Скидка' })
    expect(back.statusCode, back.body).toBe(200)
    const detail = orderDetail.parse(back.json())
    expect(detail.points).toMatchObject({
      spent: 50,
      returned: 20,
      takenBack: Math.floor(byCard / 1000),
    })
    expect(await cardOf(vera)).toMatchObject({ balance: 70, pending: 0 })

    // An amount off an order paid with checkout points: its share of the order's money brings
    // the same share of the points back.
    const token = await dinerWithCard()
    const spent = placed(await pickup(token, { points: 90 }))
    expect((await byWaiter(`/api/v1/garcon/orders/${spent.id}/cash-paid`)).statusCode).toBe(200)
    const some = await refund(spent.id, { kind: 'part', amount: 30_000, reason: 'Долго' })
    expect(some.statusCode, some.body).toBe(200)
    const share = Math.floor((90 * 30_000) / spent.totals.total)
    expect(orderDetail.parse(some.json()).points).toMatchObject({ spent: 90, returned: share })
    expect(await cardOf(token)).toMatchObject({ balance: 10 + share })
  })

  it('keeps every card’s balance the sum of its ledger', async () => {
    const drift = await sql<{ id: string }>`
      select c.id from bonus_cards c
      left join bonus_entries e on e.card_id = c.id and e.status = 'available'
      group by c.id, c.balance having c.balance <> coalesce(sum(e.points), 0)
    `.execute(t.database.db)
    expect(drift.rows).toEqual([])
  })
})
