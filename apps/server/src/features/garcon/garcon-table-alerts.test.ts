import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { garconAlert, listGarconAlerts, type GarconAlert } from '@tableside/contracts/garcon-alerts'
import { bill, order } from '@tableside/contracts/orders'
import { payment } from '@tableside/contracts/payments'
import { garconChannel } from '@tableside/contracts/table-events'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { paymentActions, recordEvents } from '../../test/test-payments'
import { openTableSession, orderOlivierAt, signInAsWaiter } from '../../test/test-restaurants'
import type { OutboundEvent } from '../realtime/realtime-protocol'

// Issue 15, decision 0045: what happens at a table alerts whoever hears it (decision 0042),
// stored and on the waiter's channel: a new order, an order ready, a payment (and the waiter
// its tip goes to), a table settled. Анна serves T1–T6, Игорь T7–T12.
describe.each(testDatabaseKinds)('Alerts of what happens at a table on $name', (kind) => {
  let t: TestApp
  let events: OutboundEvent[]
  const waiters: Record<'anna' | 'igor', { id: string; token: string }> = {
    anna: { id: '', token: '' },
    igor: { id: '', token: '' },
  }

  beforeAll(async () => {
    t = await createTestApp(kind)
    events = recordEvents(t.app)
    waiters.anna = await signInAsWaiter(t.app, 'anna', '1111').then((s) => ({
      id: s.waiter.id,
      token: s.token,
    }))
    waiters.igor = await signInAsWaiter(t.app, 'igor', '2222').then((s) => ({
      id: s.waiter.id,
      token: s.token,
    }))
  })
  afterAll(async () => {
    await t.close()
  })
  beforeEach(async () => {
    // What an earlier test left due (its alerts' events) is delivered before the slate is wiped,
    // or it lands in this test's heardBy.
    await t.app.outbox.kick()
    await t.database.db.updateTable('garconAlerts').set({ readAt: new Date() }).execute()
    events.length = 0
  })

  const asWaiter = (who: 'anna' | 'igor') => ({ 'x-garcon-token': waiters[who].token })

  const shift = async (who: 'anna' | 'igor', onShift: boolean) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/garcon/me/shift',
      headers: asWaiter(who),
      payload: { onShift },
    })
    expect(response.statusCode).toBe(200)
  }

  /** The waiter's unread alerts, oldest first, as a reload lists them. */
  const alertsOf = async (who: 'anna' | 'igor') => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/garcon/alerts',
      headers: asWaiter(who),
    })
    expect(response.statusCode).toBe(200)
    return listGarconAlerts.response.parse(response.json()).alerts.reverse()
  }

  /** The alerts delivered on the waiter's channel since the test began. */
  const heardBy = async (who: 'anna' | 'igor'): Promise<GarconAlert[]> => {
    await t.app.outbox.kick()
    return events
      .filter(
        (event) =>
          event.name === 'garcon-alert.created' &&
          event.channels.includes(garconChannel(waiters[who].id)),
      )
      .map((event) => garconAlert.parse(JSON.parse(event.data)))
  }

  const move = async (orderId: string, status: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/garcon/orders/${orderId}/status`,
      headers: asWaiter('anna'),
      payload: { status },
    })
    expect(response.statusCode).toBe(200)
  }

  it('tells the table’s waiter of a new order, its number and total, and nobody else', async () => {
    await shift('anna', true)
    await shift('igor', true)
    const session = await openTableSession(t, 'demo', 'T1')
    const placed = await orderOlivierAt(t.app, session.id)
    expect(placed.statusCode).toBe(201)
    const o = order.parse(placed.json())

    const expected = {
      kind: 'order_placed',
      table: { code: 'T1', label: expect.any(String) as string },
      orderNumber: o.number,
      callId: null,
      detail: { amount: o.totals.total, currency: 'RUB' },
      readAt: null,
    }
    expect(await alertsOf('anna')).toMatchObject([expected])
    // On the channel exactly as the list has it: its id, and its time to the millisecond.
    expect(await heardBy('anna')).toEqual(await alertsOf('anna'))
    expect(await alertsOf('igor')).toEqual([])
    expect(await heardBy('igor')).toEqual([])
    // One alert for one order.
    const rows = await t.database.db
      .selectFrom('garconAlerts')
      .select('id')
      .where('orderNumber', '=', o.number)
      .execute()
    expect(rows).toHaveLength(1)
  })

  it('tells every waiter on shift of an order at a table whose waiter is not on shift', async () => {
    await shift('anna', false)
    await shift('igor', true)
    const session = await openTableSession(t, 'demo', 'T2')
    expect((await orderOlivierAt(t.app, session.id)).statusCode).toBe(201)
    expect((await alertsOf('igor')).map((a) => [a.kind, a.table?.code])).toEqual([
      ['order_placed', 'T2'],
    ])
    expect(await alertsOf('anna')).toEqual([])
  })

  it('tells of an order ready, a payment with its tip, and the table settled', async () => {
    // Анна is off shift: Игорь hears T3; the tip of a payment at T3 is still Анна's.
    await shift('anna', false)
    await shift('igor', true)
    const session = await openTableSession(t, 'demo', 'T3')
    const o = order.parse((await orderOlivierAt(t.app, session.id)).json())
    for (const status of ['accepted', 'cooking', 'ready']) await move(o.id, status)
    // The new order left the feed once accepted (decision 0123); the ready one waits.
    expect(await alertsOf('igor')).toMatchObject([
      {
        kind: 'order_ready',
        table: { code: 'T3' },
        orderNumber: o.number,
        detail: { amount: o.totals.total, currency: 'RUB' },
      },
    ])
    expect(await alertsOf('anna')).toEqual([])

    const due = bill.parse(
      (
        await t.app.inject({ method: 'GET', url: `/api/v1/table-sessions/${session.id}/bill` })
      ).json(),
    ).totals.due
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/v1/table-sessions/${session.id}/payments`,
      payload: { method: 'card', choice: { mode: 'remaining' }, tip: 5_000, expectedAmount: due },
    })
    expect(started.statusCode).toBe(201)
    const p = payment.parse(started.json())
    // Nothing yet: a payment started is not a payment received.
    expect((await alertsOf('igor')).map((a) => a.kind)).not.toContain('payment_received')
    const webhook = await paymentActions(() => t.app, 'demo').succeeded(p)
    expect(webhook.statusCode).toBe(200)

    const paid = {
      kind: 'payment_received',
      table: { code: 'T3' },
      orderNumber: null,
      detail: { amount: due + 5_000, tip: 5_000, currency: 'RUB' },
    }
    expect((await alertsOf('igor')).slice(1)).toMatchObject([paid])
    // The tip goes to Анна, who serves T3: she hears of it though off shift.
    expect(await alertsOf('anna')).toMatchObject([paid])
    expect(await heardBy('anna')).toMatchObject([paid])

    // Served and completed, and paid: the table's visit ends.
    await move(o.id, 'served')
    await move(o.id, 'completed')
    const ended = (await alertsOf('igor')).at(-1)
    expect(ended).toMatchObject({
      kind: 'session_ended',
      table: { code: 'T3' },
      detail: { closedReason: 'settled' },
    })
    expect((await heardBy('igor')).map((a) => a.kind)).toEqual([
      'order_placed',
      'order_ready',
      'payment_received',
      'session_ended',
    ])
    // The visit is over: what was left at the table (the payment's news) went with it.
    expect(await alertsOf('anna')).toEqual([])
    expect((await alertsOf('igor')).map((a) => a.kind)).toEqual(['session_ended'])
  })

  it('writes into a new order’s alert entry what its delivery tells and pushes, so nothing is read back', async () => {
    await shift('anna', true)
    const signIn = await t.database.db
      .selectFrom('garconSessions')
      .select('id')
      .where('waiterId', '=', waiters.anna.id)
      .executeTakeFirstOrThrow()
    await t.database.db
      .insertInto('garconPushSubscriptions')
      .values({
        waiterId: waiters.anna.id,
        sessionId: signIn.id,
        endpoint: 'https://fcm.googleapis.com/fcm/send/anna-entry-test',
        p256dh: 'p256dh',
        auth: 'auth',
      })
      .execute()
    try {
      const session = await openTableSession(t, 'demo', 'T4')
      const o = order.parse((await orderOlivierAt(t.app, session.id)).json())
      const [alert] = await alertsOf('anna')
      const entry = await t.database.db
        .selectFrom('outbox')
        .select('payload')
        .where('kind', '=', 'garcon-alert')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
      expect(entry.payload).toEqual({
        alerts: [
          {
            id: alert?.id,
            restaurantId: 'demo',
            waiterId: waiters.anna.id,
            kind: 'order_placed',
            tableCode: 'T4',
            tableLabel: alert?.table?.label,
            orderNumber: o.number,
            callId: null,
            detail: { amount: o.totals.total, currency: 'RUB' },
            createdAt: expect.any(String) as string,
            // The demo speaks Russian; Анна has a phone to push to.
            defaultLanguage: 'ru',
            hasDevices: true,
          },
        ],
      })
      // Told on her channel as listed, to the millisecond, from the entry alone.
      expect(await heardBy('anna')).toEqual([alert])
    } finally {
      await t.database.db
        .deleteFrom('garconPushSubscriptions')
        .where('waiterId', '=', waiters.anna.id)
        .execute()
    }
  })

  it('still delivers an alert entry of the release before, which names its alerts by id', async () => {
    await shift('anna', true)
    const session = await openTableSession(t, 'demo', 'T5')
    expect((await orderOlivierAt(t.app, session.id)).statusCode).toBe(201)
    const [alert] = await alertsOf('anna')
    await t.app.outbox.kick()
    events.length = 0
    // Left in the outbox by the release before, across the upgrade.
    await t.database.db
      .insertInto('outbox')
      .values({ kind: 'garcon-alert', payload: JSON.stringify({ alertIds: [alert?.id] }) })
      .execute()
    expect(await heardBy('anna')).toEqual([alert])
    expect(await heardBy('igor')).toEqual([])
  })
})
