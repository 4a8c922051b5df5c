import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dayReport } from '@tableside/contracts/admin-reports'
import { PROFILE_TOKEN_HEADER } from '@tableside/contracts/client'
import { lookupOrders, order, type Order } from '@tableside/contracts/orders'
import type { Payment } from '@tableside/contracts/payments'
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
  startClientApp,
  type ClientTestApp,
} from '../client/test-client-app'

// Issue 28, decision 0140: a refund the acquirer refuses gives back to the order what it took
// off (0139), the points it moved included, and a refused refund of a dish paid by several
// diners' shares gives the dish back too. A retry that then succeeds moves them again, once.
// `grill` pays 10 % back, takes up to 50 % of an order in points and welcomes with 100.
describe.each(testDatabaseKinds)('A refused refund and its points on $name', (kind) => {
  let t: ClientTestApp
  let waiter = ''
  let manager = ''
  beforeAll(async () => {
    t = await startClientApp(kind)
    waiter = await openBonusGrill(t)
    await addManager(t, 'grill', 'grill-boss', 'grill-password-1')
    manager = (await signInAsManager(t.app, 'grill', 'grill-boss', 'grill-password-1')).token
  })
  afterAll(async () => {
    await t.close()
  })

  const actions = paymentActions(() => t.app, 'grill')
  const as = (token: string | undefined) => (token ? { [PROFILE_TOKEN_HEADER]: token } : {})
  let phones = 0
  /** A signed-in diner with a card at the grill: 100 welcome points. */
  const dinerWithCard = async () => {
    phones += 1
    return dinerWithBonusCard(t, `+7916555${String(phones).padStart(4, '0')}`, 'grill')
  }
  const cardOf = (token: string) => bonusCardOf(t, token, 'grill')
  const payByCard = async (started: Payment) => {
    const paid = await actions.payCard(started, SANDBOX_TEST_CARDS.succeeds)
    expect(paid.statusCode, paid.body).toBe(200)
    await sandboxAcquirerOf(t.app).kick()
    expect((await actions.getPayment(started.id)).status).toBe('succeeded')
  }
  const asManager = (url: string, payload: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders${url}`,
      headers: { 'x-manager-token': manager },
      payload,
    })
  const detailOf = async (orderId: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/orders/${orderId}`,
      headers: { 'x-manager-token': manager },
    })
    expect(response.statusCode, response.body).toBe(200)
    return orderDetail.parse(response.json())
  }
  /** The sandbox has nothing left to give back of the payments (it refuses), or all of them. */
  const acquirerRefuses = async (payments: readonly Payment[], refuses: boolean) => {
    await t.database.db
      .updateTable('sandboxAcquirerPayments')
      .set((eb) => ({ refundedAmount: refuses ? eb.ref('amount') : 0 }))
      .where(
        'ref',
        'in',
        payments.map((one) => actions.refOf(one)),
      )
      .execute()
  }
  const refundOneDish = async (orderId: string) => {
    const response = await asManager(`/${orderId}/refunds`, {
      kind: 'part',
      lines: [{ line: 0, quantity: 1 }],
      reason: 'Пересолено',
    })
    expect(response.statusCode, response.body).toBe(200)
    await t.app.outbox.kick()
    return detailOf(orderId)
  }
  const retry = async (orderId: string, refundId: string) => {
    const response = await asManager(`/${orderId}/refunds/${refundId}/retry`)
    expect(response.statusCode, response.body).toBe(200)
    await t.app.outbox.kick()
    return detailOf(orderId)
  }
  /** The day report's points over the days around now: the grill's refunds are all today. */
  const reportPoints = async () => {
    const day = (offset: number) =>
      new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/reports/day?from=${day(-1)}&to=${day(1)}`,
      headers: { 'x-manager-token': manager },
    })
    expect(response.statusCode, response.body).toBe(200)
    const { refunds } = dayReport.parse(response.json())
    return { returned: refunds.pointsReturned, takenBack: refunds.pointsTakenBack }
  }
  const byWaiter = (url: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, headers: { 'x-garcon-token': waiter }, payload })
  const advance = async (placed: Order, steps: readonly string[]) => {
    for (const status of steps) {
      const moved = await byWaiter(`/api/v1/garcon/orders/${placed.id}/status`, { status })
      expect(moved.statusCode, moved.body).toBe(200)
    }
  }
  /** Every card's balance is the sum of its available entries (the ledger's own rule). */
  const ledgerHolds = async (token: string) => {
    const card = await cardOf(token)
    const sum = (status: string) =>
      card.entries
        .filter((entry) => entry.status === status)
        .reduce((total, entry) => total + entry.points, 0)
    expect(sum('available')).toBe(card.balance)
    expect(sum('pending')).toBe(card.pending)
  }

  it('gives back the points a refused refund moved, with its dish, and a retry moves them once more', async () => {
    const token = await dinerWithCard()
    // Two pike perch: 100 points at checkout, the rest by card, earning 10 % of it.
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/restaurants/grill/orders',
      headers: { 'idempotency-key': randomUUID(), ...as(token) },
      payload: {
        type: 'pickup',
        lines: [{ ...PIKE, quantity: 2 }],
        paymentMethod: 'card',
        contact: { name: 'Вера', phone: '+79161234567' },
        bonusPoints: 100,
      },
    })
    expect(response.statusCode, response.body).toBe(201)
    const placed = order.parse(response.json())
    const started = await actions.startOrderPayment(placed.id)
    await payByCard(started)
    // Completed: what it earned is available, the refund takes it back from the balance.
    await advance(placed, ['accepted', 'cooking', 'ready', 'completed'])
    const earned = Math.floor(placed.totals.total / 1000)
    expect(await cardOf(token)).toMatchObject({ balance: earned, pending: 0 })
    const before = await reportPoints()

    await acquirerRefuses([started], true)
    const asked = await asManager(`/${placed.id}/refunds`, {
      kind: 'part',
      lines: [{ line: 0, quantity: 1 }],
      reason: 'Пересолено',
    })
    expect(asked.statusCode, asked.body).toBe(200)
    const moved = orderDetail.parse(asked.json())
    const returned = moved.points.returned
    const takenBack = moved.points.takenBack
    expect(returned).toBeGreaterThan(0)
    expect(takenBack).toBeGreaterThan(0)
    // (The refusal may be in already: the refund's own delivery starts at once.)
    expect(moved.refunds.map((row) => row.way).sort()).toEqual(['online', 'points'])

    // The acquirer refuses: the dish, its money and every point it moved are as before.
    await t.app.outbox.kick()
    let detail = await detailOf(placed.id)
    expect(detail.refunds.map((row) => [row.way, row.state]).sort()).toEqual([
      ['online', 'failed'],
      ['points', 'failed'],
    ])
    expect(detail.points).toEqual({ spent: 100, returned: 0, takenBack: 0 })
    expect(detail.order).toMatchObject({ paidAmount: placed.totals.total, totals: placed.totals })
    expect(detail.order.lines[0]?.refundedQuantity ?? 0).toBe(0)
    expect(await cardOf(token)).toMatchObject({ balance: earned, pending: 0 })
    expect(await reportPoints()).toEqual(before)
    await ledgerHolds(token)

    // Asked again and given back: the points move again, once.
    await acquirerRefuses([started], false)
    const failed = detail.refunds.find((row) => row.way === 'online')
    detail = await retry(placed.id, failed?.id ?? '')
    expect(detail.refunds.map((row) => [row.way, row.state]).sort()).toEqual([
      ['online', 'done'],
      ['points', 'done'],
    ])
    expect(detail.points).toEqual({ spent: 100, returned, takenBack })
    expect(detail.order.lines[0]?.refundedQuantity).toBe(1)
    expect(await cardOf(token)).toMatchObject({ balance: earned + returned - takenBack })
    expect(await reportPoints()).toEqual({
      returned: before.returned + returned,
      takenBack: before.takenBack + takenBack,
    })
    await ledgerHolds(token)
    // The diner's list of their orders names how it was paid, as the order does.
    const lookup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/restaurants/grill/orders/lookup',
      payload: { ids: [placed.id] },
    })
    const [summary] = lookupOrders.response.parse(lookup.json()).orders
    expect(summary).toMatchObject({ paymentStatus: 'paid', paymentMethod: 'card' })
    expect(summary?.paidWith).toEqual(detail.order.paidWith)
    expect(summary?.paidWith).toEqual(expect.arrayContaining(['card', 'points']))
    // Delivered again, nothing moves twice.
    await t.app.outbox.kick()
    expect(await cardOf(token)).toMatchObject({ balance: earned + returned - takenBack })
  })

  it('gives back the dish of a split bill when the acquirer refuses every share’s refund of it', async () => {
    const [vera, oleg] = [await dinerWithCard(), await dinerWithCard()]
    const session = await openTableSession(t, 'grill', 'T1')
    const dinner = await actions.place(session.id, 'card', [{ ...PIKE, quantity: 2 }])
    const payShare = async (token: string | undefined, parts: number) => {
      const share = await actions.startShareOfBill(session.id, parts, as(token))
      await payByCard(share)
      return share
    }
    // A third each: Vera, Oleg, then an anonymous friend. One dish is more than a third: its
    // refund takes the friend's share and half of Oleg's.
    const shares = [await payShare(vera, 3), await payShare(oleg, 2), await payShare(undefined, 1)]
    const olegEarned = Math.floor((shares[1]?.amount ?? 0) / 1000)
    expect(await cardOf(oleg)).toMatchObject({ pending: olegEarned })
    const dish = dinner.lines[0]?.unitPrice ?? 0
    expect(dish).toBeGreaterThan(shares[2]?.amount ?? 0)

    await acquirerRefuses(shares, true)
    let detail = await refundOneDish(dinner.id)
    const online = detail.refunds.filter((row) => row.way === 'online')
    expect(online.map((row) => row.state)).toEqual(['failed', 'failed'])
    expect(online.map((row) => row.paymentId).sort()).toEqual([shares[2]?.id, shares[1]?.id].sort())
    expect(online.reduce((sum, row) => sum + row.amount, 0)).toBe(dish)
    // Both refused: the dish is back on the bill, paid as it was, and Oleg's points with it.
    expect(detail.order).toMatchObject({ paidAmount: dinner.totals.total, totals: dinner.totals })
    expect(detail.order.lines[0]?.refundedQuantity ?? 0).toBe(0)
    expect(await cardOf(oleg)).toMatchObject({ pending: olegEarned })
    expect(await cardOf(vera)).toMatchObject({
      pending: Math.floor((shares[0]?.amount ?? 0) / 1000),
    })

    // Oleg's share asked again first: the dish comes off again, and only his money with it.
    await acquirerRefuses(shares, false)
    const olegs = online.find((row) => row.paymentId === shares[1]?.id)
    const friends = online.find((row) => row.paymentId === shares[2]?.id)
    detail = await retry(dinner.id, olegs?.id ?? '')
    expect(detail.order.lines[0]?.refundedQuantity).toBe(1)
    expect(detail.order.paidAmount).toBe(dinner.totals.total - (olegs?.amount ?? 0))
    expect(detail.order.totals.total).toBe(dinner.totals.total - (olegs?.amount ?? 0))
    const olegTakenBack = detail.refunds.find((row) => row.id === olegs?.id)?.pointsTakenBack ?? 0
    expect(olegTakenBack).toBeGreaterThan(0)
    expect(await cardOf(oleg)).toMatchObject({ pending: olegEarned - olegTakenBack })
    // Then the friend's: all of the dish given back, once.
    detail = await retry(dinner.id, friends?.id ?? '')
    expect(detail.refunds.filter((row) => row.way === 'online').map((row) => row.state)).toEqual([
      'done',
      'done',
    ])
    expect(detail.order).toMatchObject({
      paidAmount: dinner.totals.total - dish,
      totals: { total: dinner.totals.total - dish },
    })
    expect(detail.order.lines[0]?.refundedQuantity).toBe(1)
    await ledgerHolds(oleg)
  })
})
