import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorBody } from '@tableside/contracts/errors'
import { MAX_PHOTO_BYTES } from '@tableside/contracts/menu-admin'
import { MANAGER_TOKEN_HEADER } from '@tableside/contracts/staff'
import { hmacHex, httpStringToSign, md5Hex } from '../features/realtime/signatures'
import { sendSlowly, type SlowAnswer, type SlowWriting } from '../test/raw-http'
import { createTestApp, type TestApp } from '../test/test-app'
import { testDatabaseKinds } from '../test/test-database'
import { signInAsManager } from '../test/test-restaurants'

const [pglite] = testDatabaseKinds
if (!pglite) throw new Error('PGlite is always among the test databases')

/** The body: 1.1 MB, over every JSON limit (the API's 256 KB, the realtime API's). */
const OVERSIZED = Buffer.from(`{"name":"x","data":"${'a'.repeat(1_153_434 - 22)}"}`)
const RUNS = 20

const post = (path: string, headers = '') =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${headers}`

/** The body of the answer, parsed as the one error shape. */
const errorCode = (answer: SlowAnswer) =>
  errorBody.parse(JSON.parse(answer.text.split('\r\n\r\n')[1] ?? '')).error.code

describe('a body over its limit is answered 413 even while the client is still writing it (issue 27)', () => {
  let t: TestApp
  let port: number
  beforeAll(async () => {
    t = await createTestApp(pglite)
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const address = t.app.server.address()
    port = typeof address === 'object' && address ? address.port : 0
  })
  afterAll(async () => {
    await t.close()
  })

  /**
   * Sends `body` slowly `runs` times side by side; every time, the whole body goes out and the
   * answer comes back.
   */
  const expectEveryTime = async (
    head: () => string,
    status: number,
    code: string,
    { runs = RUNS, body = OVERSIZED, ...writing }: SlowWriting & { runs?: number; body?: Buffer },
  ) => {
    const answers = await Promise.all(
      Array.from({ length: runs }, () => sendSlowly(port, head(), body, writing)),
    )
    const seen = answers.map((answer) => ({ status: answer.status, failure: answer.failure }))
    expect(seen).toEqual(answers.map(() => ({ status, failure: undefined })))
    for (const answer of answers) {
      expect(errorCode(answer)).toBe(code)
      if (!writing.stopOnAnswer) expect(answer.written).toBe(body.length)
    }
  }

  it('answers 413 to an order written slowly, by its Content-Length', async () => {
    await expectEveryTime(
      () => post('/api/v1/restaurants/demo/orders'),
      413,
      'payload_too_large',
      {},
    )
  })

  it('answers 413 to an order written slowly in chunks, with no Content-Length', async () => {
    await expectEveryTime(() => post('/api/v1/restaurants/demo/orders'), 413, 'payload_too_large', {
      chunked: true,
    })
  })

  it('answers 413 to the realtime HTTP API, unsigned or signed, before the signature is checked', async () => {
    const path = '/apps/100001/events'
    await expectEveryTime(() => post(path), 413, 'payload_too_large', {})
    await expectEveryTime(() => post(path), 413, 'payload_too_large', { chunked: true, runs: 5 })
    const signed = () => {
      const query: Record<string, string> = {
        auth_key: t.config.realtime.key ?? '',
        auth_timestamp: String(Math.floor(Date.now() / 1000)),
        auth_version: '1.0',
        body_md5: md5Hex(OVERSIZED),
      }
      query.auth_signature = hmacHex(
        t.config.realtime.secret ?? '',
        httpStringToSign('POST', path, query),
      )
      return post(`${path}?${new URLSearchParams(query).toString()}`)
    }
    await expectEveryTime(signed, 413, 'payload_too_large', {})
  })

  it('answers 413 to a webhook sender writing slowly', async () => {
    await expectEveryTime(
      () => post('/api/v1/payments/webhooks/sandbox'),
      413,
      'payload_too_large',
      { runs: 5 },
    )
  })

  it('answers 413 to a photo over its limit, and 401 to one sent without a manager’s token', async () => {
    const { token } = await signInAsManager(t.app)
    const photo = (headers = '') =>
      `POST /api/v1/admin/menu/photos HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: image/jpeg\r\n${headers}`
    await expectEveryTime(
      () => photo(`${MANAGER_TOKEN_HEADER}: ${token}\r\n`),
      413,
      'payload_too_large',
      { runs: 2, body: Buffer.alloc(MAX_PHOTO_BYTES + 1024 * 1024), chunkBytes: 65_536 },
    )
    await expectEveryTime(() => photo(), 401, 'unauthorized', { runs: 3 })
  })

  it('lets a careful client stop writing once it has the answer, and closes cleanly', async () => {
    await expectEveryTime(() => post('/api/v1/restaurants/demo/orders'), 413, 'payload_too_large', {
      stopOnAnswer: true,
      runs: 5,
    })
  })
})
