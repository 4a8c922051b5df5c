import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import {
  nextEvent,
  startRealtimeNode,
  subscribed,
  type RealtimeNode,
} from '../../test/realtime-node'

const [pglite] = testDatabaseKinds
if (!pglite) throw new Error('PGlite is always available')

/** An external Pusher-compatible service: here another hub, reached only through its HTTP API. */
describe('REALTIME_DRIVER=pusher', () => {
  const credentials = { appId: '626262', key: 'external-key', secret: 'external-secret' }
  let external: RealtimeNode
  let t: TestApp
  beforeAll(async () => {
    external = await startRealtimeNode(credentials)
    t = await createTestApp(pglite, {
      REALTIME_DRIVER: 'pusher',
      REALTIME_APP_ID: credentials.appId,
      REALTIME_APP_KEY: credentials.key,
      REALTIME_APP_SECRET: credentials.secret,
      REALTIME_HOST: '127.0.0.1',
      REALTIME_PORT: String(external.port),
      REALTIME_SCHEME: 'ws',
    })
  })
  afterAll(async () => {
    await t.close()
    await external.close()
  })

  it('publishes through the official SDK to the external service', async () => {
    expect(t.app.realtime.hub).toBeUndefined()
    const client = external.connect()
    await subscribed(client, 'restaurant.demo')
    const received = nextEvent(client, 'restaurant.demo', 'restaurant.updated')
    await t.app.realtime.broadcaster.publish({
      channels: ['restaurant.demo'],
      name: 'restaurant.updated',
      data: JSON.stringify({ id: 'demo' }),
    })
    expect(await received).toEqual({ id: 'demo' })
    client.disconnect()
  })

  it('points the web app at the external service and runs no hub of its own', async () => {
    const config = await t.app.inject('/runtime-config.json')
    expect(config.json()).toMatchObject({
      realtime: { key: credentials.key, host: '127.0.0.1', port: external.port, scheme: 'ws' },
    })
    const ownHttpApi = await t.app.inject({
      method: 'GET',
      url: `/apps/${credentials.appId}/channels`,
    })
    expect(ownHttpApi.statusCode).toBe(404)
  })
})
