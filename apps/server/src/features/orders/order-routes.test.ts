import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorBody } from '@tableside/contracts/errors'
import { bill, checkoutQuote, order, orderSummary, slots } from '@tableside/contracts/orders'
import { tableSession } from '@tableside/contracts/table-sessions'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { createOrderingRestaurant, openTableSession } from '../../test/test-restaurants'

const BORSCHT = { dishId: 'borscht', quantity: 2, optionIds: ['regular'] }
const PIKE = { dishId: 'pike-perch', quantity: 1, optionIds: [] }

describe.each(testDatabaseKinds)('Orders API on $name', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind)
    const tables = [
      { code: 'T1', label: '1' },
      { code: 'T2', label: '2' },
      { code: 'OFF', label: 'Off', enabled: false },
    ]
    // 10 % service at the table; every order type; open round the clock.
    await createOrderingRestaurant(t, 'bistro', { tables, settings: {} })
    await createOrderingRestaurant(t, 'other', { tables })
  })
  afterAll(async () => {
    await t.close()
  })

  const openSession = (restaurantId = 'bistro', tableCode = 'T1') =>
    openTableSession(t, restaurantId, tableCode)
  const post = (restaurantId: string, payload: unknown, key: string | null = randomUUID()) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/restaurants/${restaurantId}/orders`,
      payload: payload as Record<string, unknown>,
      headers: key === null ? {} : { 'idempotency-key': key },
    })
  /** One pike-perch to a table of `bistro`, paid in cash: the placed order. */
  const placeAtTable = async (tableSessionId: string) =>
    order.parse(
      (
        await post('bistro', {
          type: 'dine_in',
          lines: [PIKE],
          paymentMethod: 'cash',
          tableSessionId,
        })
      ).json(),
    )
  const countOrders = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  it('opens one session per table and lets the second phone join it', async () => {
    const first = await openSession('bistro', 'T2')
    const second = await openSession('bistro', 'T2')
    expect(second.id).toBe(first.id)
    expect(first.table).toEqual({ code: 'T2', label: '2', zone: null })
    expect(first.status).toBe('open')
    // Codes are read in any case, so two tables may not differ by case alone.
    await expect(
      t.database.db
        .insertInto('restaurantTables')
        .values({ restaurantId: 'bistro', code: 't2', label: 'Another 2' })
        .execute(),
    ).rejects.toThrow(/restaurant_tables_code_any_case/)
  })

  it('places a dine-in order priced by the server, with service charge, once per key', async () => {
    const session = await openSession()
    const body = {
      type: 'dine_in',
      lines: [BORSCHT, PIKE],
      paymentMethod: 'cash',
      tableSessionId: session.id,
    }
    const key = randomUUID()
    const before = await countOrders()
    const first = await post('bistro', body, key)
    expect(first.statusCode).toBe(201)
    const placed = order.parse(first.json())
    expect(placed.status).toBe('placed')
    expect(placed.table?.label).toBe('1')
    expect(placed.totals).toEqual({
      subtotal: 2 * 45000 + 89000,
      serviceCharge: 17900,
      deliveryFee: 0,
      discount: 0,
      tip: 0,
      total: 179000 + 17900,
    })
    expect(placed.lines.map((l) => [l.dishId, l.quantity, l.unitPrice])).toEqual([
      ['borscht', 2, 45000],
      ['pike-perch', 1, 89000],
    ])

    const again = await post('bistro', body, key)
    expect(again.statusCode).toBe(201)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(order.parse(again.json()).id).toBe(placed.id)

    const other = await post('bistro', { ...body, lines: [PIKE] }, key)
    expect(other.statusCode).toBe(409)
    expect(errorBody.parse(other.json()).error.code).toBe('idempotency_conflict')
    expect(await countOrders()).toBe(before + 1)
  })

  it('places one order for concurrent duplicates with one key', async () => {
    const session = await openSession()
    const body = {
      type: 'dine_in',
      lines: [PIKE],
      paymentMethod: 'cash',
      tableSessionId: session.id,
    }
    const key = randomUUID()
    const before = await countOrders()
    const responses = await Promise.all(Array.from({ length: 8 }, () => post('bistro', body, key)))
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(201))
    expect(new Set(responses.map((r) => order.parse(r.json()).id)).size).toBe(1)
    expect(await countOrders()).toBe(before + 1)
  })

  it('refuses bad input with field errors and writes nothing', async () => {
    const before = await countOrders()
    const missingKey = await post(
      'bistro',
      { type: 'pickup', lines: [PIKE], paymentMethod: 'cash' },
      null,
    )
    expect(missingKey.statusCode).toBe(400)
    expect(errorBody.parse(missingKey.json()).error.fields?.[0]?.path).toBe(
      'headers.idempotency-key',
    )

    const noContact = await post('bistro', { type: 'pickup', lines: [PIKE], paymentMethod: 'cash' })
    expect(noContact.statusCode).toBe(400)
    expect(errorBody.parse(noContact.json()).error.fields?.map((f) => f.path)).toEqual([
      'body.contact',
    ])

    const badPhone = await post('bistro', {
      type: 'delivery',
      lines: [PIKE],
      paymentMethod: 'cash',
      contact: { name: 'Ира', phone: '12345' },
    })
    expect(badPhone.statusCode).toBe(400)
    expect(errorBody.parse(badPhone.json()).error.fields?.map((f) => f.path)).toContain(
      'body.contact.phone',
    )

    const empty = await post('bistro', { type: 'pickup', lines: [], paymentMethod: 'cash' })
    expect(empty.statusCode).toBe(400)

    const card = await post('bistro', {
      type: 'pickup',
      lines: [PIKE],
      paymentMethod: 'card',
      contact: { name: 'Ира', phone: '+79161234567' },
    })
    expect(card.statusCode).toBe(400)
    expect(errorBody.parse(card.json()).error.fields?.map((f) => f.path)).toEqual([
      'body.paymentMethod',
    ])
    expect(await countOrders()).toBe(before)
  })

  it('refuses a dish that became unavailable, naming the line', async () => {
    const session = await openSession()
    const before = await countOrders()
    const response = await post('bistro', {
      type: 'dine_in',
      lines: [PIKE, { dishId: 'solyanka', quantity: 1, optionIds: [] }],
      paymentMethod: 'cash',
      tableSessionId: session.id,
    })
    expect(response.statusCode).toBe(409)
    const { error } = errorBody.parse(response.json())
    expect(error.code).toBe('dish_unavailable')
    expect(error.fields?.map((f) => f.path)).toEqual(['body.lines.1'])
    expect(await countOrders()).toBe(before)
  })

  it('refuses an order whose total changed since the diner saw it', async () => {
    const session = await openSession()
    const body = {
      type: 'dine_in',
      lines: [PIKE],
      paymentMethod: 'cash',
      tableSessionId: session.id,
    }
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/v1/restaurants/bistro/orders/quote',
      payload: { type: 'dine_in', lines: [PIKE] },
    })
    const { totals } = checkoutQuote.parse(quote.json())
    expect(totals.total).toBe(89000 + 8900)
    const stale = await post('bistro', { ...body, expectedTotal: 89000 })
    expect(stale.statusCode).toBe(409)
    expect(errorBody.parse(stale.json()).error.code).toBe('total_changed')
    const fresh = await post('bistro', { ...body, expectedTotal: totals.total })
    expect(fresh.statusCode).toBe(201)
  })

  it("keeps one restaurant's sessions and orders from another", async () => {
    const session = await openSession('bistro')
    const response = await post('other', {
      type: 'dine_in',
      lines: [PIKE],
      paymentMethod: 'cash',
      tableSessionId: session.id,
    })
    expect(response.statusCode).toBe(404)
    const placed = await placeAtTable(session.id)
    const lookup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/restaurants/other/orders/lookup',
      payload: { ids: [placed.id] },
    })
    expect(lookup.json()).toEqual({ orders: [] })
    await expect(t.app.orders.changeStatus(placed.id, 'other', 'accepted')).rejects.toMatchObject({
      status: 404,
    })
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/v1/restaurants/bistro/orders/lookup',
      payload: { ids: [placed.id, randomUUID()] },
    })
    expect(own.json<{ orders: unknown[] }>().orders.map((o) => orderSummary.parse(o).id)).toEqual([
      placed.id,
    ])
  })

  it('lets nobody without the id or the session read an order or a bill', async () => {
    expect((await t.app.inject({ url: `/api/v1/orders/${randomUUID()}` })).statusCode).toBe(404)
    expect((await t.app.inject({ url: '/api/v1/orders/42' })).statusCode).toBe(400)
    expect(
      (await t.app.inject({ url: `/api/v1/table-sessions/${randomUUID()}/bill` })).statusCode,
    ).toBe(404)
  })

  it('moves orders only along the transition table', async () => {
    const session = await openSession()
    const placed = await placeAtTable(session.id)
    await expect(t.app.orders.changeStatus(placed.id, 'bistro', 'served')).rejects.toMatchObject({
      status: 409,
      code: 'illegal_status_change',
    })
    for (const status of ['accepted', 'cooking', 'ready', 'served', 'completed'] as const) {
      expect((await t.app.orders.changeStatus(placed.id, 'bistro', status)).status).toBe(status)
    }
    await expect(t.app.orders.changeStatus(placed.id, 'bistro', 'cancelled')).rejects.toMatchObject(
      { code: 'illegal_status_change' },
    )
    const read = order.parse((await t.app.inject({ url: `/api/v1/orders/${placed.id}` })).json())
    expect(read.history.map((h) => h.status)).toEqual([
      'placed',
      'accepted',
      'cooking',
      'ready',
      'served',
      'completed',
    ])
    expect(read.cancellable).toBe(false)
  })

  it('lets the diner cancel only while the order is placed', async () => {
    const session = await openSession()
    const placeOne = () => placeAtTable(session.id)
    const first = await placeOne()
    const cancel = (id: string) =>
      t.app.inject({ method: 'POST', url: `/api/v1/orders/${id}/cancel` })
    const cancelled = await cancel(first.id)
    expect(cancelled.statusCode).toBe(200)
    expect(order.parse(cancelled.json()).status).toBe('cancelled')
    const second = await placeOne()
    await t.app.orders.changeStatus(second.id, 'bistro', 'accepted')
    const late = await cancel(second.id)
    expect(late.statusCode).toBe(409)
    expect(errorBody.parse(late.json()).error.code).toBe('order_not_cancellable')

    // The diner's cancel and a waiter's accept at the same moment: whoever is told they won
    // decides the order's status; an accepted order is never cancelled behind the waiter.
    for (let round = 0; round < 8; round++) {
      const raced = await placeOne()
      const [cancelAnswer, accepted] = await Promise.allSettled([
        cancel(raced.id),
        t.app.orders.changeStatus(raced.id, 'bistro', 'accepted'),
      ])
      const final = order.parse((await t.app.inject(`/api/v1/orders/${raced.id}`)).json())
      const cancelWon = cancelAnswer.status === 'fulfilled' && cancelAnswer.value.statusCode === 200
      expect(cancelWon).toBe(accepted.status === 'rejected')
      expect(final.status).toBe(cancelWon ? 'cancelled' : 'accepted')
    }
  })

  it('ends the table session once every order is completed and paid in cash, or cancelled', async () => {
    // A table of its own: no other test's orders on its bill.
    await t.database.db
      .insertInto('restaurantTables')
      .values({ restaurantId: 'bistro', code: 'T9', label: '9' })
      .execute()
    const session = await openSession('bistro', 'T9')
    const placeOne = () => placeAtTable(session.id)
    const [first, second, dropped] = [await placeOne(), await placeOne(), await placeOne()]
    const sessionNow = async () =>
      tableSession.parse((await t.app.inject(`/api/v1/table-sessions/${session.id}`)).json())
    const complete = async (id: string) => {
      for (const status of ['accepted', 'cooking', 'ready', 'served', 'completed'] as const) {
        await t.app.orders.changeStatus(id, 'bistro', status)
      }
    }
    const { orders } = t.app

    await expect(orders.recordCashPayment(first.id, 'other')).rejects.toMatchObject({
      status: 404,
    })
    await orders.changeStatus(dropped.id, 'bistro', 'cancelled')
    await expect(orders.recordCashPayment(dropped.id, 'bistro')).rejects.toMatchObject({
      code: 'order_cancelled',
    })
    await complete(first.id)
    expect((await orders.recordCashPayment(first.id, 'bistro')).paymentStatus).toBe('paid')
    // Paying twice is paying once.
    expect((await orders.recordCashPayment(first.id, 'bistro')).paymentStatus).toBe('paid')
    expect((await sessionNow()).status).toBe('open')
    // Paid before it is served: the table is still eating.
    await orders.recordCashPayment(second.id, 'bistro')
    expect((await sessionNow()).status).toBe('open')
    await complete(second.id)
    expect(await sessionNow()).toMatchObject({ status: 'closed', closedReason: 'settled' })

    const late = await post('bistro', {
      type: 'dine_in',
      lines: [PIKE],
      paymentMethod: 'cash',
      tableSessionId: session.id,
    })
    expect(late.statusCode).toBe(410)
  })

  it("shows every phone's orders on the table's bill, without their ids", async () => {
    const session = await openSession('other', 'T2')
    for (const lines of [[PIKE], [BORSCHT]]) {
      expect(
        (
          await post('other', {
            type: 'dine_in',
            lines,
            paymentMethod: 'cash',
            tableSessionId: session.id,
          })
        ).statusCode,
      ).toBe(201)
    }
    const response = await t.app.inject({ url: `/api/v1/table-sessions/${session.id}/bill` })
    expect(response.statusCode).toBe(200)
    const read = bill.parse(response.json())
    expect(read.orders.map((o) => o.totals.total)).toEqual([89000, 90000])
    expect(read.totals).toEqual({
      subtotal: 179000,
      serviceCharge: 0,
      total: 179000,
      paid: 0,
      pending: 0,
      due: 179000,
      free: 179000,
      tips: 0,
    })
    expect(read.splitBy).toBeNull()
    expect(JSON.stringify(response.json())).not.toMatch(/"id"/)
  })

  it('ends a session after the inactivity period and refuses orders to it', async () => {
    const session = await openSession('other', 'T1')
    await t.database.db
      .updateTable('tableSessions')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('id', '=', session.id)
      .execute()
    const response = await post('other', {
      type: 'dine_in',
      lines: [PIKE],
      paymentMethod: 'cash',
      tableSessionId: session.id,
    })
    expect(response.statusCode).toBe(410)
    expect(errorBody.parse(response.json()).error.code).toBe('session_expired')
    const read = tableSession.parse(
      (await t.app.inject({ url: `/api/v1/table-sessions/${session.id}` })).json(),
    )
    expect(read).toMatchObject({ status: 'closed', closedReason: 'expired' })
    const next = await openSession('other', 'T1')
    expect(next.id).not.toBe(session.id)
  })
  it('refuses a time that does not fit the order type with 400, and writes nothing', async () => {
    // "As soon as possible" is `scheduledFor: null`: now, so today. The contract has no day
    // beside it to contradict it; what can be inconsistent is the time against the type.
    const contact = { name: 'Ира', phone: '+79161234567' }
    const before = await countOrders()
    const asapPreorder = await post('bistro', {
      type: 'preorder',
      lines: [PIKE],
      paymentMethod: 'cash',
      contact,
      guests: 2,
      scheduledFor: null,
    })
    expect(asapPreorder.statusCode).toBe(400)
    expect(errorBody.parse(asapPreorder.json()).error).toMatchObject({
      code: 'validation_failed',
      fields: [{ path: 'body.scheduledFor' }],
    })
    const session = await openSession('bistro', 'T2')
    const scheduledTable = await post('bistro', {
      type: 'dine_in',
      lines: [PIKE],
      paymentMethod: 'cash',
      tableSessionId: session.id,
      scheduledFor: new Date(Date.now() + 86_400_000).toISOString(),
    })
    expect(scheduledTable.statusCode).toBe(400)
    expect(errorBody.parse(scheduledTable.json()).error.code).toBe('validation_failed')
    expect(await countOrders()).toBe(before)
  })

  it('books only the slots it offers: a past time is slot_unavailable', async () => {
    const contact = { name: 'Ира', phone: '+79161234567' }
    const address = { street: 'Покровка', house: '17' }
    const base = { type: 'delivery', lines: [PIKE, PIKE], paymentMethod: 'cash', contact, address }
    const past = await post('bistro', { ...base, scheduledFor: '2020-01-01T12:00:00.000Z' })
    expect(past.statusCode).toBe(409)
    expect(errorBody.parse(past.json()).error.code).toBe('slot_unavailable')

    const offered = await t.app.inject({ url: '/api/v1/restaurants/bistro/slots?type=delivery' })
    expect(offered.statusCode).toBe(200)
    const slot = slots.parse(offered.json()).slots[0]
    expect(slot).toBeDefined()
    const booked = await post('bistro', { ...base, scheduledFor: slot?.at })
    expect(booked.statusCode).toBe(201)
    expect(order.parse(booked.json()).scheduledFor).toBe(slot?.at)
  })
})
