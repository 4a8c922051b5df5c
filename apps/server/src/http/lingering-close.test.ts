import type { Server } from 'node:http'
import { connect, type Socket } from 'node:net'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sendRaw } from '../test/raw-http'
import { createTestApp, type TestApp } from '../test/test-app'
import { testDatabaseKinds } from '../test/test-database'
import { lingerOverUnreadBodies, type Lingering } from './lingering-close'

const [pglite] = testDatabaseKinds
if (!pglite) throw new Error('PGlite is always among the test databases')

interface Trickle {
  /** What goes out first, at once. */
  head: string
  /** The next piece, or undefined to stop writing (and stay connected). */
  next: (index: number) => Buffer | undefined
  pauseMs: number
}

interface Outcome {
  /** From the first byte written to the server's close. */
  closedAfterMs: number
  status: number | undefined
  written: number
}

/**
 * When the server closes its socket of each client port: the end of its side (its FIN) comes
 * first when it lingers, so only the server itself knows when it let go.
 */
function serverCloses(server: Server): (clientPort: number) => Promise<void> {
  const waiting = new Map<number, () => void>()
  server.on('connection', (socket: Socket) => {
    const clientPort = socket.remotePort ?? 0
    socket.on('close', () => waiting.get(clientPort)?.())
  })
  return (clientPort) =>
    new Promise((resolve) => {
      waiting.set(clientPort, resolve)
    })
}

/**
 * A client that writes what it is given until the server closes its socket, and says when it
 * did (from the first byte written) and what it answered.
 */
function trickle(
  server: Server,
  whenClosed: (clientPort: number) => Promise<void>,
  { head, next, pauseMs }: Trickle,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const address = server.address()
    const port = typeof address === 'object' && address ? address.port : 0
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true })
    const started = performance.now()
    let text = ''
    let written = 0
    let closedAfterMs: number | undefined
    let resolved = false
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1')
    })
    socket.on('error', () => undefined)
    const resolveOnce = () => {
      if (resolved || closedAfterMs === undefined) return
      resolved = true
      socket.destroy()
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]
      resolve({ closedAfterMs, status: status ? Number(status) : undefined, written })
    }
    // Whatever the server wrote before it closed is read before the outcome is told.
    const serverClosed = () => {
      closedAfterMs = performance.now() - started
      if (socket.readableEnded || socket.destroyed) resolveOnce()
    }
    socket.on('end', resolveOnce)
    socket.on('close', resolveOnce)
    socket.on('connect', () => {
      void whenClosed(socket.localPort ?? 0).then(serverClosed)
      socket.write(head)
      void (async () => {
        for (let index = 0; closedAfterMs === undefined && !socket.destroyed; index += 1) {
          const piece = next(index)
          if (!piece) return
          const ok = await new Promise<boolean>((done) => {
            socket.write(piece, (error) => {
              done(!error)
            })
          })
          if (!ok) return
          written += piece.length
          await new Promise((done) => setTimeout(done, pauseMs))
        }
      })()
    })
  })
}

const LIMITS: Lingering = { maxMs: 1500, quietMs: 400, maxBytes: 512 * 1024 }
const post = (length: number) =>
  `POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${String(length)}\r\n\r\n`

describe('a refused body is read only within bounds, so it cannot tie up a node', () => {
  let app: FastifyInstance
  let send: (request: Trickle) => Promise<Outcome>
  beforeAll(async () => {
    app = Fastify({ bodyLimit: 1024 })
    lingerOverUnreadBodies(app, LIMITS)
    app.post('/echo', (request) => ({ body: request.body }))
    // Answered within the parser's call for the request's headers, before Node marks a
    // request without a body complete (as the menu's held bytes are, decision 0146).
    app.get('/at-once', (_request, reply) => {
      void reply.send({ at: 'once' })
    })
    const closes = serverCloses(app.server)
    await app.listen({ port: 0, host: '127.0.0.1' })
    send = (request) => trickle(app.server, closes, request)
  })
  const port = () => {
    const address = app.server.address()
    return typeof address === 'object' && address ? address.port : 0
  }
  afterAll(async () => {
    await app.close()
  })

  it('closes on a client that writes for ever once the lingering time is over', async () => {
    const outcome = await send({
      head: post(1_000_000_000),
      next: () => Buffer.alloc(1024, 'a'),
      pauseMs: 20,
    })
    expect(outcome.status).toBe(413)
    expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(LIMITS.maxMs - 50)
    expect(outcome.closedAfterMs).toBeLessThan(LIMITS.maxMs + 1000)
  })

  it('closes on a client that goes quiet without finishing its body', async () => {
    const outcome = await send({
      head: post(1_000_000),
      next: (index) => (index < 3 ? Buffer.alloc(4096, 'a') : undefined),
      pauseMs: 10,
    })
    expect(outcome.status).toBe(413)
    expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(LIMITS.quietMs - 50)
    expect(outcome.closedAfterMs).toBeLessThan(LIMITS.maxMs)
  })

  it('closes on a client that sends more than the bytes it may, long before the time is over', async () => {
    const body = 64 * 1024 * 1024
    const outcome = await send({
      head: post(body),
      next: () => Buffer.alloc(64 * 1024, 'a'),
      pauseMs: 0,
    })
    expect(outcome.status).toBe(413)
    // It was read up to its bound, then cut off.
    expect(outcome.written).toBeGreaterThan(LIMITS.maxBytes)
    expect(outcome.written).toBeLessThan(body)
    expect(outcome.closedAfterMs).toBeLessThan(LIMITS.maxMs)
  })

  it('keeps a connection whose body arrived in full before the answer', async () => {
    const answer = await sendRaw(
      port(),
      `${post(7)}{"a":1}GET /nowhere HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    )
    // Both answers arrive: the first did not close the connection.
    expect(answer.text.match(/HTTP\/1\.1 \d{3}/g)).toEqual(['HTTP/1.1 200', 'HTTP/1.1 404'])
  })

  it('keeps a connection whose request has no body, answered at once', async () => {
    const answer = await sendRaw(
      port(),
      'GET /at-once HTTP/1.1\r\nHost: x\r\n\r\n' +
        'GET /nowhere HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    )
    expect(answer.text.match(/HTTP\/1\.1 \d{3}/g)).toEqual(['HTTP/1.1 200', 'HTTP/1.1 404'])
  })

  it('still reads out a body that a request answered at once has not sent yet', async () => {
    const outcome = await send({
      head: 'GET /at-once HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\n',
      next: (index) => (index < 3 ? Buffer.alloc(4096, 'a') : undefined),
      pauseMs: 10,
    })
    expect(outcome.status).toBe(200)
    // Closed after the quiet time, not at once: the client saw its answer.
    expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(LIMITS.quietMs - 50)
    expect(outcome.closedAfterMs).toBeLessThan(LIMITS.maxMs)
  })
})

it('does not hold up a server that stops', async () => {
  const app = Fastify({ bodyLimit: 1024 })
  lingerOverUnreadBodies(app, { maxMs: 60_000, quietMs: 60_000, maxBytes: 1024 * 1024 * 1024 })
  app.post('/echo', (request) => ({ body: request.body }))
  const closes = serverCloses(app.server)
  await app.listen({ port: 0, host: '127.0.0.1' })
  let answered: () => void = () => undefined
  const answer = new Promise<void>((resolve) => {
    answered = resolve
  })
  const outcome = trickle(app.server, closes, {
    head: post(1_000_000_000),
    next: (index) => {
      if (index === 5) answered()
      return Buffer.alloc(1024, 'a')
    },
    pauseMs: 20,
  })
  await answer
  const started = performance.now()
  await app.close()
  expect(performance.now() - started).toBeLessThan(1000)
  expect((await outcome).status).toBe(413)
})

describe('a client that trickles its request is cut off by the request timeout (issue 27)', () => {
  let t: TestApp
  let send: (request: Trickle) => Promise<Outcome>
  beforeAll(async () => {
    t = await createTestApp(pglite, { REQUEST_TIMEOUT_MS: '1000' })
    const closes = serverCloses(t.app.server)
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    send = (request) => trickle(t.app.server, closes, request)
  })
  afterAll(async () => {
    await t.close()
  })

  it('cuts off a body that arrives a byte at a time', async () => {
    const outcome = await send({
      head:
        'POST /api/v1/restaurants/demo/orders HTTP/1.1\r\nHost: x\r\n' +
        'Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n',
      next: () => Buffer.from(' '),
      pauseMs: 100,
    })
    expect(outcome.status).toBe(408)
    expect(outcome.closedAfterMs).toBeLessThan(3000)
  })

  it('cuts off headers that arrive a byte at a time', async () => {
    const outcome = await send({
      head: 'GET /api/v1/health HTTP/1.1\r\n',
      next: () => Buffer.from('X'),
      pauseMs: 100,
    })
    expect(outcome.status).toBe(408)
    expect(outcome.closedAfterMs).toBeLessThan(3000)
  })
})
