import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  GARCON_NEWS_MINUTES,
  garconAlertsHandled,
  listGarconAlerts,
} from '@tableside/contracts/garcon-alerts'
import { garconFloor } from '@tableside/contracts/garcon-floor'
import { order } from '@tableside/contracts/orders'
import { garconChannel } from '@tableside/contracts/table-events'
import { waiterCall } from '@tableside/contracts/waiter-calls'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { recordEvents } from '../../test/test-payments'
import {
  openTableSession,
  orderOlivierAt,
  signInAnnaAndIgor,
  type SignedInWaiter,
} from '../../test/test-restaurants'
import type { OutboundEvent } from '../realtime/realtime-protocol'

// Issue 30, decision 0123: an alert whose cause is handled leaves every waiter's feed by itself,
// wherever it was handled; news leaves after its minutes. Анна serves T1–T6, Игорь T7–T12.
describe.each(testDatabaseKinds)('Handled alerts leave the feed on $name', (kind) => {
  let t: TestApp
  let events: OutboundEvent[]
  let clock = new Date()
  let waiters: Record<'anna' | 'igor', SignedInWaiter>

  beforeAll(async () => {
    t = await createTestApp(kind, {}, undefined, () => clock)
    events = recordEvents(t.app)
    waiters = await signInAnnaAndIgor(t.app)
  })
  afterAll(async () => {
    await t.close()
  })
  beforeEach(async () => {
    clock = new Date()
    await t.app.outbox.kick()
    await t.database.db.updateTable('garconAlerts').set({ readAt: new Date() }).execute()
    events.length = 0
  })

  const asWaiter = (who: 'anna' | 'igor') => ({ 'x-garcon-token': waiters[who].token })

  const alertsOf = async (who: 'anna' | 'igor') => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/garcon/alerts',
      headers: asWaiter(who),
    })
    expect(response.statusCode).toBe(200)
    return listGarconAlerts.response.parse(response.json())
  }
  const kindsOf = async (who: 'anna' | 'igor') =>
    (await alertsOf(who)).alerts.map((alert) => alert.kind).sort()

  /** The ids the waiter's channel was told were handled since the test began. */
  const handledFor = async (who: 'anna' | 'igor') => {
    await t.app.outbox.kick()
    return events
      .filter(
        (event) =>
          event.name === garconAlertsHandled.name &&
          event.channels.includes(garconChannel(waiters[who].id)),
      )
      .flatMap((event) => garconAlertsHandled.data.parse(JSON.parse(event.data)).alertIds)
  }

  const post = (who: 'anna' | 'igor', url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: asWaiter(who), payload })

  const shift = async (who: 'anna' | 'igor', onShift: boolean) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/garcon/me/shift',
      headers: asWaiter(who),
      payload: { onShift },
    })
    expect(response.statusCode).toBe(200)
  }

  const callAt = async (sessionId: string, reason: 'waiter' | 'bill') => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/restaurants/demo/waiter-calls',
      payload: { tableSessionId: sessionId, reason },
    })
    expect(response.statusCode).toBe(201)
    return waiterCall.parse(response.json())
  }

  it('an answered call leaves the feeds of the waiters who are not on the way, a done one every feed, once', async () => {
    // Nobody on shift: every active waiter hears the call (decision 0042).
    await shift('anna', false)
    await shift('igor', false)
    const session = await openTableSession(t, 'demo', 'T2')
    const call = await callAt(session.id, 'waiter')
    const before = (await alertsOf('anna')).alerts.filter((alert) => alert.callId === call.id)
    expect(before).toHaveLength(1)
    expect((await alertsOf('igor')).alerts.some((alert) => alert.callId === call.id)).toBe(true)

    // Игорь is on his way: the call leaves Анна's feed, and stays in his (with its "Done").
    expect((await post('igor', `/garcon/waiter-calls/${call.id}/acknowledge`)).statusCode).toBe(200)
    expect(await alertsOf('anna')).toEqual({ unread: 0, alerts: [] })
    expect((await alertsOf('igor')).alerts.map((alert) => alert.callId)).toEqual([call.id])
    expect(await handledFor('anna')).toEqual([before[0]?.id])
    expect(await handledFor('igor')).toEqual([])

    // Done: gone from his too. Done again settles nothing twice: each alert is told handled once.
    expect((await post('igor', `/garcon/waiter-calls/${call.id}/done`)).statusCode).toBe(200)
    expect((await post('anna', `/garcon/waiter-calls/${call.id}/done`)).statusCode).toBe(200)
    expect(await alertsOf('igor')).toEqual({ unread: 0, alerts: [] })
    expect(await handledFor('anna')).toHaveLength(1)
    expect(await handledFor('igor')).toHaveLength(1)
  })

  it('a new order leaves when it is accepted, the ready one when it is served', async () => {
    await shift('anna', true)
    await shift('igor', true)
    const session = await openTableSession(t, 'demo', 'T3')
    const placed = order.parse((await orderOlivierAt(t.app, session.id)).json())
    // Igor's table T8 keeps its alert: only this order's are answered.
    const other = await openTableSession(t, 'demo', 'T8')
    await callAt(other.id, 'bill')
    expect(await kindsOf('anna')).toEqual(['order_placed'])

    const step = async (status: string) => {
      const moved = await post('anna', `/garcon/orders/${placed.id}/status`, { status })
      expect(moved.statusCode).toBe(200)
    }
    await step('accepted')
    expect(await kindsOf('anna')).toEqual([])
    await step('cooking')
    await step('ready')
    expect(await kindsOf('anna')).toEqual(['order_ready'])
    await step('served')
    expect(await kindsOf('anna')).toEqual([])
    expect(await handledFor('anna')).toHaveLength(2)
    expect(await kindsOf('igor')).toEqual(['waiter_call'])
  })

  it('a visit that ends takes whatever waited at its table with it', async () => {
    await shift('anna', true)
    await shift('igor', true)
    const session = await openTableSession(t, 'demo', 'T4')
    await callAt(session.id, 'bill')
    await callAt(session.id, 'waiter')
    expect(await kindsOf('anna')).toEqual(['waiter_call', 'waiter_call'])

    // Igor closes Anna's table (nothing was ordered, so nothing is due).
    const closed = await post('igor', `/garcon/table-sessions/${session.id}/close`)
    expect(closed.statusCode).toBe(200)
    // The calls went with the visit; what is left is the news that it ended.
    expect(await kindsOf('anna')).toEqual(['session_ended'])
    expect(await handledFor('anna')).toHaveLength(2)
  })

  it('lists the tables where something waits first, the rest as the table list orders them', async () => {
    await shift('anna', true)
    const floorCodes = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/garcon/floor',
        headers: asWaiter('anna'),
      })
      expect(response.statusCode).toBe(200)
      return garconFloor.parse(response.json()).tables.map((table) => table.code)
    }
    const quiet = await floorCodes()
    const session = await openTableSession(t, 'demo', 'T5')
    const call = await callAt(session.id, 'bill')
    expect(await floorCodes()).toEqual(['T5', ...quiet.filter((code) => code !== 'T5')])
    // Someone is on the way: the table still waits until the call is done.
    expect((await post('anna', `/garcon/waiter-calls/${call.id}/acknowledge`)).statusCode).toBe(200)
    expect((await floorCodes())[0]).toBe('T5')
    expect((await post('anna', `/garcon/waiter-calls/${call.id}/done`)).statusCode).toBe(200)
    expect(await floorCodes()).toEqual(quiet)
  })

  it('news leaves the feed by itself after its minutes; what waits stays', async () => {
    await shift('anna', true)
    const session = await openTableSession(t, 'demo', 'T5')
    await callAt(session.id, 'waiter')
    const closedElsewhere = await openTableSession(t, 'demo', 'T6')
    expect(
      (await post('igor', `/garcon/table-sessions/${closedElsewhere.id}/close`)).statusCode,
    ).toBe(200)
    expect(await kindsOf('anna')).toEqual(['session_ended', 'waiter_call'])

    clock = new Date(Date.now() + (GARCON_NEWS_MINUTES + 1) * 60_000)
    expect(await alertsOf('anna')).toMatchObject({ unread: 1, alerts: [{ kind: 'waiter_call' }] })
  })
})
