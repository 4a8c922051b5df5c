import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorBody } from '@tableside/contracts/errors'
import { bill, order } from '@tableside/contracts/orders'
import { MAX_BILL_TOTAL, MAX_ORDER_TOTAL } from '@tableside/contracts/text'
import { testMenuFile } from '../menu/test-menu-file'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { createOrderingRestaurant, openTableSession } from '../../test/test-restaurants'

/** 890 ₽, the dish of the report that found the overflow. */
const PIKE = 'pike-perch'
const PIKE_PRICE = 89_000
/** 7 × 99 pike-perch with 10 % service: 678 447 ₽. */
const BANQUET_TOTAL = Math.round(7 * 99 * PIKE_PRICE * 1.1)
const pikes = (lines: number, quantity = 99) =>
  Array.from({ length: lines }, () => ({ dishId: PIKE, quantity, optionIds: [] }))

describe.each(testDatabaseKinds)('Order and bill bounds on $name', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind)
    const tables = [
      { code: 'T1', label: '1' },
      { code: 'T2', label: '2' },
      { code: 'T3', label: '3' },
      { code: 'T4', label: '4' },
    ]
    await createOrderingRestaurant(t, 'bistro', { tables, settings: {} })
    // A dish at the largest price a menu takes: two of them are a line past any order.
    await createOrderingRestaurant(t, 'caviar', {
      tables,
      settings: { serviceChargeBasisPoints: 0 },
    })
    const menu = testMenuFile()
    const dish = menu.menus[0]?.categories[0]?.dishes?.[0]
    if (!dish?.price) throw new Error('The test menu has no priced first dish')
    dish.price = MAX_ORDER_TOTAL
    await t.menu.importMenu('caviar', menu)
  })
  afterAll(async () => {
    await t.close()
  })

  const count = async (table: 'orders' | 'tableSessions') =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  const placedTotal = async (sessionId: string) =>
    (
      await t.database.db
        .selectFrom('tableSessions')
        .select('placedTotal')
        .where('id', '=', sessionId)
        .executeTakeFirstOrThrow()
    ).placedTotal
  /** What a table session's orders have come to, set as after a long banquet. */
  const setPlacedTotal = (sessionId: string, total: number) =>
    t.database.db
      .updateTable('tableSessions')
      .set({ placedTotal: total })
      .where('id', '=', sessionId)
      .execute()
  /** 7 × 99 pike-perch at a table, in cash: BANQUET_TOTAL with the service charge. */
  const banquetOrder = (tableSessionId: string) => ({
    type: 'dine_in',
    lines: pikes(7),
    paymentMethod: 'cash',
    tableSessionId,
  })
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers })
  const place = (restaurantId: string, payload: object, key = randomUUID()) =>
    post(`/restaurants/${restaurantId}/orders`, payload, { 'idempotency-key': key })
  const refusal = (response: { statusCode: number; json: () => unknown }) => ({
    status: response.statusCode,
    ...errorBody.parse(response.json()).error,
  })

  it('refuses an order past the largest total before writing it, and again on a replay', async () => {
    const session = await openTableSession(t, 'bistro', 'T1')
    // 50 × 99 × 890 ₽ = 4 405 500 ₽: the order that used to be written and then answer 500.
    const lines = pikes(50)
    const quote = await post('/restaurants/bistro/cart/quote', { lines })
    expect(refusal(quote)).toMatchObject({ status: 400, code: 'order_too_large' })
    expect(refusal(quote).message).toContain('1,000,000 RUB')
    const checkout = await post('/restaurants/bistro/orders/quote', { type: 'dine_in', lines })
    expect(refusal(checkout)).toMatchObject({ status: 400, code: 'order_too_large' })

    const before = await count('orders')
    const key = randomUUID()
    const body = { type: 'dine_in', lines, paymentMethod: 'cash', tableSessionId: session.id }
    const first = await place('bistro', body, key)
    expect(refusal(first)).toMatchObject({ status: 400, code: 'order_too_large' })
    const replayed = await place('bistro', body, key)
    expect(refusal(replayed)).toMatchObject({ status: 400, code: 'order_too_large' })
    expect(await count('orders')).toBe(before)
    expect(await placedTotal(session.id)).toBe(0)

    const read = await t.app.inject({ url: `/api/v1/table-sessions/${session.id}/bill` })
    expect(read.statusCode).toBe(200)
    expect(bill.parse(read.json()).orders).toEqual([])
  })

  it('names a line that alone is past the largest line', async () => {
    const lines = [
      { dishId: 'borscht', quantity: 1, optionIds: ['regular'] },
      { dishId: 'borscht', quantity: 2, optionIds: ['regular'] },
    ]
    const quote = await post('/restaurants/caviar/cart/quote', { lines })
    const error = refusal(quote)
    expect(error).toMatchObject({ status: 400, code: 'order_too_large' })
    expect(error.fields?.map((field) => field.path)).toEqual(['body.lines.1'])
  })

  it('takes the largest order there is, and reads it back', async () => {
    const session = await openTableSession(t, 'caviar', 'T1')
    const response = await place('caviar', {
      type: 'dine_in',
      lines: [{ dishId: 'borscht', quantity: 1, optionIds: ['regular'] }],
      paymentMethod: 'cash',
      tableSessionId: session.id,
    })
    expect(response.statusCode).toBe(201)
    const placed = order.parse(response.json())
    expect(placed.totals.total).toBe(MAX_ORDER_TOTAL)
    const read = await t.app.inject({ url: `/api/v1/orders/${placed.id}` })
    expect(order.parse(read.json()).totals.total).toBe(MAX_ORDER_TOTAL)
  })

  it("reads a table's bill past the largest order, and refuses the order that would pass the bill's bound", async () => {
    const session = await openTableSession(t, 'bistro', 'T2')
    // Two orders of 7 × 99 pike-perch with 10 % service: 678 447 ₽ each, 1 356 894 ₽ in all.
    const body = banquetOrder(session.id)
    for (let index = 0; index < 2; index++) {
      expect((await place('bistro', body)).statusCode).toBe(201)
    }
    const each = BANQUET_TOTAL
    expect(await placedTotal(session.id)).toBe(2 * each)
    const read = await t.app.inject({ url: `/api/v1/table-sessions/${session.id}/bill` })
    expect(read.statusCode).toBe(200)
    expect(bill.parse(read.json()).totals.total).toBe(2 * each)

    // The table has come to just short of its bound (as after a long banquet).
    await setPlacedTotal(session.id, MAX_BILL_TOTAL - each + 1)
    const before = await count('orders')
    const refused = await place('bistro', body)
    expect(refusal(refused)).toMatchObject({ status: 400, code: 'order_too_large' })
    expect(refusal(refused).message).toMatch(/left at this table/)
    expect(await count('orders')).toBe(before)
    expect(await placedTotal(session.id)).toBe(MAX_BILL_TOTAL - each + 1)
    const small = await place('bistro', { ...body, lines: pikes(1, 1) })
    expect(small.statusCode).toBe(201)
  })

  it('takes exactly one of two orders racing to a table that has room for one', async () => {
    const session = await openTableSession(t, 'bistro', 'T3')
    const body = banquetOrder(session.id)
    const each = BANQUET_TOTAL
    await setPlacedTotal(session.id, MAX_BILL_TOTAL - each - each / 2)
    const results = await Promise.all([place('bistro', body), place('bistro', body)])
    expect(results.map((response) => response.statusCode).sort()).toEqual([201, 400])
    expect(await placedTotal(session.id)).toBe(MAX_BILL_TOTAL - each / 2)
  })
})
