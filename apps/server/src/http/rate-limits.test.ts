import { randomInt, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tableSession } from '@tableside/contracts/table-sessions'
import { createTestApp, type TestApp } from '../test/test-app'
import { testDatabaseKinds, type TestDatabaseKind } from '../test/test-database'
import { orderOlivierAt, tableQrToken } from '../test/test-restaurants'

const [embedded] = testDatabaseKinds as [TestDatabaseKind, ...TestDatabaseKind[]]

const redisUrl = process.env.TEST_REDIS_URL

/** An address no other run used in the last minute, so counts kept in Redis start at zero. */
const freshAddress = () =>
  `10.${String(randomInt(256))}.${String(randomInt(256))}.${String(randomInt(1, 255))}`

const cancelPayment = (t: TestApp, paymentId: string, request: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1/payments/${paymentId}/cancel`, ...request })

const expectLimited = (response: {
  statusCode: number
  headers: Record<string, unknown>
  json(): unknown
}) => {
  expect(response.statusCode).toBe(429)
  const retryAfter = Number(response.headers['retry-after'])
  expect(retryAfter).toBeGreaterThanOrEqual(1)
  expect(retryAfter).toBeLessThanOrEqual(60)
  expect(response.json()).toEqual({
    error: {
      code: 'rate_limited',
      message: `Too many requests from this network; try again in ${String(retryAfter)} second${retryAfter === 1 ? '' : 's'}.`,
    },
  })
}

describe.each(testDatabaseKinds)('Rate limits on $name', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind)
  })
  afterAll(async () => {
    await t.close()
  })

  it('answers a flood at one payment with 429 in the error shape, with Retry-After', async () => {
    const paymentId = randomUUID()
    const address = freshAddress()
    for (let n = 0; n < 10; n++) {
      expect((await cancelPayment(t, paymentId, { remoteAddress: address })).statusCode).toBe(404)
    }
    expectLimited(await cancelPayment(t, paymentId, { remoteAddress: address }))
    // Another diner's payment, and the same payment from another network, still go through.
    expect((await cancelPayment(t, randomUUID(), { remoteAddress: address })).statusCode).toBe(404)
    expect((await cancelPayment(t, paymentId, { remoteAddress: freshAddress() })).statusCode).toBe(
      404,
    )
  })

  it('ignores X-Forwarded-For when no proxy is trusted', async () => {
    const paymentId = randomUUID()
    const address = freshAddress()
    const spoofing = () =>
      cancelPayment(t, paymentId, {
        remoteAddress: address,
        headers: { 'x-forwarded-for': freshAddress() },
      })
    for (let n = 0; n < 10; n++) expect((await spoofing()).statusCode).toBe(404)
    expectLimited(await spoofing())
  })

  it('counts an IPv6 client by its /64, so it cannot hop between its own addresses', async () => {
    const paymentId = randomUUID()
    for (let n = 1; n <= 10; n++) {
      const address = `2001:db8:1:2::${n.toString(16)}`
      expect((await cancelPayment(t, paymentId, { remoteAddress: address })).statusCode).toBe(404)
    }
    expectLimited(await cancelPayment(t, paymentId, { remoteAddress: '2001:db8:1:2:ffff::1' }))
  })

  it('never stops a table of eight phones behind the restaurant Wi-Fi in normal use', async () => {
    const wifi = freshAddress()
    const answers: number[] = []
    const tableToken = await tableQrToken(t, 'demo', 'T3')
    for (let phone = 0; phone < 8; phone++) {
      const opened = await t.app.inject({
        method: 'POST',
        url: '/api/v1/restaurants/demo/table-sessions',
        payload: { tableToken },
        remoteAddress: wifi,
      })
      answers.push(opened.statusCode)
      const sessionId = tableSession.parse(opened.json()).id
      for (let change = 0; change < 10; change++) {
        const quote = await t.app.inject({
          method: 'POST',
          url: '/api/v1/restaurants/demo/cart/quote',
          payload: { lines: [{ dishId: 'olivier', quantity: change + 1, optionIds: [] }] },
          remoteAddress: wifi,
        })
        answers.push(quote.statusCode)
      }
      const placed = await orderOlivierAt(t.app, sessionId, { remoteAddress: wifi })
      answers.push(placed.statusCode)
      const call = await t.app.inject({
        method: 'POST',
        url: '/api/v1/restaurants/demo/waiter-calls',
        payload: { tableSessionId: sessionId, reason: 'waiter' },
        remoteAddress: wifi,
      })
      answers.push(call.statusCode)
      const channel = await t.app.inject({
        method: 'POST',
        url: '/broadcasting/auth',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          socket_id: '1.2',
          channel_name: `private-table.${sessionId}`,
        }).toString(),
        remoteAddress: wifi,
      })
      answers.push(channel.statusCode)
    }
    expect(answers.filter((status) => status === 429)).toEqual([])
    expect(answers.every((status) => status < 300)).toBe(true)
  })
})

describe('Rate limits behind a proxy (TRUST_PROXY=1)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(embedded, { TRUST_PROXY: '1' })
  })
  afterAll(async () => {
    await t.close()
  })

  it('counts the address the proxy saw, whatever the client wrote before it', async () => {
    const paymentId = randomUUID()
    const proxy = '192.168.0.2'
    const through = (client: string, spoofed: string) =>
      cancelPayment(t, paymentId, {
        remoteAddress: proxy,
        headers: { 'x-forwarded-for': `${spoofed}, ${client}` },
      })
    for (let n = 0; n < 10; n++) {
      expect((await through('203.0.113.9', freshAddress())).statusCode).toBe(404)
    }
    expectLimited(await through('203.0.113.9', freshAddress()))
    // Another client behind the same proxy is counted on its own.
    expect((await through('203.0.113.10', '203.0.113.9')).statusCode).toBe(404)
  })
})

describe('Rate limits for exempt addresses (RATE_LIMIT_EXEMPT)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(embedded, { RATE_LIMIT_EXEMPT: '198.51.100.0/24,2001:db8:9::1' })
  })
  afterAll(async () => {
    await t.close()
  })

  it('never limits a listed load generator, and still limits everyone else', async () => {
    const paymentId = randomUUID()
    for (const address of ['198.51.100.7', '::ffff:198.51.100.8', '2001:db8:9::1']) {
      for (let n = 0; n < 15; n++) {
        expect((await cancelPayment(t, paymentId, { remoteAddress: address })).statusCode).toBe(404)
      }
    }
    for (let n = 0; n < 10; n++)
      await cancelPayment(t, paymentId, { remoteAddress: '198.51.101.7' })
    expectLimited(await cancelPayment(t, paymentId, { remoteAddress: '198.51.101.7' }))
  })
})

describe.skipIf(!redisUrl)('Rate limits across nodes sharing Redis', () => {
  let nodes: TestApp[] = []
  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl ?? '' }
    nodes = [await createTestApp(embedded, env), await createTestApp(embedded, env)]
  })
  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.close()))
  })

  it('shares one count between two servers', async () => {
    const paymentId = randomUUID()
    const address = freshAddress()
    for (let n = 0; n < 10; n++) {
      const node = nodes[n % 2]
      if (!node) throw new Error('Two nodes are started in beforeAll')
      expect((await cancelPayment(node, paymentId, { remoteAddress: address })).statusCode).toBe(
        404,
      )
    }
    for (const node of nodes) {
      expectLimited(await cancelPayment(node, paymentId, { remoteAddress: address }))
    }
  })
})
