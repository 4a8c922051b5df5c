import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorBody } from '@tableside/contracts/errors'
import { MANAGER_TOKEN_HEADER } from '@tableside/contracts/staff'
import { createTestApp, type TestApp } from '../test/test-app'
import { testDatabaseKinds } from '../test/test-database'
import { openTableSession, signInAsManager } from '../test/test-restaurants'

describe.each(testDatabaseKinds)('text with a NUL character on $name', (kind) => {
  let t: TestApp
  let sessionId: string
  beforeAll(async () => {
    t = await createTestApp(kind)
    sessionId = (await openTableSession(t, 'demo', 'T1')).id
  })
  afterAll(async () => {
    await t.close()
  })

  const calls = async () =>
    (await t.app.inject(`/api/v1/table-sessions/${sessionId}/waiter-calls`)).json<unknown[]>()
      .length

  it('is refused with 400 naming the field, before anything is written', async () => {
    const before = await calls()
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/restaurants/demo/waiter-calls',
      payload: { tableSessionId: sessionId, reason: 'other', comment: 'two\u0000forks' },
    })
    expect(response.statusCode).toBe(400)
    expect(errorBody.parse(response.json()).error).toMatchObject({
      code: 'validation_failed',
      fields: [{ path: 'body.comment' }],
    })
    expect(await calls()).toBe(before)
  })

  it('is not looked for in a raw body of bytes, which goes through without stalling the server', async () => {
    const { token } = await signInAsManager(t.app)
    // Megabytes that are not a photo: refused by the upload, after the NUL check let them by.
    const bytes = Buffer.alloc(8 * 1024 * 1024, 0)
    let longest = 0
    let last = performance.now()
    const ticks = setInterval(() => {
      longest = Math.max(longest, performance.now() - last)
      last = performance.now()
    }, 20)
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/menu/photos',
      headers: { [MANAGER_TOKEN_HEADER]: token, 'content-type': 'image/jpeg' },
      payload: bytes,
    })
    clearInterval(ticks)
    expect(response.statusCode).toBe(415)
    // Each byte walked as a field of the body took seconds of the event loop (issue 27).
    expect(longest).toBeLessThan(1_000)
  })

  it('is refused in a query too, and text around it still passes', async () => {
    const query = await t.app.inject('/api/v1/restaurants/demo/slots?type=pickup&date=%00')
    expect(query.statusCode).toBe(400)
    expect(errorBody.parse(query.json()).error.fields?.[0]?.path).toBe('querystring.date')
    const fine = await t.app.inject({
      method: 'POST',
      url: '/api/v1/restaurants/demo/waiter-calls',
      payload: { tableSessionId: sessionId, reason: 'other', comment: 'a literal \\u0000 is fine' },
    })
    expect(fine.statusCode).toBe(201)
  })

  it('refuses a lone surrogate as well, which no database encoding can hold', async () => {
    const before = await calls()
    const call = await t.app.inject({
      method: 'POST',
      url: '/api/v1/restaurants/demo/waiter-calls',
      payload: JSON.stringify({ tableSessionId: sessionId, reason: 'other', comment: 'a\udfffb' }),
      headers: { 'content-type': 'application/json' },
    })
    expect(call.statusCode).toBe(400)
    expect(errorBody.parse(call.json()).error.fields?.[0]?.path).toBe('body.comment')
    expect(await calls()).toBe(before)
    // Found by the fuzz suite: a failed login stores the login it was tried with.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/garcon/login',
      payload: JSON.stringify({
        restaurantId: 'demo',
        login: '\u{1f324}\ufffe\udfff\u7cd2',
        pin: '0000',
      }),
      headers: { 'content-type': 'application/json' },
    })
    expect(login.statusCode).toBe(400)
    const pair = await t.app.inject({
      method: 'POST',
      url: '/api/v1/restaurants/demo/waiter-calls',
      payload: { tableSessionId: sessionId, reason: 'other', comment: 'пара 🌤 fine' },
    })
    expect(pair.statusCode).toBe(201)
  })
})
