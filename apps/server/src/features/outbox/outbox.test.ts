import { setTimeout as delay } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, restartTestApp, sandboxAcquirerOf, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { paymentActions, recordEvents } from '../../test/test-payments'
import {
  createOrderingRestaurant,
  numberedTables,
  openTableSession,
  orderOlivierAt,
  signInAsAnna,
} from '../../test/test-restaurants'
import type { OutboundEvent } from '../realtime/realtime-protocol'
import { LEASE_MS, Outbox } from './outbox'
import { createOutboxRepository } from './outbox-repository'

/** Past the first retry's backoff (1 s). */
const FIRST_RETRY = 1_100

// Issue 13, item 6 (decision 0027): what a transaction decides happens after it commits, even
// when the acquirer or the broadcaster fails, or the server stops in between.
describe.each(testDatabaseKinds)('The outbox on $name', (kind) => {
  let t: TestApp
  let events: OutboundEvent[]
  /** Failing adapters: the broadcaster and the acquirer's refunds throw while these are set. */
  const down = { broadcaster: false, refunds: false }
  const diner = paymentActions(() => t.app)

  /** Makes the app's real broadcaster and acquirer fail while `down` says so. */
  const withFailingAdapters = (app: TestApp['app']) => {
    events = recordEvents(app)
    const { broadcaster } = app.realtime
    const publish = broadcaster.publish.bind(broadcaster)
    broadcaster.publish = async (event) => {
      if (down.broadcaster) throw new Error('The realtime service is down')
      await publish(event)
    }
    const acquirer = sandboxAcquirerOf(app)
    const refund = acquirer.refund.bind(acquirer)
    acquirer.refund = async (ref, amount, key) => {
      if (down.refunds) throw new Error('The acquirer is down')
      return refund(ref, amount, key)
    }
  }

  beforeAll(async () => {
    t = await createTestApp(kind, {}, withFailingAdapters)
    await createOrderingRestaurant(t, 'bistro', {
      tables: numberedTables(6),
      settings: { paymentMethods: ['cash', 'card', 'sbp'], onlinePayment: true },
    })
  })
  afterAll(async () => {
    await t.close()
  })

  /** A card order whose payment the diner gave up and then cancelled; the bank pays it later. */
  const cancelledWithLatePayment = async (table: string) => {
    const session = await openTableSession(t, 'bistro', table)
    const placed = await diner.place(session.id, 'card')
    const started = await diner.startOrderPayment(placed.id)
    await diner.cancelPayment(started.id)
    expect((await diner.cancelOrder(placed.id)).statusCode).toBe(200)
    return { placed, started }
  }
  const published = (name: string, channel: string) =>
    events.some((event) => event.name === name && event.channels.includes(channel))

  it('answers the webhook 2xx once it committed though the broadcaster throws, and publishes later', async () => {
    const session = await openTableSession(t, 'bistro', 'T1')
    const placed = await diner.place(session.id, 'card')
    const started = await diner.startOrderPayment(placed.id)
    await t.app.outbox.kick()
    down.broadcaster = true
    const answer = await diner.succeeded(started)
    expect(answer.statusCode).toBe(200)
    await t.app.outbox.kick()
    expect((await diner.getOrder(placed.id)).paymentStatus).toBe('paid')
    expect(published('payment.updated', `private-order.${placed.id}`)).toBe(false)
    const waiting = await t.app.outbox.undelivered()
    expect(waiting.length).toBeGreaterThan(0)
    expect(waiting[0]).toMatchObject({ kind: 'publish', lastError: 'The realtime service is down' })

    down.broadcaster = false
    await delay(FIRST_RETRY)
    await t.app.outbox.kick()
    expect(published('payment.updated', `private-order.${placed.id}`)).toBe(true)
    expect(published('bill.updated', `private-table.${session.id}`)).toBe(true)
    expect(await t.app.outbox.undelivered()).toEqual([])
  })

  it('answers the webhook 2xx though the refund throws, and refunds once the acquirer is back', async () => {
    down.refunds = true
    const { placed, started } = await cancelledWithLatePayment('T2')
    expect((await diner.succeeded(started)).statusCode).toBe(200)
    await t.app.outbox.kick()
    // Decided and shown at once; the money itself waits for the acquirer.
    expect((await diner.getPayment(started.id)).status).toBe('succeeded')
    const order = await diner.getOrder(placed.id)
    expect(order.history.at(-1)?.refund).toEqual({ amount: started.amount, state: 'in_progress' })
    expect(await t.app.outbox.undelivered()).toContainEqual(
      expect.objectContaining({ kind: 'refund', lastError: 'The acquirer is down' }),
    )

    down.refunds = false
    await delay(FIRST_RETRY)
    await t.app.outbox.kick()
    expect((await diner.getPayment(started.id)).status).toBe('refunded')
    expect((await diner.getOrder(placed.id)).history.at(-1)?.refund?.state).toBe('done')
  })

  it('delivers after a restart what was committed before the server stopped', async () => {
    const { placed, started } = await cancelledWithLatePayment('T3')
    // The server stops right after the webhook's transaction commits, before any side effect.
    await t.app.outbox.stop()
    expect((await diner.succeeded(started)).statusCode).toBe(200)
    expect(await t.app.outbox.undelivered()).toContainEqual(
      expect.objectContaining({ kind: 'refund', attempts: 0 }),
    )
    t = await restartTestApp(t, withFailingAdapters)
    await t.app.outbox.kick()
    expect((await diner.getPayment(started.id)).status).toBe('refunded')
    expect(await diner.acquirerState(started)).not.toBe('succeeded')
    expect(published('order.updated', `private-order.${placed.id}`)).toBe(true)
    expect(await t.app.outbox.undelivered()).toEqual([])
  })

  /** The demo restaurant's waiter Anna, signed in: her channel hears of orders and calls. */
  const anna = async () => {
    const { token, waiter } = await signInAsAnna(t.app)
    return {
      channel: `private-garcon.${waiter.id}`,
      post: (path: string, payload?: Record<string, unknown>) =>
        t.app.inject({
          method: 'POST',
          url: `/api/v1/garcon${path}`,
          headers: { 'x-garcon-token': token },
          ...(payload ? { payload } : {}),
        }),
    }
  }
  const placeAtDemo = (tableSessionId: string) => orderOlivierAt(t.app, tableSessionId)
  const orderPlacedEntries = async () =>
    (await t.app.outbox.undelivered()).filter((entry) => entry.kind === 'order-placed')

  it('tells of a placed order though the broadcaster throws: the order, its table and the waiters', async () => {
    const waiter = await anna()
    const session = await openTableSession(t, 'demo', 'T1')
    down.broadcaster = true
    const answer = await placeAtDemo(session.id)
    expect(answer.statusCode).toBe(201)
    const { id } = answer.json<{ id: string }>()
    await t.app.outbox.kick()
    expect(published('order.updated', `private-order.${id}`)).toBe(false)
    expect(await orderPlacedEntries()).toEqual([
      { kind: 'order-placed', attempts: 1, lastError: 'The realtime service is down' },
    ])

    down.broadcaster = false
    await delay(FIRST_RETRY)
    await t.app.outbox.kick()
    expect(published('order.updated', `private-order.${id}`)).toBe(true)
    expect(published('bill.updated', `private-table.${session.id}`)).toBe(true)
    const placed = events.find((event) => event.name === 'order.placed' && event.data.includes(id))
    expect(placed?.channels).toContain(waiter.channel)
    expect(JSON.parse(placed?.data ?? '{}')).toMatchObject({ id, tableLabel: '1' })
    expect(await t.app.outbox.undelivered()).toEqual([])
  })

  it('writes a placed order’s entry in its statement: none for an order refused', async () => {
    const session = await openTableSession(t, 'demo', 'T2')
    await t.app.outbox.stop()
    await t.database.db
      .updateTable('tableSessions')
      .set({ closedAt: new Date(), closedReason: 'expired' })
      .where('id', '=', session.id)
      .execute()
    expect((await placeAtDemo(session.id)).statusCode).toBe(410)
    expect(await orderPlacedEntries()).toEqual([])
    t.app.outbox.start()
  })

  it('delivers after a restart an order placed just before the server stopped', async () => {
    const session = await openTableSession(t, 'demo', 'T3')
    await t.app.outbox.stop()
    const answer = await placeAtDemo(session.id)
    expect(answer.statusCode).toBe(201)
    const { id } = answer.json<{ id: string }>()
    expect(await orderPlacedEntries()).toEqual([
      { kind: 'order-placed', attempts: 0, lastError: null },
    ])
    t = await restartTestApp(t, withFailingAdapters)
    await t.app.outbox.kick()
    expect(published('order.updated', `private-order.${id}`)).toBe(true)
    expect(published('bill.updated', `private-table.${session.id}`)).toBe(true)
    expect(await t.app.outbox.undelivered()).toEqual([])
  })

  it('tells of waiter calls, and of their answers, though the broadcaster throws', async () => {
    const waiter = await anna()
    const session = await openTableSession(t, 'demo', 'T4')
    down.broadcaster = true
    const call = await t.app.inject({
      method: 'POST',
      url: '/api/v1/restaurants/demo/waiter-calls',
      payload: { tableSessionId: session.id, reason: 'bill' },
    })
    expect(call.statusCode).toBe(201)
    const { id } = call.json<{ id: string }>()
    expect((await waiter.post(`/waiter-calls/${id}/acknowledge`)).statusCode).toBe(200)
    await t.app.outbox.kick()
    const calls = () =>
      events
        .filter((event) => event.name === 'waiter-call.updated')
        .filter((event) => event.channels.includes(`private-table.${session.id}`))
        .filter((event) => event.channels.includes(waiter.channel))
        .map((event) => (JSON.parse(event.data) as { status: string }).status)
    expect(calls()).toEqual([])
    expect((await t.app.outbox.undelivered()).length).toBeGreaterThanOrEqual(2)

    down.broadcaster = false
    await delay(FIRST_RETRY)
    await t.app.outbox.kick()
    expect(calls()).toEqual(['open', 'acknowledged'])
    expect(await t.app.outbox.undelivered()).toEqual([])
  })

  it('tells the table its session closed, settled or expired, though the broadcaster throws', async () => {
    const waiter = await anna()
    const settled = await openTableSession(t, 'demo', 'T5')
    const expired = await openTableSession(t, 'demo', 'T6')
    const placed = await placeAtDemo(settled.id)
    const { id } = placed.json<{ id: string }>()
    for (const status of ['accepted', 'cooking', 'ready', 'served', 'completed']) {
      expect((await waiter.post(`/orders/${id}/status`, { status })).statusCode).toBe(200)
    }
    await t.app.outbox.kick()
    down.broadcaster = true
    expect((await waiter.post(`/orders/${id}/cash-paid`)).statusCode).toBe(200)
    await t.database.db
      .updateTable('tableSessions')
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where('id', '=', expired.id)
      .execute()
    const read = await t.app.inject({ method: 'GET', url: `/api/v1/table-sessions/${expired.id}` })
    expect(read.json()).toMatchObject({ status: 'closed', closedReason: 'expired' })
    const closed = (sessionId: string) =>
      events
        .filter((event) => event.name === 'table-session.closed')
        .filter((event) => event.channels.includes(`private-table.${sessionId}`))
        .map((event) => JSON.parse(event.data) as unknown)
    await t.app.outbox.kick()
    expect(closed(settled.id)).toEqual([])
    expect(closed(expired.id)).toEqual([])

    down.broadcaster = false
    await delay(FIRST_RETRY)
    await t.app.outbox.kick()
    expect(closed(settled.id)).toEqual([{ sessionId: settled.id, reason: 'settled' }])
    expect(closed(expired.id)).toEqual([{ sessionId: expired.id, reason: 'expired' }])
    expect(await t.app.outbox.undelivered()).toEqual([])
  })

  it('tells open menus of a stop-list change though the broadcaster throws', async () => {
    down.broadcaster = true
    const { changed } = await t.menu.setAvailability('demo', ['olivier'], false)
    expect(changed).toEqual(['olivier'])
    await t.app.outbox.kick()
    const heard = () =>
      events
        .filter((event) => event.name === 'menu.updated')
        .filter((event) => event.channels.includes('restaurant.demo'))
        .map((event) => (JSON.parse(event.data) as { availability: unknown }).availability)
    expect(heard()).toEqual([])
    down.broadcaster = false
    await delay(FIRST_RETRY)
    await t.app.outbox.kick()
    expect(heard()).toEqual([[{ dishId: 'olivier', available: false }]])
    await t.menu.setAvailability('demo', ['olivier'], true)
    await t.app.outbox.kick()
    expect(heard()).toHaveLength(2)
    expect(await t.app.outbox.undelivered()).toEqual([])
  })

  it('reads a batch ahead in one go, and delivers one by one when the read-ahead fails', async () => {
    const delivered: unknown[] = []
    let readAheads = 0
    let failing = true
    t.app.outbox.handle(
      'test-read-ahead',
      (payload) => {
        delivered.push(payload)
        return Promise.resolve()
      },
      (payloads) => {
        readAheads++
        if (failing) return Promise.reject(new Error('The read-ahead failed'))
        expect(payloads).toEqual([{ n: 3 }, { n: 4 }])
        return Promise.resolve()
      },
    )
    const entries = (ns: number[]) => ns.map((n) => ({ kind: 'test-read-ahead', payload: { n } }))
    await t.app.outbox.add(entries([1, 2]), t.database.db)
    await t.app.outbox.kick()
    failing = false
    await t.app.outbox.add(entries([3, 4]), t.database.db)
    await t.app.outbox.kick()
    expect(delivered).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }])
    expect(readAheads).toBe(2)
  })

  it('never lets two nodes deliver one entry', async () => {
    await t.app.outbox.stop()
    const delivered: string[] = []
    const nodes = [0, 1].map(() => {
      const node = new Outbox({ db: t.database.db, broadcaster: t.app.realtime.broadcaster })
      node.handle('count', async (payload) => {
        await delay(1)
        delivered.push(String((payload as { n: number }).n))
      })
      return node
    })
    const entries = Array.from({ length: 40 }, (_, n) => ({ kind: 'count', payload: { n } }))
    await nodes[0]?.add(entries, t.database.db)
    await Promise.all(nodes.map((node) => node.kick()))
    await Promise.all(nodes.map((node) => node.kick()))
    expect(delivered).toHaveLength(40)
    expect(new Set(delivered).size).toBe(40)
  })

  // Issue 26: a node killed mid-batch held its entries for a minute (the lease was 60 s).
  it('lets another node deliver within 5 s what a dead node had claimed, never what a live one still works on', async () => {
    await t.app.outbox.stop()
    const { db } = t.database
    const { broadcaster } = t.app.realtime
    // One clock for every node (the database's own now() is never later than it).
    let clock = Date.now()
    const now = () => new Date(clock)
    const delivered: string[] = []
    const node = (name: string, hold = Promise.resolve()) => {
      const outbox = new Outbox({ db, broadcaster, now })
      outbox.handle('lease', async (payload) => {
        await hold
        delivered.push(`${name}:${String((payload as { n: number }).n)}`)
      })
      return outbox
    }
    const leaseOf = async (n: number) => {
      const rows = await db.selectFrom('outbox').selectAll().where('kind', '=', 'lease').execute()
      const row = rows.find((entry) => (entry.payload as { n: number }).n === n)
      return row?.nextAttemptAt.getTime()
    }
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    try {
      // A node claims an entry and dies before delivering it: nothing renews its lease.
      await node('any').add([{ kind: 'lease', payload: { n: 1 } }], db)
      const claimedAt = clock
      await createOutboxRepository(db).claimDue(now(), new Date(clock + LEASE_MS), 50)
      const rescuer = node('rescuer')
      clock += LEASE_MS - 100
      await rescuer.kick()
      expect(delivered).toEqual([])
      clock += 200
      await rescuer.kick()
      expect(delivered).toEqual(['rescuer:1'])
      // The next look comes a second later: delivered within 5 s of the node's death.
      expect(clock - claimedAt + 1_000).toBeLessThanOrEqual(5_000)

      // A live node whose delivery takes long renews its lease: nobody takes its entry.
      let finish = () => {}
      const slow = node('slow', new Promise<void>((resolve) => (finish = resolve)))
      await slow.add([{ kind: 'lease', payload: { n: 2 } }], db)
      const working = slow.kick()
      await expect.poll(() => leaseOf(2)).toBe(clock + LEASE_MS)
      for (let second = 1; second <= 6; second++) {
        clock += 1_000
        const before = await leaseOf(2)
        vi.advanceTimersByTime(1_000)
        await expect.poll(() => leaseOf(2)).not.toBe(before)
        expect(await leaseOf(2)).toBe(clock + LEASE_MS)
        await rescuer.kick()
      }
      expect(delivered).toEqual(['rescuer:1'])
      finish()
      await working
      expect(delivered).toEqual(['rescuer:1', 'slow:2'])
      await rescuer.kick()
      expect(delivered).toEqual(['rescuer:1', 'slow:2'])
    } finally {
      vi.useRealTimers()
    }
  })
})
