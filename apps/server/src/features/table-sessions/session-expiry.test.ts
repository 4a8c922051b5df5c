import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { listGarconAlerts } from '@tableside/contracts/garcon-alerts'
import { bill } from '@tableside/contracts/orders'
import { tableChannel, tableSession } from '@tableside/contracts/table-sessions'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { paymentActions } from '../../test/test-payments'
import {
  openTableSession,
  signInWaitersOfTwoRestaurants,
  type SignedInWaiter,
} from '../../test/test-restaurants'
import { createGarconAlerts } from '../garcon/garcon-alerts'
import { Outbox } from '../outbox/outbox'
import { createSessionExpiry, type SessionExpiry } from './session-expiry'
import { expireSession } from './table-session-service'

const OLIVIER = { dishId: 'olivier', quantity: 1, optionIds: [] }
const MINUTE = 60_000

// Decision 0049: a session nobody used until its `expires_at` ends within the sweep's period
// even if nobody looks at it, and the table's waiters are told once, whichever node or request
// ends it. The sweeper's clock is the test's; sessions are opened on the real one, so the test
// moves its clock past their `expires_at` instead of waiting three hours.
describe.each(testDatabaseKinds)('Table sessions that run out, on $name', (kind) => {
  let t: TestApp
  const clock = { now: new Date() }
  let waiters: Record<'anna' | 'igor' | 'olga', SignedInWaiter>
  /** This node's sweeper on the test's clock. */
  let expiry: SessionExpiry
  const diner = paymentActions(() => t.app, 'demo')

  beforeAll(async () => {
    // The test sweeps when it says, on its clock: the app's own sweep every 15 s runs on the real
    // one, where nothing it opened has run out.
    t = await createTestApp(kind)
    const { outbox } = t.app
    expiry = createSessionExpiry({
      db: t.database.db,
      outbox,
      alertAtTable: t.app.alertAtTable,
      delivered: () => outbox.kick(),
      now: () => clock.now,
    })
    waiters = await signInWaitersOfTwoRestaurants(t)
  })
  afterAll(async () => {
    await t.close()
  })
  beforeEach(async () => {
    // Each test starts with every table free, at the real time.
    clock.now = new Date()
    await t.database.db
      .updateTable('tableSessions')
      .set({ closedAt: new Date(), closedReason: 'settled' })
      .where('closedAt', 'is', null)
      .execute()
    await t.database.db.deleteFrom('garconAlerts').execute()
  })

  /** The sweeper's clock set `ms` after the session's stored end of life. */
  const pastExpiry = async (sessionId: string, ms: number) => {
    const row = await t.database.db
      .selectFrom('tableSessions')
      .select('expiresAt')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow()
    clock.now = new Date(row.expiresAt.getTime() + ms)
  }
  const stored = (sessionId: string) =>
    t.database.db
      .selectFrom('tableSessions')
      .select(['closedAt', 'closedReason'])
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow()
  const endedRows = (tableCode?: string) => {
    let query = t.database.db
      .selectFrom('garconAlerts')
      .select(['waiterId', 'restaurantId', 'tableCode', 'detail'])
      .where('kind', '=', 'session_ended')
    if (tableCode) query = query.where('tableCode', '=', tableCode)
    return query.orderBy('waiterId').execute()
  }
  const closedEvents = async (sessionId: string) => {
    const rows = await t.database.db.selectFrom('outbox').select('payload').execute()
    return rows
      .map((row) => row.payload as { channels?: string[]; name?: string; data?: string })
      .filter(
        (payload) =>
          payload.name === 'table-session.closed' &&
          payload.channels?.includes(tableChannel(sessionId)),
      )
      .map((payload) => JSON.parse(payload.data ?? 'null') as unknown)
  }
  const whoHeard = async (tableCode: string) =>
    (await endedRows(tableCode))
      .map(
        (row) =>
          Object.entries(waiters).find(([, waiter]) => waiter.id === row.waiterId)?.[0] ?? '?',
      )
      .sort()

  it('ends a session nobody touches once its time is up, telling its waiters and the phones once', async () => {
    const session = await openTableSession(t, 'demo', 'T3')
    const bistro = await openTableSession(t, 'bistro', 'B1')
    const { expiresAt } = await t.database.db
      .selectFrom('tableSessions')
      .select('expiresAt')
      .where('id', '=', session.id)
      .executeTakeFirstOrThrow()
    await t.database.db
      .updateTable('tableSessions')
      .set({ expiresAt })
      .where('id', '=', bistro.id)
      .execute()
    await pastExpiry(session.id, -1_000)
    expect(await expiry.sweep()).toBe(0)
    expect((await stored(session.id)).closedAt).toBeNull()

    await pastExpiry(session.id, 30_000)
    expect(await expiry.sweep()).toBe(2)
    expect(await stored(session.id)).toMatchObject({ closedReason: 'expired' })
    // The demo has nobody on shift: both its waiters hear; the bistro's waiter does not.
    expect(await whoHeard('T3')).toEqual(['anna', 'igor'])
    expect(await whoHeard('B1')).toEqual(['olga'])
    for (const who of ['anna', 'igor'] as const) {
      const alerts = listGarconAlerts.response.parse(
        (
          await t.app.inject({
            url: '/api/v1/garcon/alerts',
            headers: { 'x-garcon-token': waiters[who].token },
          })
        ).json(),
      ).alerts
      expect(alerts).toEqual([
        expect.objectContaining({
          kind: 'session_ended',
          table: { code: 'T3', label: '3' },
          detail: { closedReason: 'expired', idleMinutes: 180 },
        }),
      ])
    }
    expect(await closedEvents(session.id)).toEqual([{ sessionId: session.id, reason: 'expired' }])

    // Nothing more, however often it is swept or looked at.
    expect(await expiry.sweep()).toBe(0)
    const read = tableSession.parse(
      (await t.app.inject(`/api/v1/table-sessions/${session.id}`)).json(),
    )
    expect(read).toMatchObject({ status: 'closed', closedReason: 'expired' })
    expect(await endedRows('T3')).toHaveLength(2)
    expect(await closedEvents(session.id)).toHaveLength(1)
    // The next guests at the table start a session of their own.
    expect((await openTableSession(t, 'demo', 'T3')).id).not.toBe(session.id)
  })

  it('tells the waiters once when a phone at the table ends the session first, or races the sweep', async () => {
    const looked = await openTableSession(t, 'demo', 'T4')
    const raced = await openTableSession(t, 'demo', 'T5')
    await t.database.db
      .updateTable('tableSessions')
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where('id', 'in', [looked.id, raced.id])
      .execute()
    clock.now = new Date()
    // A phone looks first: the session ends on the way, and its waiters hear it then.
    const read = await t.app.inject(`/api/v1/table-sessions/${looked.id}`)
    expect(read.json()).toMatchObject({ status: 'closed', closedReason: 'expired' })
    expect(await endedRows('T4')).toHaveLength(2)
    await expiry.sweep()
    expect(await endedRows('T4')).toHaveLength(2)

    const [phone] = await Promise.all([
      t.app.inject(`/api/v1/table-sessions/${raced.id}`),
      expiry.sweep(),
    ])
    expect(phone.json()).toMatchObject({ status: 'closed', closedReason: 'expired' })
    expect(await endedRows('T5')).toHaveLength(2)
    expect(await closedEvents(raced.id)).toHaveLength(1)
  })

  it('leaves alone a session ended meanwhile or touched meanwhile, whoever read it before', async () => {
    const session = await openTableSession(t, 'demo', 'T9')
    await pastExpiry(session.id, 30_000)
    let calls = 0
    const alertAtTable = () => {
      calls++
      return Promise.resolve()
    }
    const endedBy = (at: Date) =>
      t.database.db
        .transaction()
        .execute((trx) =>
          expireSession(trx, session.id, at, { outbox: t.app.outbox, alertAtTable }),
        )
    // Not run out yet at this instant (a phone touched it): not ended.
    expect(await endedBy(new Date(clock.now.getTime() - 60_000))).toBe(false)
    expect((await stored(session.id)).closedAt).toBeNull()
    // A phone that read the session before the sweep ended it comes second: nothing again.
    expect(await endedBy(clock.now)).toBe(true)
    expect(await endedBy(clock.now)).toBe(false)
    expect(calls).toBe(1)
    expect(await expiry.sweep()).toBe(0)
    expect(await closedEvents(session.id)).toHaveLength(1)
  })

  it('ends each session once when several nodes sweep together', async () => {
    const tables = ['T1', 'T2', 'T3', 'T4', 'T5', 'T6', 'T7', 'T8', 'T9', 'T10', 'T11', 'T12']
    const sessions = []
    for (const code of tables) sessions.push(await openTableSession(t, 'demo', code))
    await pastExpiry(sessions.at(-1)?.id ?? '', MINUTE)
    // Three more "nodes" on the same database, each with its own outbox and sweeper.
    const nodes = [0, 1, 2].map(() => {
      const outbox = new Outbox({
        db: t.database.db,
        broadcaster: { publish: () => Promise.resolve() },
      })
      const alerts = createGarconAlerts({ db: t.database.db, outbox })
      return createSessionExpiry({
        db: t.database.db,
        outbox,
        alertAtTable: (trx, id, alert) => alerts.raiseAtTable(trx, id, alert),
        delivered: () => undefined,
        now: () => clock.now,
      })
    })
    const counts = await Promise.all([...nodes.map((node) => node.sweep()), expiry.sweep()])
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(tables.length)
    expect(counts.filter((n) => n > 0).length).toBeGreaterThanOrEqual(1)
    for (const [index, code] of tables.entries()) {
      expect(await stored(sessions[index]?.id ?? '')).toMatchObject({ closedReason: 'expired' })
      expect((await endedRows(code)).length, code).toBe(2)
      expect(await closedEvents(sessions[index]?.id ?? '')).toHaveLength(1)
    }
  })

  it('ends a session with money still due as any other, and a card payment in progress still counts when it succeeds', async () => {
    const session = await openTableSession(t, 'demo', 'T2')
    const cash = await diner.place(session.id, 'cash', [OLIVIER])
    const card = await diner.place(session.id, 'card', [OLIVIER])
    const payment = await diner.startOrderPayment(card.id)
    await pastExpiry(session.id, 30_000)
    await expiry.sweep()
    expect(await stored(session.id)).toMatchObject({ closedReason: 'expired' })
    expect(await endedRows('T2')).toHaveLength(2)

    // The diner pays on the acquirer's page after the session ended: the money is the order's.
    expect((await diner.succeeded(payment)).statusCode).toBe(200)
    expect((await diner.getPayment(payment.id)).status).toBe('succeeded')
    expect(await diner.getOrder(card.id)).toMatchObject({ paymentStatus: 'paid' })
    expect(await diner.getOrder(cash.id)).toMatchObject({ paymentStatus: 'unpaid' })
    const received = await t.database.db
      .selectFrom('garconAlerts')
      .select(['tableCode', 'orderNumber'])
      .where('kind', '=', 'payment_received')
      .execute()
    expect(received).toEqual([
      { tableCode: 'T2', orderNumber: card.number },
      { tableCode: 'T2', orderNumber: card.number },
    ])
    // Back from the acquirer's page, the diner's bill shows the table ended and what is left.
    const after = bill.parse(
      (await t.app.inject(`/api/v1/table-sessions/${session.id}/bill`)).json(),
    )
    expect(after.sessionStatus).toBe('closed')
    expect(after.totals.due).toBe(cash.totals.total)
    // The session stays ended as it ended: a payment does not reopen or re-end it.
    expect(await stored(session.id)).toMatchObject({ closedReason: 'expired' })
    expect(await endedRows('T2')).toHaveLength(2)
  })

  it('ends silently a session that ran out long before anyone swept (the server was down)', async () => {
    const session = await openTableSession(t, 'demo', 'T6')
    await pastExpiry(session.id, 2 * 60 * MINUTE)
    await expiry.sweep()
    expect(await stored(session.id)).toMatchObject({ closedReason: 'expired' })
    expect(await closedEvents(session.id)).toEqual([{ sessionId: session.id, reason: 'expired' }])
    expect(await endedRows('T6')).toEqual([])
  })
})
