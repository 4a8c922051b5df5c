import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorBody } from '@tableside/contracts/errors'
import { order } from '@tableside/contracts/orders'
import { waiterCall } from '@tableside/contracts/waiter-calls'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { openTableSession, orderOlivierAt, signInAsAnna } from '../../test/test-restaurants'

describe.each(testDatabaseKinds)('Waiter calls and channel rules on $name', (kind) => {
  let t: TestApp
  let sessionId = ''
  beforeAll(async () => {
    t = await createTestApp(kind)
    sessionId = (await openTableSession(t, 'demo', 'T5')).id
  })
  afterAll(async () => {
    await t.close()
  })

  const call = (payload: Record<string, unknown>, restaurantId = 'demo') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/restaurants/${restaurantId}/waiter-calls`,
      payload: { tableSessionId: sessionId, ...payload },
    })

  it('keeps one open call per reason, so repeated taps do not spam', async () => {
    const first = await call({ reason: 'waiter' })
    expect(first.statusCode).toBe(201)
    const made = waiterCall.parse(first.json())
    expect(made).toMatchObject({ reason: 'waiter', status: 'open', table: { label: '5' } })
    const again = waiterCall.parse((await call({ reason: 'waiter' })).json())
    expect(again.id).toBe(made.id)
    const bill = waiterCall.parse((await call({ reason: 'bill' })).json())
    expect(bill.id).not.toBe(made.id)
    const list = await t.app.inject({ url: `/api/v1/table-sessions/${sessionId}/waiter-calls` })
    expect(list.json<{ calls: unknown[] }>().calls.length).toBe(2)
  })

  it('needs a comment for "other", and an open session of this restaurant', async () => {
    const noComment = await call({ reason: 'other' })
    expect(noComment.statusCode).toBe(400)
    expect(errorBody.parse(noComment.json()).error.fields?.[0]?.path).toBe('body.comment')
    expect((await call({ reason: 'waiter', tableSessionId: randomUUID() })).statusCode).toBe(404)
    await t.database.db
      .insertInto('restaurants')
      .values({ id: 'elsewhere', name: 'Elsewhere' })
      .execute()
    expect((await call({ reason: 'waiter' }, 'elsewhere')).statusCode).toBe(404)
  })

  it('lets only the holder of a session or an order join its private channel', async () => {
    const authorize = (channel: string) =>
      t.app.inject({
        method: 'POST',
        url: '/broadcasting/auth',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ socket_id: '1.2', channel_name: channel }).toString(),
      })
    expect((await authorize(`private-table.${sessionId}`)).statusCode).toBe(200)
    expect((await authorize(`private-table.${randomUUID()}`)).statusCode).toBe(403)
    expect((await authorize('private-table.T5')).statusCode).toBe(403)
    const placed = await orderOlivierAt(t.app, sessionId)
    expect(placed.statusCode).toBe(201)
    const { id } = order.parse(placed.json())
    expect((await authorize(`private-order.${id}`)).statusCode).toBe(200)
    expect((await authorize(`private-order.${randomUUID()}`)).statusCode).toBe(403)
  })
  it('lets a signed-in waiter answer calls and move orders, with the X-Garcon-Token header only', async () => {
    const { token } = await signInAsAnna(t.app)
    const asWaiter = (
      url: string,
      payload?: Record<string, unknown>,
      headers: Record<string, string> = { 'x-garcon-token': token },
    ) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1${url}`,
        headers,
        ...(payload ? { payload } : {}),
      })

    const made = waiterCall.parse((await call({ reason: 'waiter' })).json())
    expect(
      (await asWaiter(`/garcon/waiter-calls/${made.id}/acknowledge`, undefined, {})).statusCode,
    ).toBe(401)
    const cookieOnly = await t.app.inject({
      method: 'POST',
      url: `/api/v1/garcon/waiter-calls/${made.id}/acknowledge`,
      headers: { cookie: `garcon_token=${token}` },
    })
    expect(cookieOnly.statusCode).toBe(401)
    const acknowledged = waiterCall.parse(
      (await asWaiter(`/garcon/waiter-calls/${made.id}/acknowledge`)).json(),
    )
    expect(acknowledged).toMatchObject({ status: 'acknowledged', acknowledgedBy: { name: 'Анна' } })
    const done = waiterCall.parse((await asWaiter(`/garcon/waiter-calls/${made.id}/done`)).json())
    expect(done.status).toBe('done')
    // The reason is free again: a new tap makes a new call.
    expect(waiterCall.parse((await call({ reason: 'waiter' })).json()).id).not.toBe(made.id)

    const placed = order.parse((await orderOlivierAt(t.app, sessionId)).json())
    const accepted = await asWaiter(`/garcon/orders/${placed.id}/status`, { status: 'accepted' })
    expect(order.parse(accepted.json()).status).toBe('accepted')
    const skip = await asWaiter(`/garcon/orders/${placed.id}/status`, { status: 'served' })
    expect(skip.statusCode).toBe(409)
    expect(errorBody.parse(skip.json()).error.code).toBe('illegal_status_change')

    // The waiter takes the cash; without the header nobody can.
    expect(
      (await asWaiter(`/garcon/orders/${placed.id}/cash-paid`, undefined, {})).statusCode,
    ).toBe(401)
    const paid = await asWaiter(`/garcon/orders/${placed.id}/cash-paid`)
    expect(paid.statusCode).toBe(200)
    expect(order.parse(paid.json()).paymentStatus).toBe('paid')
  })
})
