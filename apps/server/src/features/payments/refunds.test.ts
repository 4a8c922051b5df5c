import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorBody } from '@tableside/contracts/errors'
import { bill } from '@tableside/contracts/orders'
import { getKitchenBoard } from '@tableside/contracts/kitchen'
import { orderDetail } from '@tableside/contracts/refunds'
import { SANDBOX_TEST_CARDS } from '@tableside/contracts/sandbox-acquirer'
import { getGarconTips } from '@tableside/contracts/garcon-tips'
import { createTestApp, sandboxAcquirerOf, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { paymentActions } from '../../test/test-payments'
import {
  addManager,
  createOrderingRestaurant,
  openTableSession,
  signInAsKitchen,
  signInAsManager,
  signInAsWaiter,
} from '../../test/test-restaurants'

const OLIVIER_TWICE = [{ dishId: 'olivier', quantity: 2, optionIds: [] }]

// Issue 28, "Refunds and corrections" (decision 0119).
describe.each(testDatabaseKinds)('Refunds and corrections on $name', (kind) => {
  let t: TestApp
  let manager = ''
  let anna = ''
  let igor = ''
  const diner = paymentActions(() => t.app, 'demo')

  beforeAll(async () => {
    t = await createTestApp(kind)
    manager = (await signInAsManager(t.app)).token
    anna = (await signInAsWaiter(t.app, 'anna', '1111')).token
    igor = (await signInAsWaiter(t.app, 'igor', '2222')).token
  })
  afterAll(async () => {
    await t.close()
  })

  const post = (url: string, payload: InjectOptions['payload'], headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers })
  const asManager = (url: string, payload: InjectOptions['payload']) =>
    post(url, payload, { 'x-manager-token': manager })
  const asWaiter = (token: string, url: string, payload: InjectOptions['payload']) =>
    post(url, payload, { 'x-garcon-token': token })
  const detailOf = async (orderId: string, token = manager) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/orders/${orderId}`,
      headers: { 'x-manager-token': token },
    })
    expect(response.statusCode).toBe(200)
    return orderDetail.parse(response.json())
  }
  const codeOf = (response: { json: () => unknown }) => errorBody.parse(response.json()).error.code
  const refundsOf = (orderId: string) =>
    t.database.db.selectFrom('refunds').selectAll().where('orderId', '=', orderId).execute()

  /** Two olivier at `table`, paid by card on the acquirer's page (its webhook delivered). */
  async function paidByCard(table: string) {
    const session = await openTableSession(t, 'demo', table)
    const placed = await diner.place(session.id, 'card', OLIVIER_TWICE)
    const started = await diner.startOrderPayment(placed.id)
    expect((await diner.payCard(started, SANDBOX_TEST_CARDS.succeeds)).statusCode).toBe(200)
    await sandboxAcquirerOf(t.app).kick()
    const order = await diner.getOrder(placed.id)
    expect(order).toMatchObject({ paymentStatus: 'paid', paidAmount: order.totals.total })
    return { session, order, payment: started }
  }

  /** Two olivier at `table`, the bill paid by card with `tip`. */
  async function billPaidWithTip(table: string, tip: number) {
    const session = await openTableSession(t, 'demo', table)
    const placed = await diner.place(session.id, 'cash', OLIVIER_TWICE)
    const paid = await diner.startBillPayment(session.id, tip)
    expect((await diner.succeeded(paid)).statusCode).toBe(200)
    return { session, orderId: placed.id, payment: paid }
  }

  const tipsOf = async (token: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/garcon/tips?period=today',
      headers: { 'x-garcon-token': token },
    })
    expect(response.statusCode).toBe(200)
    return getGarconTips.response.parse(response.json())
  }

  it('refunds one dish of a paid order through the acquirer, with its refund id, and the diner reads why', async () => {
    const { order, payment: paid } = await paidByCard('T1')
    const one = order.lines[0]?.unitPrice ?? 0
    const refunded = await asManager(`/admin/orders/${order.id}/refunds`, {
      kind: 'part',
      lines: [{ line: 0, quantity: 1 }],
      reason: 'Салат подали тёплым',
    })
    expect(refunded.statusCode).toBe(200)
    await t.app.outbox.kick()

    const detail = await detailOf(order.id)
    expect(detail.refunds).toEqual([
      expect.objectContaining({
        kind: 'part',
        way: 'online',
        paymentId: paid.id,
        amount: one,
        takenOff: one,
        state: 'done',
        reason: 'Салат подали тёплым',
        actor: { kind: 'manager', name: 'Мария Петровна' },
        lines: [{ line: 0, quantity: 1 }],
      }),
    ])
    expect(detail.refunds[0]?.providerRefundId).toMatch(/^rfd_/)
    expect(detail.order).toMatchObject({
      paymentStatus: 'paid',
      paidAmount: order.totals.total - one,
      totals: { total: order.totals.total - one },
    })
    expect(detail.order.lines[0]).toMatchObject({ quantity: 2, refundedQuantity: 1 })
    // The acquirer gave back exactly that, once.
    const books = await t.database.db
      .selectFrom('sandboxAcquirerPayments')
      .select(['refundedAmount', 'state'])
      .where('ref', '=', diner.refOf(paid))
      .executeTakeFirstOrThrow()
    expect(books).toEqual({ refundedAmount: one, state: 'succeeded' })
    // The diner's order says what went back and why.
    const seen = await diner.getOrder(order.id)
    expect(seen.history.flatMap((step) => (step.refund ? [step.refund] : []))).toEqual([
      {
        amount: one,
        state: 'in_progress',
        kind: 'part',
        takenOff: one,
        reason: 'Салат подали тёплым',
      },
      { amount: one, state: 'done' },
    ])
    // And the audit log says who did it.
    const audit = await t.database.db
      .selectFrom('auditLog')
      .select(['action', 'entity', 'actorName'])
      .where('entityId', '=', order.id)
      .execute()
    expect(audit).toEqual([{ action: 'refund', entity: 'order', actorName: 'Мария Петровна' }])
  })

  it('never refunds more than was paid for what is refunded, and changes nothing when it refuses', async () => {
    const { order } = await paidByCard('T2')
    const tooMany = await asManager(`/admin/orders/${order.id}/refunds`, {
      kind: 'part',
      lines: [{ line: 0, quantity: 3 }],
      reason: 'Ошибка',
    })
    expect(tooMany.statusCode).toBe(409)
    expect(codeOf(tooMany)).toBe('refund_exceeds_paid')
    const tooMuch = await asManager(`/admin/orders/${order.id}/refunds`, {
      kind: 'part',
      amount: order.totals.total + 1,
      reason: 'Ошибка',
    })
    expect(codeOf(tooMuch)).toBe('refund_exceeds_paid')
    for (const body of [
      { kind: 'part', lines: [{ line: 0, quantity: 1 }], reason: '   ' },
      { kind: 'part', reason: 'Ни строк, ни суммы' },
      { kind: 'part', lines: [{ line: 0, quantity: 1 }], amount: 100, reason: 'И то и другое' },
      { kind: 'part', lines: [{ line: 7, quantity: 1 }], reason: 'Нет строки' },
      { kind: 'comp', amount: 100, reason: 'Угощение суммой' },
    ]) {
      const refused = await asManager(`/admin/orders/${order.id}/refunds`, body)
      expect(refused.statusCode, JSON.stringify(body)).toBe(400)
    }
    expect(await refundsOf(order.id)).toEqual([])
    expect(await diner.getOrder(order.id)).toMatchObject({
      paidAmount: order.totals.total,
      totals: { total: order.totals.total },
    })
  })

  it('gives back a dish refunded twice at once only once', async () => {
    const { order } = await paidByCard('T3')
    const body = { kind: 'part', lines: [{ line: 0, quantity: 2 }], reason: 'Дважды нажал' }
    const answers = await Promise.all([
      asManager(`/admin/orders/${order.id}/refunds`, body),
      asManager(`/admin/orders/${order.id}/refunds`, body),
    ])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
    await t.app.outbox.kick()
    const rows = await refundsOf(order.id)
    expect(rows.map((row) => row.amount)).toEqual([order.lines[0]?.lineTotal])
    const detail = await detailOf(order.id)
    // Every dish went back: nothing is left to pay or paid.
    expect(detail.order).toMatchObject({
      paymentStatus: 'refunded',
      paidAmount: order.totals.total - (order.lines[0]?.lineTotal ?? 0),
    })
  })

  it('refuses a refund while a payment of the order is in progress', async () => {
    const session = await openTableSession(t, 'demo', 'T4')
    const placed = await diner.place(session.id, 'card', OLIVIER_TWICE)
    await diner.startOrderPayment(placed.id)
    const refused = await asManager(`/admin/orders/${placed.id}/refunds`, {
      kind: 'comp',
      lines: [{ line: 0, quantity: 1 }],
      reason: 'Комплимент',
    })
    expect(refused.statusCode).toBe(409)
    expect(codeOf(refused)).toBe('payment_in_progress')
    expect(await refundsOf(placed.id)).toEqual([])
  })

  it('comps a dish before payment: what is due goes down and nothing is given back', async () => {
    const session = await openTableSession(t, 'demo', 'T5')
    const placed = await diner.place(session.id, 'cash', OLIVIER_TWICE)
    const one = placed.lines[0]?.unitPrice ?? 0
    const comped = await asManager(`/admin/orders/${placed.id}/refunds`, {
      kind: 'comp',
      lines: [{ line: 0, quantity: 1 }],
      reason: 'Комплимент от шефа',
    })
    expect(comped.statusCode).toBe(200)
    const detail = orderDetail.parse(comped.json())
    expect(detail.refunds).toEqual([
      expect.objectContaining({
        kind: 'comp',
        way: 'none',
        amount: 0,
        takenOff: one,
        state: 'done',
      }),
    ])
    expect(detail.order.lines[0]).toMatchObject({ compedQuantity: 1 })
    const due = bill.parse(
      (
        await t.app.inject({ method: 'GET', url: `/api/v1/table-sessions/${session.id}/bill` })
      ).json(),
    ).totals.due
    expect(due).toBe(placed.totals.total - one)
  })

  it('refunds cash as cash handed back, and a comp after payment refunds the dish', async () => {
    const session = await openTableSession(t, 'demo', 'T6')
    const placed = await diner.place(session.id, 'cash', OLIVIER_TWICE)
    expect(
      (await asWaiter(anna, `/garcon/orders/${placed.id}/cash-paid`, undefined)).statusCode,
    ).toBe(200)
    const one = placed.lines[0]?.unitPrice ?? 0
    const comped = await asManager(`/admin/orders/${placed.id}/refunds`, {
      kind: 'comp',
      lines: [{ line: 0, quantity: 1 }],
      reason: 'Долго ждали',
    })
    expect(comped.statusCode).toBe(200)
    const detail = orderDetail.parse(comped.json())
    expect(detail.refunds).toEqual([
      expect.objectContaining({ kind: 'comp', way: 'cash', amount: one, state: 'done' }),
    ])
    expect(detail.cash).toEqual({ paid: placed.totals.total, refunded: one })
    expect(detail.order).toMatchObject({
      paymentStatus: 'paid',
      paidAmount: placed.totals.total - one,
    })
  })

  it('shows the kitchen a comped dish struck out, not gone', async () => {
    const session = await openTableSession(t, 'demo', 'T8')
    const placed = await diner.place(session.id, 'cash', OLIVIER_TWICE)
    const accepted = await asWaiter(igor, `/garcon/orders/${placed.id}/status`, {
      status: 'accepted',
    })
    expect(accepted.statusCode).toBe(200)
    const comped = await asManager(`/admin/orders/${placed.id}/refunds`, {
      kind: 'comp',
      lines: [{ line: 0, quantity: 2 }],
      reason: 'Гость отказался',
    })
    expect(comped.statusCode).toBe(200)
    const { token } = await signInAsKitchen(t.app)
    const board = await t.app.inject({
      method: 'GET',
      url: '/api/v1/kitchen/tickets',
      headers: { 'x-kitchen-token': token },
    })
    expect(board.statusCode).toBe(200)
    const ticket = getKitchenBoard.response
      .parse(board.json())
      .tickets.find((one) => one.orderId === placed.id)
    expect(ticket?.items[0]).toMatchObject({ quantity: 2, cancelled: 2 })
  })

  it('keeps a cancelled order on the kitchen’s board struck through until a cook takes it off', async () => {
    const session = await openTableSession(t, 'demo', 'T9')
    const placed = await diner.place(session.id, 'cash', OLIVIER_TWICE)
    const accepted = await asWaiter(igor, `/garcon/orders/${placed.id}/status`, {
      status: 'accepted',
    })
    expect(accepted.statusCode).toBe(200)
    const cancelled = await asManager(`/admin/orders/${placed.id}/cancel`, {
      reason: 'Гость ушёл',
      refundTip: false,
    })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    const { token } = await signInAsKitchen(t.app)
    const kitchen = { 'x-kitchen-token': token }
    const ticketOf = async () => {
      const board = await t.app.inject({
        method: 'GET',
        url: '/api/v1/kitchen/tickets',
        headers: kitchen,
      })
      expect(board.statusCode).toBe(200)
      return getKitchenBoard.response
        .parse(board.json())
        .tickets.find((one) => one.orderId === placed.id)
    }
    // Still there, saying it is cancelled and until when (five minutes after the cancel).
    const ticket = await ticketOf()
    expect(ticket).toMatchObject({ status: 'cancelled' })
    const leaves = Date.parse(ticket?.leavesAt ?? '')
    expect(leaves - Date.now()).toBeGreaterThan(4 * 60_000)
    expect(leaves - Date.now()).toBeLessThanOrEqual(5 * 60_000)
    // A cook takes it off with its header: it goes, and nothing else of the order moves.
    const bumped = await t.app.inject({
      method: 'POST',
      url: `/api/v1/kitchen/orders/${placed.id}/bumps`,
      headers: kitchen,
      payload: { lines: [0] },
    })
    expect(bumped.statusCode, bumped.body).toBe(200)
    expect(bumped.json()).toMatchObject({ orderStatus: 'cancelled' })
    expect(await ticketOf()).toBeUndefined()
    expect(await diner.getOrder(placed.id)).toMatchObject({ status: 'cancelled' })

    // An order cancelled before the kitchen had it never shows there.
    const early = await diner.place(session.id, 'cash', OLIVIER_TWICE)
    expect(
      (await asManager(`/admin/orders/${early.id}/cancel`, { reason: 'Ошибка', refundTip: false }))
        .statusCode,
    ).toBe(200)
    const board = await t.app.inject({
      method: 'GET',
      url: '/api/v1/kitchen/tickets',
      headers: kitchen,
    })
    expect(
      getKitchenBoard.response.parse(board.json()).tickets.some((one) => one.orderId === early.id),
    ).toBe(false)
    // Nor can a cook bump it.
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/v1/kitchen/orders/${early.id}/bumps`,
      headers: kitchen,
      payload: { lines: [0] },
    })
    expect(codeOf(refused)).toBe('order_not_in_kitchen')
  })

  it('refunds a tip only by its own refund: it leaves the waiter’s tips, once', async () => {
    const { orderId, payment: paid } = await billPaidWithTip('T1', 6_600)
    const before = await tipsOf(anna)
    const body = { paymentId: paid.id, reason: 'Чаевые по ошибке' }
    const answers = await Promise.all([
      asManager(`/admin/orders/${orderId}/tip-refunds`, body),
      asManager(`/admin/orders/${orderId}/tip-refunds`, body),
    ])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
    await t.app.outbox.kick()
    const after = await tipsOf(anna)
    expect(after.total).toBe(before.total - 6_600)
    const rows = await refundsOf(orderId)
    expect(rows).toEqual([
      expect.objectContaining({ kind: 'tip', way: 'online', amount: 6_600, state: 'done' }),
    ])
  })

  it('cancels a paid order from the back office: the money goes back, the tip only when asked', async () => {
    const kept = await billPaidWithTip('T2', 5_000)
    const annasTips = (await tipsOf(anna)).total
    const cancelled = await asManager(`/admin/orders/${kept.orderId}/cancel`, {
      reason: 'Гость передумал',
      refundTip: false,
    })
    expect(cancelled.statusCode).toBe(200)
    await t.app.outbox.kick()
    const detail = await detailOf(kept.orderId)
    expect(detail.order).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' })
    expect(detail.refunds.map((refund) => [refund.kind, refund.way, refund.state])).toEqual([
      ['whole', 'online', 'done'],
    ])
    expect(detail.order.history.find((step) => step.status === 'cancelled')).toMatchObject({
      manager: { name: 'Мария Петровна' },
      reason: 'Гость передумал',
    })
    // The tip was not asked about: it stays the waiter's.
    expect((await tipsOf(anna)).total).toBe(annasTips)

    const asked = await billPaidWithTip('T3', 5_000)
    await asManager(`/admin/orders/${asked.orderId}/cancel`, {
      reason: 'Гость передумал',
      refundTip: true,
    })
    await t.app.outbox.kick()
    expect((await detailOf(asked.orderId)).refunds.map((refund) => refund.kind).sort()).toEqual([
      'tip',
      'whole',
    ])
    expect((await tipsOf(anna)).total).toBe(annasTips)
  })

  it('lets a waiter refund only where the restaurant allows it, at their own tables, with a reason', async () => {
    const { order } = await paidByCard('T4')
    const body = { kind: 'part', lines: [{ line: 0, quantity: 1 }], reason: 'Остыло' }
    const off = await asWaiter(anna, `/garcon/orders/${order.id}/refunds`, body)
    expect(off.statusCode).toBe(403)
    expect(codeOf(off)).toBe('refunds_not_allowed')
    const { settings } = await t.database.db
      .selectFrom('restaurants')
      .select('settings')
      .where('id', '=', 'demo')
      .executeTakeFirstOrThrow()
    await t.database.db
      .updateTable('restaurants')
      .set({ settings: JSON.stringify({ ...settings, waiterRefunds: true }) })
      .where('id', '=', 'demo')
      .execute()
    t.app.restaurants.forget('demo')
    // Igor serves T7…T12, not T4.
    const notHis = await asWaiter(igor, `/garcon/orders/${order.id}/refunds`, body)
    expect(codeOf(notHis)).toBe('not_your_table')
    const noReason = await asWaiter(anna, `/garcon/orders/${order.id}/refunds`, {
      ...body,
      reason: '',
    })
    expect(noReason.statusCode).toBe(400)
    const done = await asWaiter(anna, `/garcon/orders/${order.id}/refunds`, body)
    expect(done.statusCode).toBe(200)
    expect(orderDetail.parse(done.json()).refunds[0]?.actor).toEqual({
      kind: 'waiter',
      name: 'Анна',
    })
  })

  it('shows a manager no other restaurant’s order', async () => {
    const { order } = await paidByCard('T5')
    await createOrderingRestaurant(t, 'other', { tables: [{ code: 'O1', label: 'O1' }] })
    await addManager(t, 'other', 'boss', 'other-password-1')
    const other = (await signInAsManager(t.app, 'other', 'boss', 'other-password-1')).token
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/orders/${order.id}`,
      headers: { 'x-manager-token': other },
    })
    expect(read.statusCode).toBe(404)
    const refund = await post(
      `/admin/orders/${order.id}/refunds`,
      { kind: 'part', amount: 100, reason: 'Чужой' },
      { 'x-manager-token': other },
    )
    expect(refund.statusCode).toBe(404)
    expect(await refundsOf(order.id)).toEqual([])
  })
})
