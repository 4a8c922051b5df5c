import { randomUUID } from 'node:crypto'
import type { InjectOptions } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorBody, type ErrorCode } from '@tableside/contracts/errors'
import { listGarconAlerts } from '@tableside/contracts/garcon-alerts'
import {
  garconFloor,
  tableCashSettlement,
  type FloorTable,
} from '@tableside/contracts/garcon-floor'
import { bill, order } from '@tableside/contracts/orders'
import { SANDBOX_TEST_CARDS } from '@tableside/contracts/sandbox-acquirer'
import { tableChannel, tableSession } from '@tableside/contracts/table-sessions'
import { createTestApp, sandboxAcquirerOf, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { paymentActions } from '../../test/test-payments'
import {
  createOrderingRestaurant,
  openTableSession,
  signInAsWaiter,
} from '../../test/test-restaurants'
import { createGarconRepository } from '../garcon/garcon-repository'
import { hashSecret } from '../../lib/secret-hash'

const OLIVIER = { dishId: 'olivier', quantity: 1, optionIds: [] }
/** A demo dish with a choice the guest must make. */
const PELMENI = { dishId: 'pelmeni', quantity: 2, optionIds: ['chicken', 'in-broth'] }

// Issue 15, "My tables, live" and "Running the table" (decision 0044).
describe.each(testDatabaseKinds)("The waiter's floor on $name", (kind) => {
  let t: TestApp
  let anna = ''
  let igor = ''
  let olga = ''
  const diner = paymentActions(() => t.app, 'demo')

  beforeAll(async () => {
    t = await createTestApp(kind)
    // Open round the clock, so that a delivery or pickup for now is taken whenever this runs.
    await t.database.db
      .updateTable('restaurants')
      .set({
        openingHours: JSON.stringify(
          [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, opens: '00:00', closes: '00:00' })),
        ),
      })
      .where('id', '=', 'demo')
      .execute()
    // Another restaurant, whose waiter Olga must see and change nothing of the demo's.
    await createOrderingRestaurant(t, 'bistro', {
      tables: [
        { code: 'B1', label: 'B1' },
        { code: 'B2', label: 'B2' },
      ],
    })
    await createGarconRepository(t.database.db).addWaiter({
      restaurantId: 'bistro',
      name: 'Ольга',
      login: 'olga',
      pinHash: await hashSecret('3333'),
    })
    anna = (await signInAsWaiter(t.app, 'anna', '1111')).token
    igor = (await signInAsWaiter(t.app, 'igor', '2222')).token
    olga = (await signInAsWaiter(t.app, 'olga', '3333', 'bistro')).token
  })
  afterAll(async () => {
    await t.close()
  })

  const as = (
    token: string | null,
    method: 'GET' | 'POST',
    url: string,
    options: { payload?: object; key?: string; headers?: Record<string, string> } = {},
  ) => {
    const request: InjectOptions = {
      method,
      url: `/api/v1${url}`,
      headers: {
        ...(token ? { 'x-garcon-token': token } : {}),
        ...(options.key ? { 'idempotency-key': options.key } : {}),
        ...options.headers,
      },
    }
    if (options.payload) request.payload = options.payload
    return t.app.inject(request)
  }
  const floorOf = async (token: string) => {
    const response = await as(token, 'GET', '/garcon/floor')
    expect(response.statusCode).toBe(200)
    return garconFloor.parse(response.json())
  }
  const tableIn = (tables: FloorTable[], code: string) => {
    const table = tables.find((entry) => entry.code === code)
    if (!table) throw new Error(`No table ${code} on the floor`)
    return table
  }
  const refused = (response: { statusCode: number; json: () => unknown }, status: number) => {
    expect(response.statusCode).toBe(status)
    return errorBody.parse(response.json()).error
  }
  const expectCode = (
    response: { statusCode: number; json: () => unknown },
    status: number,
    code: ErrorCode,
  ) => expect(refused(response, status).code).toBe(code)
  const place = async (sessionId: string, paymentMethod: 'cash' | 'card' = 'cash') =>
    diner.place(sessionId, paymentMethod, [OLIVIER])
  const moveOrder = async (id: string, status: string, reason?: string) => {
    const response = await as(anna, 'POST', `/garcon/orders/${id}/status`, {
      payload: reason === undefined ? { status } : { status, reason },
    })
    expect(response.statusCode).toBe(200)
    return order.parse(response.json())
  }
  /** Row counts of what these endpoints write: a refusal leaves every one as it was. */
  const counts = async () => {
    const { rows } = await sql<Record<string, number>>`
      select (select count(*) from orders)::int as orders,
        (select count(*) from table_sessions where closed_at is null)::int as open_sessions,
        (select count(*) from table_cash_settlements)::int as settlements,
        (select count(*) from garcon_alerts)::int as alerts,
        (select count(*) from outbox)::int as outbox,
        (select count(*) from orders where payment_status = 'paid')::int as paid,
        (select string_agg(table_id::text || status::text, ',' order by id) from (
          select s.table_id, s.id, coalesce(s.closed_reason, 'open') as status
          from table_sessions s) x) as sessions
    `.execute(t.database.db)
    return rows[0]
  }
  const outboxEvents = async (channel: string, name: string) => {
    const rows = await t.database.db.selectFrom('outbox').select('payload').execute()
    return rows
      .map((row) => row.payload as { channels?: string[]; name?: string; data?: string })
      .filter((payload) => payload.name === name && payload.channels?.includes(channel))
      .map((payload) => JSON.parse(payload.data ?? 'null') as unknown)
  }

  it('shows my tables with their open sessions, orders, money and open calls, the same after a reload', async () => {
    const session = await openTableSession(t, 'demo', 'T1')
    const first = await place(session.id)
    const second = await place(session.id)
    await moveOrder(second.id, 'cancelled', 'The guest changed their mind')
    const byWaiter = await as(anna, 'POST', `/garcon/table-sessions/${session.id}/orders`, {
      key: randomUUID(),
      payload: { lines: [PELMENI] },
    })
    expect(byWaiter.statusCode).toBe(201)
    const call = await t.app.inject({
      method: 'POST',
      url: '/api/v1/restaurants/demo/waiter-calls',
      payload: { tableSessionId: session.id, reason: 'other', comment: 'Ещё хлеба' },
    })
    expect(call.statusCode).toBe(201)
    const bill = await t.app.inject({
      method: 'POST',
      url: '/api/v1/restaurants/demo/waiter-calls',
      payload: { tableSessionId: session.id, reason: 'bill' },
    })
    const billCallId = bill.json<{ id: string }>().id
    await as(igor, 'POST', `/garcon/waiter-calls/${billCallId}/acknowledge`)

    const floor = await floorOf(anna)
    expect(floor.currency).toBe('RUB')
    expect(floor.tables.map((table) => table.code)).toEqual(['T1', 'T2', 'T3', 'T4', 'T5', 'T6'])
    const t1 = tableIn(floor.tables, 'T1')
    const placedByWaiter = order.parse(byWaiter.json())
    expect(t1.session?.id).toBe(session.id)
    expect(t1.session?.orders.map((entry) => [entry.number, entry.status, entry.placedBy])).toEqual(
      [
        [first.number, 'placed', null],
        [second.number, 'cancelled', null],
        [placedByWaiter.number, 'placed', { name: 'Анна' }],
      ],
    )
    expect(t1.session?.orders[0]?.lines[0]).toMatchObject({ dishId: 'olivier', quantity: 1 })
    expect(t1.session?.orders[2]?.lines[0]?.modifiers.length).toBeGreaterThan(0)
    const total = first.totals.total + placedByWaiter.totals.total
    expect(t1.session?.totals).toEqual({ total, paid: 0, pending: 0, due: total })
    expect(t1.session?.calls.map((entry) => [entry.reason, entry.comment, entry.status])).toEqual([
      ['other', 'Ещё хлеба', 'open'],
      ['bill', null, 'acknowledged'],
    ])
    expect(t1.session?.calls[1]?.acknowledgedBy?.name).toBe('Игорь')
    expect(Date.parse(t1.session?.calls[0]?.createdAt ?? '')).toBeLessThanOrEqual(Date.now())
    expect(tableIn(floor.tables, 'T6').session).toBeNull()

    // A reload or a second device: the same, from the database.
    const again = await as(anna, 'GET', '/garcon/floor')
    expect(again.json()).toEqual(floor)
    // Igor's floor has his tables, not hers.
    expect((await floorOf(igor)).tables.map((table) => table.code)).not.toContain('T1')
  })

  it('counts what online payments in progress hold and what is paid', async () => {
    const session = await openTableSession(t, 'demo', 'T2')
    const cash = await place(session.id)
    const card = await place(session.id, 'card')
    await as(anna, 'POST', `/garcon/orders/${cash.id}/cash-paid`)
    await diner.startOrderPayment(card.id)
    const t2 = tableIn((await floorOf(anna)).tables, 'T2')
    expect(t2.session?.totals).toEqual({
      total: cash.totals.total + card.totals.total,
      paid: cash.totals.total,
      pending: card.totals.total,
      // Being paid is not paid (issue 28): the card's money is still due until it arrives.
      due: card.totals.total,
    })
  })

  it('lets only a waiter of the restaurant in: no token, a cookie or a profile token are not one, and another restaurant’s waiter changes nothing', async () => {
    const session = await openTableSession(t, 'demo', 'T3')
    const placed = await place(session.id)
    expectCode(await as(null, 'GET', '/garcon/floor'), 401, 'unauthorized')
    expectCode(
      await as(null, 'GET', '/garcon/floor', { headers: { cookie: `garcon_token=${anna}` } }),
      401,
      'unauthorized',
    )
    expectCode(
      await as(null, 'GET', '/garcon/floor', { headers: { 'x-profile-token': anna } }),
      401,
      'unauthorized',
    )
    expect((await floorOf(olga)).tables).toEqual([])

    const before = await counts()
    const writes = [
      ['/cash-paid', undefined],
      ['/close', undefined],
      ['/move', { tableCode: 'T4' }],
      ['/orders', { lines: [OLIVIER] }],
    ] as const
    for (const [path, payload] of writes) {
      const url = `/garcon/table-sessions/${session.id}${path}`
      const options = { key: randomUUID(), ...(payload ? { payload } : {}) }
      expectCode(await as(null, 'POST', url, options), 401, 'unauthorized')
      expectCode(await as(olga, 'POST', url, options), 404, 'not_found')
      expectCode(
        await as(anna, 'POST', `/garcon/table-sessions/${randomUUID()}${path}`, options),
        404,
        'not_found',
      )
    }
    expectCode(
      await as(olga, 'POST', `/garcon/orders/${placed.id}/status`, {
        payload: { status: 'cancelled', reason: 'x' },
      }),
      404,
      'not_found',
    )
    expect(await counts()).toEqual(before)
  })

  it('cancels with a reason the history shows, and refunds what was paid online (money follows the order)', async () => {
    const session = await openTableSession(t, 'demo', 'T4')
    const placed = await place(session.id, 'card')
    const started = await diner.startOrderPayment(placed.id)
    await diner.payCard(started, SANDBOX_TEST_CARDS.succeeds)
    await sandboxAcquirerOf(t.app).kick()
    expect((await diner.getOrder(placed.id)).paymentStatus).toBe('paid')

    const before = await counts()
    const noReason = await as(anna, 'POST', `/garcon/orders/${placed.id}/status`, {
      payload: { status: 'cancelled' },
    })
    expect(refused(noReason, 400).fields?.[0]?.path).toBe('body.reason')
    const blank = await as(anna, 'POST', `/garcon/orders/${placed.id}/status`, {
      payload: { status: 'cancelled', reason: '   ' },
    })
    expectCode(blank, 400, 'validation_failed')
    expect(await counts()).toEqual(before)

    const accepted = await moveOrder(placed.id, 'accepted')
    expect(accepted.history.at(-1)).toMatchObject({ status: 'accepted', waiter: { name: 'Анна' } })
    const cancelled = await moveOrder(placed.id, 'cancelled', '  Out of pike perch  ')
    expect(cancelled.status).toBe('cancelled')
    expect(cancelled.history.find((entry) => entry.status === 'cancelled')).toMatchObject({
      reason: 'Out of pike perch',
      waiter: { name: 'Анна' },
    })
    expect(cancelled.history.at(-1)?.refund?.state).toBe('in_progress')
    await t.app.outbox.kick()
    const refunded = await diner.getOrder(placed.id)
    expect(refunded).toMatchObject({ paymentStatus: 'refunded', paidAmount: 0 })
    // The diner's view of the order says the same.
    expect(refunded.history.find((entry) => entry.reason)?.reason).toBe('Out of pike perch')
  })

  it('takes cash for the whole table once per key, and refuses when nothing is due or a card payment is on its way', async () => {
    const session = await openTableSession(t, 'demo', 'T5')
    const url = `/garcon/table-sessions/${session.id}/cash-paid`
    expectCode(await as(anna, 'POST', url, { key: randomUUID() }), 409, 'nothing_due')

    const a = await place(session.id)
    const b = await place(session.id)
    const gone = await place(session.id)
    await moveOrder(gone.id, 'cancelled', 'Duplicate')
    const card = await place(session.id, 'card')
    const payment = await diner.startOrderPayment(card.id)

    const before = await counts()
    expectCode(await as(anna, 'POST', url), 400, 'validation_failed')
    expectCode(await as(anna, 'POST', url, { key: 'bad key!' }), 400, 'validation_failed')
    expectCode(await as(anna, 'POST', url, { key: randomUUID() }), 409, 'payment_in_progress')
    expect(await counts()).toEqual(before)

    await diner.cancelPayment(payment.id)
    const key = randomUUID()
    const paid = await as(anna, 'POST', url, { key })
    expect(paid.statusCode).toBe(200)
    const settlement = tableCashSettlement.parse(paid.json())
    expect(settlement).toMatchObject({
      sessionId: session.id,
      amount: a.totals.total + b.totals.total + card.totals.total,
      currency: 'RUB',
      orderNumbers: [a.number, b.number, card.number],
    })
    for (const id of [a.id, b.id, card.id]) {
      expect(await diner.getOrder(id)).toMatchObject({ paymentStatus: 'paid' })
    }
    // Nothing of it was paid by card: it was paid in cash.
    expect((await diner.getOrder(card.id)).paymentMethod).toBe('cash')
    expect((await diner.getOrder(gone.id)).paymentStatus).toBe('unpaid')

    // A retry gets the same answer; another key finds nothing due.
    const retry = await as(anna, 'POST', url, { key })
    expect(retry.statusCode).toBe(200)
    expect(retry.headers['idempotent-replayed']).toBe('true')
    expect(retry.json()).toEqual(settlement)
    const other = await openTableSession(t, 'demo', 'T8')
    await place(other.id)
    const afterPaid = await counts()
    expectCode(await as(anna, 'POST', url, { key: randomUUID() }), 409, 'nothing_due')
    expectCode(
      await as(anna, 'POST', `/garcon/table-sessions/${other.id}/cash-paid`, { key }),
      409,
      'idempotency_conflict',
    )
    expect(await counts()).toEqual(afterPaid)
    const t5 = tableIn((await floorOf(anna)).tables, 'T5')
    expect(t5.session?.totals.due).toBe(0)
    expect(
      bill.parse((await t.app.inject(`/api/v1/table-sessions/${session.id}/bill`)).json()).totals
        .due,
    ).toBe(0)
  })

  it('closes a table by hand only once its bill is settled, and the diners see the session end', async () => {
    const session = await openTableSession(t, 'demo', 'T7')
    const url = `/garcon/table-sessions/${session.id}/close`
    const placed = await place(session.id)
    const before = await counts()
    const unpaid = refused(await as(igor, 'POST', url), 409)
    expect(unpaid.code).toBe('bill_not_settled')
    expect(unpaid.message).toContain('is still due at table 7')
    await as(igor, 'POST', `/garcon/orders/${placed.id}/cash-paid`)
    const cooking = await as(igor, 'POST', url)
    expect(refused(cooking, 409)).toMatchObject({
      code: 'orders_in_progress',
      message: expect.stringContaining(`Order ${String(placed.number)}`) as string,
    })
    for (const status of ['accepted', 'cooking', 'ready', 'served']) {
      await moveOrder(placed.id, status)
    }
    const afterServed = await counts()
    expect(afterServed?.open_sessions).toBe(before?.open_sessions)

    const closed = await as(igor, 'POST', url)
    expect(closed.statusCode).toBe(200)
    const completed = await diner.getOrder(placed.id)
    expect(completed.status).toBe('completed')
    expect(completed.history.at(-1)).toMatchObject({
      status: 'completed',
      waiter: { name: 'Игорь' },
    })
    const now = tableSession.parse(
      (await t.app.inject(`/api/v1/table-sessions/${session.id}`)).json(),
    )
    expect(now).toMatchObject({ status: 'closed', closedReason: 'settled' })
    expect(await outboxEvents(tableChannel(session.id), 'table-session.closed')).toEqual([
      { sessionId: session.id, reason: 'settled' },
    ])
    // Closing again answers the same; the table is free on the floor.
    expect((await as(igor, 'POST', url)).json()).toEqual(closed.json())
    expect(tableIn((await floorOf(igor)).tables, 'T7').session).toBeNull()

    // A table where nobody ordered closes at once.
    const empty = await openTableSession(t, 'demo', 'T12')
    expect((await as(igor, 'POST', `/garcon/table-sessions/${empty.id}/close`)).statusCode).toBe(
      200,
    )
  })

  it('moves the guests with their orders and bill to a free table, alerting both tables’ waiters and telling the diners', async () => {
    const session = await openTableSession(t, 'demo', 'T9')
    const placed = await place(session.id)
    const url = `/garcon/table-sessions/${session.id}/move`
    await t.database.db
      .updateTable('restaurantTables')
      .set({ enabled: false })
      .where('restaurantId', '=', 'demo')
      .where('code', '=', 'T12')
      .execute()
    const busy = await openTableSession(t, 'demo', 'T10')

    const before = await counts()
    expectCode(
      await as(igor, 'POST', url, { payload: { tableCode: 'T10' } }),
      409,
      'table_occupied',
    )
    expectCode(
      await as(igor, 'POST', url, { payload: { tableCode: 'T12' } }),
      409,
      'table_disabled',
    )
    const foreign = refused(await as(igor, 'POST', url, { payload: { tableCode: 'B1' } }), 400)
    expect(foreign).toMatchObject({
      code: 'validation_failed',
      fields: [{ path: 'body.tableCode' }],
    })
    expectCode(
      await as(igor, 'POST', url, { payload: { tableCode: 'T 1' } }),
      400,
      'validation_failed',
    )
    expectCode(await as(igor, 'POST', url, { payload: {} }), 400, 'validation_failed')
    expect(await counts()).toEqual(before)

    // From Igor's T9 to Anna's T2... which is taken: to her T6 then, written in lower case.
    const moved = await as(igor, 'POST', url, { payload: { tableCode: 't6' } })
    expect(moved.statusCode).toBe(200)
    expect(moved.json()).toMatchObject({ sessionId: session.id, table: { code: 'T6', label: '6' } })
    const theBill = bill.parse(
      (await t.app.inject(`/api/v1/table-sessions/${session.id}/bill`)).json(),
    )
    expect(theBill.table.code).toBe('T6')
    expect(theBill.orders.map((entry) => entry.number)).toEqual([placed.number])
    expect((await diner.getOrder(placed.id)).table?.code).toBe('T6')
    expect(tableIn((await floorOf(anna)).tables, 'T6').session?.id).toBe(session.id)
    expect(tableIn((await floorOf(igor)).tables, 'T9').session).toBeNull()
    // T9 is free again: new guests start a session of their own.
    expect((await openTableSession(t, 'demo', 'T9')).id).not.toBe(session.id)

    for (const token of [anna, igor]) {
      const alerts = listGarconAlerts.response.parse(
        (await as(token, 'GET', '/garcon/alerts')).json(),
      ).alerts
      expect(alerts.find((alert) => alert.kind === 'table_moved')).toMatchObject({
        table: { code: 'T6', label: '6' },
        detail: { movedFrom: { code: 'T9', label: '9' } },
      })
    }
    // Their locked phones say where the guests went, in the restaurant's language.
    const pushes = await t.database.db
      .selectFrom('outbox')
      .select('payload')
      .where('kind', '=', 'garcon-push')
      .execute()
    const moves = pushes
      .map((row) => row.payload as { alert: { title: string; body: string } })
      .filter((payload) => payload.alert.title === 'Гости пересели')
    expect(moves.map((payload) => payload.alert.body)).toEqual(['Стол 9 → 6', 'Стол 9 → 6'])
    expect(await outboxEvents(tableChannel(session.id), 'table-session.moved')).toEqual([
      {
        sessionId: session.id,
        table: { code: 'T6', label: '6', zone: expect.anything() as unknown },
      },
    ])
    // Moving to where they are changes nothing; a closed session does not move.
    expect((await as(anna, 'POST', url, { payload: { tableCode: 'T6' } })).statusCode).toBe(200)
    await as(anna, 'POST', `/garcon/table-sessions/${busy.id}/close`)
    expectCode(
      await as(anna, 'POST', `/garcon/table-sessions/${busy.id}/move`, {
        payload: { tableCode: 'T11' },
      }),
      410,
      'session_expired',
    )
  })

  it('places an order for guests without phones, once per key, checked like a diner’s and naming the waiter', async () => {
    const session = await openTableSession(t, 'demo', 'T11')
    const url = `/garcon/table-sessions/${session.id}/orders`
    const before = await counts()
    expectCode(
      await as(igor, 'POST', url, { payload: { lines: [OLIVIER] } }),
      400,
      'validation_failed',
    )
    const badOptions = refused(
      await as(igor, 'POST', url, {
        key: randomUUID(),
        payload: { lines: [{ dishId: 'pelmeni', quantity: 1, optionIds: ['chicken'] }] },
      }),
      400,
    )
    expect(badOptions).toMatchObject({
      code: 'validation_failed',
      fields: [{ path: 'body.lines.0' }],
    })
    expectCode(
      await as(igor, 'POST', url, {
        key: randomUUID(),
        payload: { lines: [{ dishId: 'no-such-dish', quantity: 1, optionIds: [] }] },
      }),
      409,
      'dish_unavailable',
    )
    expectCode(
      await as(igor, 'POST', url, { key: randomUUID(), payload: { lines: [] } }),
      400,
      'validation_failed',
    )
    expect(await counts()).toEqual(before)

    const key = randomUUID()
    const payload = { lines: [OLIVIER, PELMENI], comment: 'Без лука' }
    const placed = await as(igor, 'POST', url, { key, payload })
    expect(placed.statusCode, placed.body).toBe(201)
    const made = order.parse(placed.json())
    expect(made).toMatchObject({
      type: 'dine_in',
      paymentMethod: 'cash',
      table: { code: 'T11' },
      comment: 'Без лука',
      history: [{ status: 'placed', waiter: { name: 'Игорь' } }],
    })
    const retry = await as(igor, 'POST', url, { key, payload })
    expect(retry.headers['idempotent-replayed']).toBe('true')
    expect(order.parse(retry.json()).id).toBe(made.id)
    expectCode(
      await as(igor, 'POST', url, { key, payload: { lines: [OLIVIER, OLIVIER] } }),
      409,
      'idempotency_conflict',
    )
    const row = await t.database.db
      .selectFrom('orders')
      .select('placedByWaiterId')
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow()
    expect(row.placedByWaiterId).not.toBeNull()

    // Settled and closed, the table takes no more orders.
    await as(igor, 'POST', `/garcon/table-sessions/${session.id}/cash-paid`, { key: randomUUID() })
    await as(anna, 'POST', `/garcon/orders/${made.id}/status`, {
      payload: { status: 'cancelled', reason: 'Guests left' },
    })
    await as(igor, 'POST', `/garcon/table-sessions/${session.id}/close`)
    expectCode(await as(igor, 'POST', url, { key: randomUUID(), payload }), 410, 'session_expired')
  })

  it('lists the restaurant’s open deliveries and pickups to every waiter, the soonest first, and runs one to the door', async () => {
    const pickup = {
      type: 'pickup',
      lines: [OLIVIER],
      paymentMethod: 'cash',
      contact: { name: 'Вера', phone: '+79161234567' },
    }
    const delivery = {
      type: 'delivery',
      lines: [PELMENI, PELMENI, PELMENI, PELMENI, PELMENI],
      paymentMethod: 'cash',
      contact: { name: 'Пётр', phone: '+79031234567' },
      address: { street: 'Покровка', house: '17', apartment: '5' },
      comment: 'Домофон не работает',
    }
    const post = async (payload: object) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/restaurants/demo/orders',
        headers: { 'idempotency-key': randomUUID() },
        payload,
      })
      expect(response.statusCode, response.body).toBe(201)
      return order.parse(response.json())
    }
    const first = await post(pickup)
    const second = await post(delivery)

    for (const token of [anna, igor]) {
      const listed = (await floorOf(token)).tableless.filter((o) =>
        [first.id, second.id].includes(o.id),
      )
      expect(listed).toMatchObject([
        {
          id: first.id,
          number: first.number,
          type: 'pickup',
          status: 'placed',
          contact: { name: 'Вера', phone: '+79161234567' },
          address: null,
          scheduledFor: null,
          total: first.totals.total,
          paymentStatus: 'unpaid',
        },
        {
          id: second.id,
          type: 'delivery',
          address: { street: 'Покровка', house: '17', apartment: '5' },
          comment: 'Домофон не работает',
        },
      ])
    }
    // Another restaurant's waiter sees none of them.
    expect((await floorOf(olga)).tableless).toEqual([])
    // Every waiter heard of both, by type, with no table.
    const alerts = await as(igor, 'GET', '/garcon/alerts')
    const heard = listGarconAlerts.response
      .parse(alerts.json())
      .alerts.filter((a) => a.orderNumber === first.number || a.orderNumber === second.number)
    expect(heard.map((a) => [a.kind, a.table, a.detail.orderType]).reverse()).toEqual([
      ['order_placed', null, 'pickup'],
      ['order_placed', null, 'delivery'],
    ])

    // A delivery goes out for delivery after ready, and not before; cash at the door settles it.
    for (const status of ['accepted', 'cooking', 'ready']) await moveOrder(second.id, status)
    expectCode(
      await as(anna, 'POST', `/garcon/orders/${second.id}/status`, {
        payload: { status: 'served' },
      }),
      409,
      'illegal_status_change',
    )
    await moveOrder(second.id, 'out_for_delivery')
    expect((await as(anna, 'POST', `/garcon/orders/${second.id}/cash-paid`)).statusCode).toBe(200)
    const done = await moveOrder(second.id, 'completed')
    expect(done.paymentStatus).toBe('paid')
    // Finished or cancelled, an order leaves the list.
    await moveOrder(first.id, 'cancelled', 'Гость не пришёл')
    const after = (await floorOf(anna)).tableless.map((o) => o.id)
    expect(after).not.toContain(first.id)
    expect(after).not.toContain(second.id)
  })
})
