import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorBody } from '@tableside/contracts/errors'
import { sendRaw } from '../test/raw-http'
import { createTestApp, type TestApp } from '../test/test-app'
import { testDatabaseKinds } from '../test/test-database'

const [pglite] = testDatabaseKinds
if (!pglite) throw new Error('PGlite is always among the test databases')

/** What a client that sent nothing unusual but an address would send. */
const get = (path: string, headers = '') =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json\r\n${headers}Connection: close\r\n\r\n`

describe('what the HTTP layer refuses, in the one error shape', () => {
  let t: TestApp
  let port: number
  let releaseSlow: () => void = () => undefined
  let slowStarted: Promise<void>
  let closingBegan: Promise<void>
  beforeAll(async () => {
    let started: () => void = () => undefined
    slowStarted = new Promise((resolve) => {
      started = resolve
    })
    let began: () => void = () => undefined
    closingBegan = new Promise((resolve) => {
      began = resolve
    })
    t = await createTestApp(pglite, {}, (app) => {
      // Runs after the app's own preClose hooks: from here on, a new request gets 503.
      app.addHook('preClose', (done) => {
        began()
        done()
      })
      app.get('/api/v1/test-only/slow', async () => {
        started()
        await new Promise<void>((resolve) => {
          releaseSlow = resolve
        })
        return { ok: true }
      })
    })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const address = t.app.server.address()
    port = typeof address === 'object' && address ? address.port : 0
  })
  afterAll(async () => {
    releaseSlow()
    await t.close()
  })

  const expectShape = (json: unknown, code: string) => {
    expect(errorBody.parse(json).error.code).toBe(code)
  }

  it('answers a malformed percent-escape in the path with 400, not Fastify’s own body', async () => {
    const response = await t.app.inject('/api/v1/restaurants/%E0')
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      error: {
        code: 'bad_request',
        message: 'The address is not valid: check its percent-escapes.',
      },
    })
    const raw = await sendRaw(port, get('/api/v1/orders/%ZZ'))
    expect(raw.status).toBe(400)
    expectShape(raw.json, 'bad_request')
  })

  it('answers a path parameter over the router’s length with 414', async () => {
    const response = await t.app.inject(`/api/v1/restaurants/${'a'.repeat(101)}`)
    expect(response.statusCode).toBe(414)
    expectShape(response.json(), 'uri_too_long')
  })

  it('answers unknown API routes and methods with 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/nowhere'],
      ['DELETE', '/api/v1/health'],
      ['PATCH', '/api/v1/restaurants/demo'],
      ['POST', '/apps/100001/nowhere'],
    ] as const) {
      const response = await t.app.inject({ method, url })
      expect(response.statusCode, `${method} ${url}`).toBe(404)
      expectShape(response.json(), 'not_found')
    }
    const raw = await sendRaw(port, get('/api/v1/health').replace(/^GET/, 'PROPFIND'))
    expect(raw.status).toBe(404)
    expectShape(raw.json, 'not_found')
  })

  it('keeps the app’s page for a browser asking for an unknown page, with status 404', async () => {
    const response = await t.app.inject({ url: '/nowhere', headers: { accept: 'text/html' } })
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
  })

  it('answers a body over the limit with 413 and another media type with 415', async () => {
    const url = '/api/v1/restaurants/demo/cart/quote'
    const big = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: `{"lines":"${'x'.repeat(300_000)}"}`,
    })
    expect(big.statusCode).toBe(413)
    expectShape(big.json(), 'payload_too_large')
    const text = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/xml' },
      payload: '<lines/>',
    })
    expect(text.statusCode).toBe(415)
    expectShape(text.json(), 'unsupported_media_type')
  })

  it('answers bad bodies to the signed raw-JSON routes (webhooks, Pusher HTTP API) with 4xx', async () => {
    for (const [url, payload, type] of [
      ['/api/v1/payments/webhooks/sandbox', '{not json', 'application/json'],
      ['/api/v1/payments/webhooks/sandbox', '', 'application/json'],
      ['/api/v1/payments/webhooks/sandbox', 'a=1', 'application/x-www-form-urlencoded'],
      ['/api/v1/payments/webhooks/nowhere', '{}', 'application/json'],
      ['/apps/100001/events?auth_key=x', '{not json', 'application/json'],
      ['/apps/100001/events', '\u0000\uffff', 'application/json; charset=latin1'],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': type },
        payload,
      })
      expect(response.statusCode, `${url} ${payload}`).toBeGreaterThanOrEqual(400)
      expect(response.statusCode, `${url} ${payload}`).toBeLessThan(500)
      errorBody.parse(response.json())
    }
  })

  it('answers what Node’s HTTP parser refuses with 400 or 431 in the error shape', async () => {
    for (const request of [
      'GARBAGE\r\n\r\n',
      'GET / HTTP/9.9\r\n\r\n',
      'GET /api/v1/health HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n',
      'GET /api/v1/health HTTP/1.1\r\nHo st: x\r\n\r\n',
      'GET /api/v1/health HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n',
    ]) {
      const raw = await sendRaw(port, request)
      expect(raw.status, JSON.stringify(request)).toBe(400)
      expectShape(raw.json, 'bad_request')
    }
    const huge = await sendRaw(port, get('/api/v1/health', `X-Big: ${'a'.repeat(20_000)}\r\n`))
    expect(huge.status).toBe(431)
    expectShape(huge.json, 'headers_too_large')
    expect((await t.app.inject('/api/v1/health')).statusCode).toBe(200)
  })

  it('answers requests still arriving on an open connection while it closes with 503', async () => {
    const socket = connect({ port, host: '127.0.0.1' })
    let text = ''
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1')
    })
    const ended = new Promise((resolve) => socket.on('close', resolve))
    socket.write('GET /api/v1/test-only/slow HTTP/1.1\r\nHost: x\r\n\r\n')
    await slowStarted
    const closed = t.app.close()
    await closingBegan
    // The slow request is let go only once the server has read the next one behind it.
    const nextRead = new Promise<void>((resolve) => {
      t.app.server.on('request', (request: { url?: string }) => {
        if (request.url === '/api/v1/health') resolve()
      })
    })
    socket.write('GET /api/v1/health HTTP/1.1\r\nHost: x\r\n\r\n')
    await nextRead
    releaseSlow()
    await ended
    await closed
    const [first, second] = text.split(/(?=HTTP\/1\.1 )/)
    expect(first).toMatch(/^HTTP\/1\.1 200/)
    expect(second).toMatch(/^HTTP\/1\.1 503/)
    expectShape(JSON.parse(second?.split('\r\n\r\n')[1] ?? ''), 'service_unavailable')
  })
})
