import { randomBytes, randomUUID } from 'node:crypto'
import { createServer, connect, type Server, type Socket } from 'node:net'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../test/test-app'
import { postgresSkipReason, postgresUrl } from '../test/test-database'
import { openDatabase, openDatabaseWhenReachable } from './database'
import { migrate } from './migrate'
import { seedDemo } from './seed-demo'

const skipped = postgresSkipReason ? ` (skipped: ${postgresSkipReason})` : ''

/**
 * The PostgreSQL server as a node reaches it over the network: a relay the test can cut (every
 * connection dropped, new ones refused, as in a restart, a failover or a network blip) and
 * mend, without touching the shared server itself.
 */
class Relay {
  private readonly sockets = new Set<Socket>()
  private up = true
  private readonly server: Server
  constructor(private readonly target: URL) {
    this.server = createServer((client) => {
      if (!this.up) {
        client.destroy()
        return
      }
      const upstream = connect(Number(target.port || 5432), target.hostname)
      for (const socket of [client, upstream]) {
        this.sockets.add(socket)
        socket.on('error', () => socket.destroy())
        socket.on('close', () => {
          this.sockets.delete(socket)
          client.destroy()
          upstream.destroy()
        })
      }
      client.pipe(upstream).pipe(client)
    })
  }
  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve))
    const address = this.server.address()
    if (!address || typeof address === 'string') throw new Error('the relay has no port')
    const url = new URL(this.target)
    url.host = `127.0.0.1:${String(address.port)}`
    return url.toString()
  }
  cut(): void {
    this.up = false
    for (const socket of this.sockets) socket.destroy()
  }
  mend(): void {
    this.up = true
  }
  close(): Promise<void> {
    this.cut()
    return new Promise((resolve) => this.server.close(() => resolve()))
  }
}

describe.skipIf(postgresSkipReason)(`A node whose database goes away${skipped}`, () => {
  const url = postgresUrl ?? ''
  const schema = `test_${randomBytes(6).toString('hex')}`
  // Made in beforeAll: without TEST_DATABASE_URL the suite is collected and skipped, and an
  // empty address is no URL.
  let relay: Relay
  let relayUrl = ''
  let t: TestApp

  beforeAll(async () => {
    relay = new Relay(new URL(url))
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`create schema ${schema}`)
    await admin.end()
    const direct = await openDatabase({ kind: 'postgres', url, schema, poolSize: 1 })
    await migrate(direct.db)
    await seedDemo(direct.db)
    await direct.close()
    relayUrl = await relay.listen()
    t = await startTestApp(await openDatabase({ kind: 'postgres', url: relayUrl, schema }))
  })

  afterAll(async () => {
    await t.close()
    await relay.close()
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`drop schema ${schema} cascade`)
    await admin.end()
  })

  /** A request that needs the database: an order nobody placed is looked up and not found. */
  const lookUp = () => t.app.inject({ url: `/api/v1/orders/${randomUUID()}` })

  it('answers 503 database_unavailable with Retry-After while it is gone, says so on /health and /ready, and serves again once it is back, without a restart', async () => {
    expect((await lookUp()).statusCode).toBe(404)
    expect((await t.app.inject({ url: '/api/v1/ready' })).statusCode).toBe(200)

    // The pool's idle connections are dropped under it; nothing may crash the process.
    relay.cut()
    const during = await lookUp()
    expect(during.statusCode, during.body).toBe(503)
    expect(during.json<{ error: { code: string } }>().error.code).toBe('database_unavailable')
    expect(Number(during.headers['retry-after'])).toBeGreaterThan(0)

    const ready = await t.app.inject({ url: '/api/v1/ready' })
    expect(ready.statusCode).toBe(503)
    expect(ready.headers['retry-after']).toBeDefined()
    const health = await t.app.inject({ url: '/api/v1/health' })
    expect(health.statusCode).toBe(200)
    expect(health.json()).toEqual({ status: 'degraded', database: 'unavailable' })

    relay.mend()
    await expect.poll(async () => (await lookUp()).statusCode, { timeout: 3_000 }).toBe(404)
    expect((await t.app.inject({ url: '/api/v1/health' })).json()).toEqual({
      status: 'ok',
      database: 'ok',
    })
  })

  it('waits for a database that is unreachable at start, saying what it waits for, and opens it once it answers', async () => {
    relay.cut()
    const waits: string[] = []
    const opened = openDatabaseWhenReachable(
      { kind: 'postgres', url: relayUrl, schema },
      {
        log: (message) => {
          waits.push(message)
          // The database comes back after the node has tried twice.
          if (waits.length === 2) relay.mend()
        },
        delaysMs: [1, 1, 1],
      },
    )
    const database = await opened
    try {
      expect(waits).toHaveLength(2)
      expect(waits[0]).toMatch(/database.*not reachable.*trying again/i)
      await migrate(database.db)
    } finally {
      await database.close()
    }
  })
})
