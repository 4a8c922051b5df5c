import type { FastifyInstance } from 'fastify'
import { TEST_PLACE } from './test-garcon-app'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { garconAlert, listGarconAlerts } from '@tableside/contracts/garcon-alerts'
import type { DatabaseHandle } from '../../db/database'
import { seedDemo } from '../../db/seed-demo'
import { routeTestApp } from '../../test/route-test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { Outbox } from '../outbox/outbox'
import type { OutboundEvent } from '../realtime/realtime-protocol'
import {
  createGarconAlerts,
  GARCON_PUSH,
  pushText,
  registerGarconAlertRoutes,
  type GarconAlerts,
} from './garcon-alerts'
import { createGarconAuth, type GarconAuth } from './garcon-auth'
import type { PushAlert } from './garcon-push'

describe.each(testDatabaseKinds)('waiters’ alerts on $name', (kind) => {
  let handle: DatabaseHandle
  let app: FastifyInstance
  let auth: GarconAuth
  let alerts: GarconAlerts
  let outbox: Outbox
  const published: OutboundEvent[] = []
  const pushed: { waiterId: string; alert: PushAlert }[] = []
  let anna: { id: string; token: string }
  let igor: { id: string; token: string }

  beforeAll(async () => {
    handle = await kind.open()
    await seedDemo(handle.db)
    outbox = new Outbox({
      db: handle.db,
      broadcaster: {
        publish: (event) => {
          published.push(event)
          return Promise.resolve()
        },
      },
    })
    outbox.handle(GARCON_PUSH, (payload) => {
      pushed.push(payload as { waiterId: string; alert: PushAlert })
      return Promise.resolve()
    })
    auth = createGarconAuth(handle.db)
    alerts = createGarconAlerts({ db: handle.db, outbox })
    app = await routeTestApp((api) => {
      registerGarconAlertRoutes(api, alerts, auth.requireWaiter)
    })
    const signIn = async (login: string, pin: string) => {
      const { token, waiter } = (await auth.service.login('demo', login, pin, TEST_PLACE)).signedIn
      return { id: waiter.id, token }
    }
    anna = await signIn('anna', '1111')
    igor = await signIn('igor', '2222')
  })
  afterAll(async () => {
    await app.close()
    await handle.close()
  })

  const get = (token: string) =>
    app.inject({
      method: 'GET',
      url: '/api/v1/garcon/alerts',
      headers: { 'x-garcon-token': token },
    })

  it('raises an alert with its write: stored, on the waiter’s channel and pushed, once it commits', async () => {
    const raised = await handle.db.transaction().execute((trx) =>
      alerts.raise(trx, 'demo', [anna.id], {
        kind: 'waiter_call',
        table: { code: 'T3', label: '3' },
        orderNumber: null,
        callId: null,
        detail: { reason: 'bill', comment: null },
      }),
    )
    expect(raised).toHaveLength(1)
    await outbox.kick()
    const event = published.find((e) => e.name === 'garcon-alert.created')
    expect(event?.channels).toEqual([`private-garcon.${anna.id}`])
    expect(garconAlert.parse(JSON.parse(event?.data ?? '{}'))).toMatchObject({
      kind: 'waiter_call',
      table: { code: 'T3', label: '3' },
      readAt: null,
    })
    // The demo restaurant speaks Russian: so does the lock screen.
    expect(pushed).toEqual([
      {
        waiterId: anna.id,
        alert: {
          title: 'Просят счёт',
          body: 'Стол 3',
          url: '/rest/demo/garcon',
          tag: expect.any(String) as string,
        },
      },
    ])

    const listed = listGarconAlerts.response.parse((await get(anna.token)).json())
    expect(listed.unread).toBe(1)
    expect(listed.alerts.map((a) => a.id)).toEqual([raised[0]?.id])
    // Игорь was not alerted, and sees nothing of Анна's.
    expect(listGarconAlerts.response.parse((await get(igor.token)).json())).toEqual({
      unread: 0,
      alerts: [],
    })
  })

  it('raises nothing when the transaction rolls back', async () => {
    const before = listGarconAlerts.response.parse((await get(anna.token)).json()).unread
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await alerts.raise(trx, 'demo', [anna.id], {
          kind: 'order_placed',
          table: { code: 'T1', label: '1' },
          orderNumber: 7,
          callId: null,
          detail: {},
        })
        throw new Error('the order was not placed after all')
      }),
    ).rejects.toThrow('not placed')
    expect(listGarconAlerts.response.parse((await get(anna.token)).json()).unread).toBe(before)
  })

  it('marks an alert read for its waiter only; another waiter’s is unknown to them', async () => {
    const [alert] = await handle.db.transaction().execute((trx) =>
      alerts.raise(trx, 'demo', [anna.id], {
        kind: 'order_ready',
        table: { code: 'T2', label: '2' },
        orderNumber: 12,
        callId: null,
        detail: {},
      }),
    )
    if (!alert) throw new Error('no alert')
    const stranger = await app.inject({
      method: 'POST',
      url: `/api/v1/garcon/alerts/${alert.id}/read`,
      headers: { 'x-garcon-token': igor.token },
    })
    expect(stranger.statusCode).toBe(404)
    const anonymous = await app.inject({
      method: 'POST',
      url: `/api/v1/garcon/alerts/${alert.id}/read`,
    })
    expect(anonymous.statusCode).toBe(401)
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/v1/garcon/alerts/not-an-id/read',
      headers: { 'x-garcon-token': anna.token },
    })
    expect(malformed.statusCode).toBe(400)

    const read = await app.inject({
      method: 'POST',
      url: `/api/v1/garcon/alerts/${alert.id}/read`,
      headers: { 'x-garcon-token': anna.token },
    })
    expect(read.statusCode).toBe(200)
    expect(garconAlert.parse(read.json()).readAt).not.toBeNull()
    const listed = listGarconAlerts.response.parse((await get(anna.token)).json())
    expect(listed.alerts.map((a) => a.id)).not.toContain(alert.id)

    const all = await app.inject({
      method: 'POST',
      url: '/api/v1/garcon/alerts/read-all',
      headers: { 'x-garcon-token': anna.token },
    })
    expect(all.json()).toEqual({ read: listed.unread })
    expect(listGarconAlerts.response.parse((await get(anna.token)).json())).toEqual({
      unread: 0,
      alerts: [],
    })
  })

  it('says on the lock screen what happened and where', () => {
    const call = {
      kind: 'waiter_call' as const,
      table: { code: 'T9', label: '9' },
      orderNumber: null,
      callId: 'c0ffee00-0000-4000-8000-000000000000',
      detail: { reason: 'other' as const, comment: 'Детский стул' },
    }
    expect(pushText(call, 'ru', '/rest/demo/garcon')).toEqual({
      title: 'Просьба гостя',
      body: 'Стол 9 · Детский стул',
      url: '/rest/demo/garcon',
      tag: call.callId,
    })
    expect(
      pushText(
        { ...call, kind: 'order_placed', callId: null, orderNumber: 41, detail: {} },
        'en',
        '/g',
      ),
    ).toMatchObject({ title: 'New order', body: 'Table 9 · order #41' })
    const pickup = {
      ...call,
      kind: 'order_placed' as const,
      table: null,
      callId: null,
      orderNumber: 42,
      detail: { orderType: 'pickup' as const },
    }
    expect(pushText(pickup, 'ru', '/g')).toMatchObject({
      title: 'Новый заказ',
      body: 'Самовывоз · заказ №42',
    })
  })
})
