import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import Pusher from 'pusher'
import PusherClient from 'pusher-js'
import type { Cluster } from '../features/realtime/cluster'
import type { RealtimeCredentials } from '../features/realtime/credentials'
import {
  ChannelAuthorizer,
  registerChannelAuthorization,
} from '../features/realtime/channel-authorization'
import { RealtimeHub, type HubLimits } from '../features/realtime/hub'
import { registerPusherHttpApi } from '../features/realtime/pusher-http-api'
import { channelAuth, userAuth } from '../features/realtime/signatures'
import { attachWebsocketEndpoint } from '../features/realtime/websocket-endpoint'
import { installErrorHandler } from '../plugins/error-handler'

export interface RealtimeNode {
  app: FastifyInstance
  channels: ChannelAuthorizer
  hub: RealtimeHub
  port: number
  credentials: RealtimeCredentials
  /** The official server SDK pointed at this node's HTTP API. */
  sdk: Pusher
  /** A real pusher-js client on this node; private and presence auth signed with the app secret. */
  connect(user?: { id: string; info?: object }): PusherClient
  close(): Promise<void>
}

/** One realtime hub on its own port, the way the server runs it, for protocol tests. */
export async function startRealtimeNode(
  credentials: RealtimeCredentials,
  options: {
    cluster?: Cluster
    limits?: Partial<HubLimits>
    now?: () => number
    port?: number
  } = {},
): Promise<RealtimeNode> {
  const app = Fastify()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  installErrorHandler(app)
  const hub = new RealtimeHub({
    appKey: credentials.key,
    appSecret: credentials.secret,
    ...(options.cluster ? { cluster: options.cluster } : {}),
    ...(options.limits ? { limits: options.limits } : {}),
    ...(options.now ? { now: options.now } : {}),
  })
  attachWebsocketEndpoint(app, hub)
  registerPusherHttpApi(app, hub, credentials)
  const channels = new ChannelAuthorizer()
  registerChannelAuthorization(app, credentials, channels)
  await app.listen({ port: options.port ?? 0, host: '127.0.0.1' })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  const clients: PusherClient[] = []

  return {
    app,
    channels,
    hub,
    port,
    credentials,
    sdk: new Pusher({
      appId: credentials.appId,
      key: credentials.key,
      secret: credentials.secret,
      host: '127.0.0.1',
      port: String(port),
      useTLS: false,
    }),
    connect(user) {
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
              ? JSON.stringify({ user_id: user?.id ?? 'anon', user_info: user?.info ?? {} })
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
            const userData = JSON.stringify({ id: user?.id ?? 'anon' })
            callback(null, {
              auth: userAuth(credentials.key, credentials.secret, socketId, userData),
              user_data: userData,
            })
          },
        },
      })
      clients.push(client)
      return client
    },
    async close() {
      for (const client of clients) client.disconnect()
      await app.close()
      await hub.cluster.close()
    },
  }
}

export function connected(client: PusherClient): Promise<string> {
  return new Promise((resolve) => {
    if (client.connection.state === 'connected') resolve(client.connection.socket_id)
    else
      client.connection.bind('connected', () => {
        resolve(client.connection.socket_id)
      })
  })
}

export function subscribed(client: PusherClient, channelName: string): Promise<unknown> {
  const channel = client.subscribe(channelName)
  return new Promise<unknown>((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', resolve)
    channel.bind('pusher:subscription_error', reject)
  })
}

export function nextEvent(
  client: PusherClient,
  channelName: string,
  event: string,
): Promise<unknown> {
  return new Promise<unknown>((resolve) => {
    client.channel(channelName).bind(event, resolve)
  })
}
