import Fastify, { type FastifyInstance } from 'fastify'
import Pusher from 'pusher'
import PusherClient from 'pusher-js'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { WebSocket } from 'ws'
import type { RealtimeCredentials } from './credentials'
import { RealtimeHub } from './hub'
import { registerPusherHttpApi } from './pusher-http-api'
import { channelAuth, userAuth } from './signatures'
import { attachWebsocketEndpoint } from './websocket-endpoint'
import { installErrorHandler } from '../../plugins/error-handler'

const credentials: RealtimeCredentials = { appId: '424242', key: 'test-key', secret: 'test-secret' }

let app: FastifyInstance
let hub: RealtimeHub
let port: number
const clients: PusherClient[] = []

beforeAll(async () => {
  app = Fastify()
  installErrorHandler(app)
  hub = new RealtimeHub({ appKey: credentials.key, appSecret: credentials.secret })
  attachWebsocketEndpoint(app, hub)
  registerPusherHttpApi(app, hub, credentials)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  port = typeof address === 'object' && address ? address.port : 0
})

afterEach(() => {
  for (const client of clients.splice(0)) client.disconnect()
})

afterAll(async () => {
  await app.close()
})

/** A real pusher-js client whose private and presence auth is signed with the app secret. */
function connect(options: { user?: { id: string; info?: object } } = {}): PusherClient {
  const client = new PusherClient(credentials.key, {
    cluster: 'mt1',
    wsHost: '127.0.0.1',
    wsPort: port,
    wssPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: {
      transport: 'ajax',
      endpoint: '/unused',
      customHandler: ({ socketId, channelName }, callback) => {
        const channelData = channelName.startsWith('presence-')
          ? JSON.stringify({
              user_id: options.user?.id ?? 'anon',
              user_info: options.user?.info ?? {},
            })
          : undefined
        callback(null, {
          auth: channelAuth(
            credentials.key,
            credentials.secret,
            socketId,
            channelName,
            channelData,
          ),
          ...(channelData ? { channel_data: channelData } : {}),
        })
      },
    },
    userAuthentication: {
      transport: 'ajax',
      endpoint: '/unused',
      customHandler: ({ socketId }, callback) => {
        const userData = JSON.stringify({ id: options.user?.id ?? 'anon' })
        callback(null, {
          auth: userAuth(credentials.key, credentials.secret, socketId, userData),
          user_data: userData,
        })
      },
    },
  })
  clients.push(client)
  return client
}

function connected(client: PusherClient): Promise<string> {
  return new Promise((resolve) => {
    if (client.connection.state === 'connected') resolve(client.connection.socket_id)
    else client.connection.bind('connected', () => resolve(client.connection.socket_id))
  })
}

function subscribed(client: PusherClient, channelName: string) {
  const channel = client.subscribe(channelName)
  return new Promise<unknown>((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', resolve)
    channel.bind('pusher:subscription_error', reject)
  })
}

function nextEvent(client: PusherClient, channelName: string, event: string) {
  return new Promise<unknown>((resolve) => {
    client.channel(channelName).bind(event, resolve)
  })
}

const server = () =>
  new Pusher({
    appId: credentials.appId,
    key: credentials.key,
    secret: credentials.secret,
    host: '127.0.0.1',
    port: String(port),
    useTLS: false,
  })

describe('realtime hub with the real pusher-js and pusher SDK', () => {
  it('connects with a socket id and an activity timeout', async () => {
    const socketId = await connected(connect())
    expect(socketId).toMatch(/^\d+\.\d+$/)
  })

  it('delivers an event published through the HTTP API to a public channel', async () => {
    const client = connect()
    await subscribed(client, 'restaurant.demo')
    const received = nextEvent(client, 'restaurant.demo', 'menu.changed')
    await server().trigger('restaurant.demo', 'menu.changed', { dishId: 7 })
    expect(await received).toEqual({ dishId: 7 })
  })

  it('joins private channels with a valid signature and refuses a forged one', async () => {
    const client = connect()
    await subscribed(client, 'private-table.s1')

    const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${credentials.key}?protocol=7`)
    const frames: { event: string; channel?: string; data?: unknown }[] = []
    ws.on('message', (raw: Buffer) =>
      frames.push(JSON.parse(raw.toString()) as (typeof frames)[number]),
    )
    await new Promise((resolve) => ws.once('open', resolve))
    await vi.waitFor(() => expect(frames[0]?.event).toBe('pusher:connection_established'))
    ws.send(
      JSON.stringify({
        event: 'pusher:subscribe',
        data: { channel: 'private-table.s1', auth: `${credentials.key}:forged` },
      }),
    )
    await vi.waitFor(() => expect(frames.at(-1)?.event).toBe('pusher:subscription_error'))
    expect(frames.at(-1)).toMatchObject({
      channel: 'private-table.s1',
      data: { type: 'AuthError', status: 401 },
    })
    ws.close()
  })

  it('announces presence members once per user, however many tabs they open', async () => {
    const watcher = connect({ user: { id: 'watcher' } })
    await subscribed(watcher, 'presence-table.s2')
    const added: unknown[] = []
    const removed: unknown[] = []
    watcher.channel('presence-table.s2').bind('pusher:member_added', (m: unknown) => added.push(m))
    watcher
      .channel('presence-table.s2')
      .bind('pusher:member_removed', (m: unknown) => removed.push(m))

    const tab1 = connect({ user: { id: 'anna', info: { name: 'Anna' } } })
    const tab2 = connect({ user: { id: 'anna', info: { name: 'Anna' } } })
    const members = (await subscribed(tab1, 'presence-table.s2')) as { count: number }
    expect(members.count).toBe(2)
    await subscribed(tab2, 'presence-table.s2')
    await vi.waitFor(() => expect(added).toHaveLength(1))
    expect(added[0]).toMatchObject({ id: 'anna', info: { name: 'Anna' } })

    tab1.disconnect()
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(removed).toHaveLength(0)
    tab2.disconnect()
    await vi.waitFor(() => expect(removed).toHaveLength(1))
  })
})
