import type { FastifyInstance } from 'fastify'
import Pusher from 'pusher'
import type { ServerConfig } from '../../config/env'
import { clientAddressOf } from '../../http/client-address'
import { fastifyTrustProxy } from '../../http/trust-proxy'
import { loadRealtimeCredentials, type RealtimeCredentials } from './credentials'
import { RealtimeHub } from './hub'
import type { OutboundEvent } from './realtime-protocol'
import { ChannelAuthorizer, registerChannelAuthorization } from './channel-authorization'
import { registerPusherHttpApi } from './pusher-http-api'
import { registerRealtimeStatsSink } from './stats-sink'
import { RedisCluster } from './redis-cluster'
import { attachWebsocketEndpoint } from './websocket-endpoint'

/** The one way server features publish live updates, whatever carries them. */
export interface Broadcaster {
  publish(event: OutboundEvent): Promise<void>
}

export interface Realtime {
  credentials: RealtimeCredentials
  broadcaster: Broadcaster
  /** The built-in hub, when this server runs one (driver `hub`). */
  hub: RealtimeHub | undefined
  /** Features add the rules that decide who may join their private and presence channels. */
  channels: ChannelAuthorizer
  /** Why this node cannot serve live updates with the other nodes, if so (`/ready` says it). */
  problem(): string | undefined
}

/**
 * Sets up live updates on the app: the built-in hub on this server's port (alone, or one
 * of many through Redis), or an external Pusher-compatible service published to with the
 * official SDK.
 */
export async function registerRealtime(
  app: FastifyInstance,
  config: ServerConfig,
): Promise<Realtime> {
  const credentials = loadRealtimeCredentials(config.realtime, config.dataDir)
  const channels = new ChannelAuthorizer()
  registerChannelAuthorization(app, credentials, channels)
  registerRealtimeStatsSink(app)

  if (config.realtime.driver === 'pusher') {
    const { host, port, scheme, cluster } = config.realtime
    const client = new Pusher({
      appId: credentials.appId,
      key: credentials.key,
      secret: credentials.secret,
      cluster,
      useTLS: scheme !== 'ws',
      ...(host ? { host } : {}),
      ...(port ? { port: String(port) } : {}),
    })
    const broadcaster: Broadcaster = {
      async publish(event) {
        await client.trigger([...event.channels], event.name, event.data, {
          ...(event.exceptSocketId ? { socket_id: event.exceptSocketId } : {}),
        })
      },
    }
    return { credentials, broadcaster, hub: undefined, channels, problem: () => undefined }
  }

  const cluster = config.realtime.redisUrl
    ? await RedisCluster.connect(config.realtime.redisUrl, credentials, app.log)
    : undefined
  const hub = new RealtimeHub({
    appKey: credentials.key,
    appSecret: credentials.secret,
    limits: config.realtime.limits,
    ...(cluster ? { cluster } : {}),
  })
  attachWebsocketEndpoint(app, hub, clientAddressOf(fastifyTrustProxy(config.trustProxy)))
  registerPusherHttpApi(app, hub, credentials)
  app.addHook('onClose', async () => {
    await hub.cluster.close()
  })
  return {
    credentials,
    broadcaster: hub,
    hub,
    channels,
    problem: () => hub.cluster.problem(),
  }
}
