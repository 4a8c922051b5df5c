import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { waiterCall, type WaiterCallReason } from '@tableside/contracts/waiter-calls'
import { createTestApp, restartTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import {
  openTableSession,
  signInAnnaAndIgor,
  type SignedInWaiter,
} from '../../test/test-restaurants'
import { Outbox } from '../outbox/outbox'
import { createCallEscalation } from './call-escalation'
import { createGarconAlerts } from './garcon-alerts'

// Decision 0045: a call nobody acknowledges within the restaurant's escalation time (60 s
// unless set) goes to every waiter on shift who has not heard it, once, whatever restarts or
// nodes there are. The app's clock is the test's: time passes only when the test says so.
describe.each(testDatabaseKinds)('Escalation of unanswered calls on $name', (kind) => {
  let t: TestApp
  const clock = { now: new Date('2026-11-24T18:00:00Z') }
  const later = (seconds: number) => {
    clock.now = new Date(clock.now.getTime() + seconds * 1000)
  }
  let waiters: Record<'anna' | 'igor', SignedInWaiter>

  beforeAll(async () => {
    t = await createTestApp(kind, {}, undefined, () => clock.now)
    waiters = await signInAnnaAndIgor(t.app)
  })
  afterAll(async () => {
    await t.close()
  })

  const shift = async (who: 'anna' | 'igor', onShift: boolean) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/garcon/me/shift',
      headers: { 'x-garcon-token': waiters[who].token },
      payload: { onShift },
    })
    expect(response.statusCode).toBe(200)
  }

  beforeEach(async () => {
    await shift('anna', true)
    await shift('igor', true)
    await t.database.db.updateTable('waiterCalls').set({ status: 'done' }).execute()
    await t.database.db
      .updateTable('restaurants')
      .set({ callEscalationSeconds: 60 })
      .where('id', '=', 'demo')
      .execute()
  })

  const call = async (tableCode: string, reason: WaiterCallReason = 'waiter', comment?: string) => {
    const session = await openTableSession(t, 'demo', tableCode)
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/restaurants/demo/waiter-calls',
      payload: { tableSessionId: session.id, reason, ...(comment ? { comment } : {}) },
    })
    expect(response.statusCode).toBe(201)
    return waiterCall.parse(response.json())
  }

  /** Who holds an alert of the call, and whether theirs is the escalation's. */
  const alertsOfCall = async (callId: string) => {
    const rows = await t.database.db
      .selectFrom('garconAlerts')
      .select(['waiterId', 'detail', 'kind', 'tableCode'])
      .where('callId', '=', callId)
      .orderBy('createdAt')
      .execute()
    return rows.map((row) => ({
      who: row.waiterId === waiters.anna.id ? 'anna' : 'igor',
      escalated: row.detail.escalated ?? false,
      kind: row.kind,
      table: row.tableCode,
    }))
  }

  it('reaches every waiter on shift once the escalation time passes unanswered, and only once', async () => {
    const calledAt = clock.now.getTime()
    const made = await call('T1', 'other', 'Можно детский стул?')
    expect(await alertsOfCall(made.id)).toEqual([
      { who: 'anna', escalated: false, kind: 'waiter_call', table: 'T1' },
    ])
    later(59)
    await t.app.callEscalation.sweep()
    expect(await alertsOfCall(made.id)).toHaveLength(1)

    later(2)
    await t.app.callEscalation.sweep()
    expect(await alertsOfCall(made.id)).toEqual([
      { who: 'anna', escalated: false, kind: 'waiter_call', table: 'T1' },
      { who: 'igor', escalated: true, kind: 'waiter_call', table: 'T1' },
    ])
    // What Игорь's screen needs: the table, the reason and the guest's words.
    const igors = await t.app.inject({
      method: 'GET',
      url: '/api/v1/garcon/alerts',
      headers: { 'x-garcon-token': waiters.igor.token },
    })
    expect(igors.json<{ alerts: unknown[] }>().alerts).toContainEqual(
      expect.objectContaining({
        kind: 'waiter_call',
        callId: made.id,
        table: { code: 'T1', label: expect.any(String) as string },
        detail: { reason: 'other', comment: 'Можно детский стул?', escalated: true },
      }),
    )
    const stamped = await t.database.db
      .selectFrom('waiterCalls')
      .select(['escalateAt', 'escalatedAt'])
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow()
    expect(stamped.escalateAt?.getTime()).toBe(calledAt + 60_000)
    expect(stamped.escalatedAt).not.toBeNull()

    later(120)
    expect(await t.app.callEscalation.sweep()).toBe(0)
    expect(await alertsOfCall(made.id)).toHaveLength(2)
  })

  it('leaves a call someone acknowledged, and skips waiters off shift', async () => {
    const answered = await call('T2')
    const acknowledged = await t.app.inject({
      method: 'POST',
      url: `/api/v1/garcon/waiter-calls/${answered.id}/acknowledge`,
      headers: { 'x-garcon-token': waiters.anna.token },
    })
    expect(acknowledged.statusCode).toBe(200)
    const unanswered = await call('T4', 'bill')
    // Игорь goes off shift before the escalation: it has nobody new to tell.
    await shift('igor', false)
    later(61)
    await t.app.callEscalation.sweep()
    expect(await alertsOfCall(answered.id)).toEqual([
      { who: 'anna', escalated: false, kind: 'waiter_call', table: 'T2' },
    ])
    expect(await alertsOfCall(unanswered.id)).toEqual([
      { who: 'anna', escalated: false, kind: 'waiter_call', table: 'T4' },
    ])
  })

  it('waits the restaurant’s own escalation time', async () => {
    await t.database.db
      .updateTable('restaurants')
      .set({ callEscalationSeconds: 120 })
      .where('id', '=', 'demo')
      .execute()
    const made = await call('T5')
    later(61)
    await t.app.callEscalation.sweep()
    expect(await alertsOfCall(made.id)).toHaveLength(1)
    later(60)
    await t.app.callEscalation.sweep()
    expect((await alertsOfCall(made.id)).map((a) => a.who)).toEqual(['anna', 'igor'])
  })

  it('escalates a call that fell due while the server was down, after the restart', async () => {
    const made = await call('T6')
    t = await restartTestApp(t)
    later(300)
    await t.app.callEscalation.sweep()
    expect(await alertsOfCall(made.id)).toEqual([
      { who: 'anna', escalated: false, kind: 'waiter_call', table: 'T6' },
      { who: 'igor', escalated: true, kind: 'waiter_call', table: 'T6' },
    ])
  })

  it('escalates each call once when several nodes sweep together', async () => {
    const calls = []
    for (const table of ['T1', 'T2', 'T3', 'T4', 'T5', 'T6']) {
      for (const reason of ['waiter', 'bill'] as const) calls.push(await call(table, reason))
    }
    later(61)
    // Three more "nodes" on the same database, each with its own outbox and escalation.
    const nodes = [0, 1, 2].map(() => {
      const outbox = new Outbox({
        db: t.database.db,
        broadcaster: { publish: () => Promise.resolve() },
      })
      return createCallEscalation({
        db: t.database.db,
        alerts: createGarconAlerts({ db: t.database.db, outbox }),
        delivered: () => undefined,
        now: () => clock.now,
      })
    })
    const counts = await Promise.all([
      ...nodes.map((node) => node.sweep()),
      t.app.callEscalation.sweep(),
    ])
    expect(counts.reduce((sum, n) => sum + n, 0)).toBeLessThanOrEqual(calls.length)
    for (const made of calls) {
      expect((await alertsOfCall(made.id)).map((a) => [a.who, a.escalated])).toEqual([
        ['anna', false],
        ['igor', true],
      ])
    }
  })
})
