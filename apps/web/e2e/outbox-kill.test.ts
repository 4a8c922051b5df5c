import { randomUUID } from 'node:crypto'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { expect, it } from 'vitest'
import { demoTableTokens, freePort, startServer } from '../../../scripts/lib/server-process.mjs'
import { apiRequest } from './api-request'

interface OutboxRow {
  kind: string
  payload: { orderId?: string }
  attempts: number
  delivered: boolean
  last_error: string | null
}

/** The outbox as the data directory holds it (read with no server running on it). */
async function outboxOf(dataDir: string): Promise<OutboxRow[]> {
  const db = await PGlite.create({ dataDir: join(dataDir, 'pgdata') })
  try {
    const result = await db.query<OutboxRow>(
      'select kind, payload, attempts, delivered_at is not null as delivered, last_error from outbox order by id',
    )
    return result.rows
  } finally {
    await db.close()
  }
}

// Issue 13, item 6 (decision 0027): the server is killed between the commit of an order and
// the publish of its events; the server started again on the same data delivers them.
it('delivers an order’s events after the server was killed before it could publish them', async () => {
  const credentials = {
    REALTIME_APP_ID: '424242',
    REALTIME_APP_KEY: 'outbox-kill',
    REALTIME_APP_SECRET: 'outbox-kill-secret',
  }
  // A Pusher service that is not there: every publish fails (nothing listens on the port).
  const nowhere = {
    ...credentials,
    REALTIME_DRIVER: 'pusher',
    REALTIME_HOST: '127.0.0.1',
    REALTIME_PORT: String(await freePort()),
  }
  const first = await startServer({ env: nowhere })
  const { dataDir } = first
  try {
    const tokens = await demoTableTokens(first)
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      apiRequest('POST', `/restaurants/demo${path}`, { body, headers, server: first.url })
    const opened = await post('/table-sessions', { tableToken: tokens.T1 })
    expect(opened.status).toBe(201)
    const session = opened.data as { id: string }
    const placed = await post(
      '/orders',
      {
        type: 'dine_in',
        lines: [{ dishId: 'olivier', quantity: 1, optionIds: [] }],
        paymentMethod: 'cash',
        tableSessionId: session.id,
      },
      { 'idempotency-key': randomUUID() },
    )
    expect(placed.status).toBe(201)
    const order = placed.data as { id: string }
    // Committed and answered. The first publish fails against the service that is not there;
    // the second try (a second later) reads the entry with that failure recorded, so once the
    // log says so, the failure is in the database.
    await expect
      .poll(() => first.output(), { timeout: 60_000 })
      .toMatch(/"kind":"order-placed","attempts":2[,}].*Outbox entry failed/)
    first.child.kill('SIGKILL')
    await first.stop()

    const pending = (await outboxOf(dataDir)).filter((row) => row.payload.orderId === order.id)
    expect(pending).toEqual([expect.objectContaining({ kind: 'order-placed', delivered: false })])
    // Tried and failed against the realtime service that is not there.
    expect(pending[0]?.attempts).toBeGreaterThanOrEqual(1)
    expect(pending[0]?.last_error).toBeTruthy()

    // Started again on the same data, with the built-in hub: the entry goes out once it is due
    // (its retries back off 1 s, then 2 s, …). The database is read with the server stopped, so
    // the check starts it, gives it a moment, stops it and looks, until the entry has gone out.
    await expect
      .poll(
        async () => {
          const second = await startServer({ dataDir, env: credentials })
          await new Promise((resolve) => setTimeout(resolve, 1_500))
          expect(await second.stop('SIGTERM')).toBe(0)
          return (await outboxOf(dataDir)).filter((row) => row.payload.orderId === order.id)
        },
        { timeout: 120_000, interval: 0 },
      )
      .toEqual([
        expect.objectContaining({ kind: 'order-placed', delivered: true, last_error: null }),
      ])
  } finally {
    if (first.child.exitCode === null) first.child.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  }
})
