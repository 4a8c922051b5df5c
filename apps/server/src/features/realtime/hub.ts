import { randomInt } from 'node:crypto'
import type { Duplex } from 'node:stream'
import { LRUCache } from 'lru-cache'
import type { WebSocket } from 'ws'
import { LocalCluster, type Cluster, type ClusterMessage } from './cluster'
import type { OutboundEvent } from './realtime-protocol'
import { channelAuth, safeEqual, userAuth } from './signatures'
import { textFrame } from './text-frame'

export const CHANNEL_NAME = /^[-a-zA-Z0-9_=@,.;]+$/
/** Pusher's limit; the hub's own is the `maxChannelNameLength` setting. */
export const MAX_CHANNEL_NAME_LENGTH = 200
const USER_CHANNEL_PREFIX = '#server-to-user-'
/** Event ids remembered to deliver a resent event once: minutes of a busy node's events. */
const DELIVERED_IDS_KEPT = 20_000

/** Pusher close codes: 40xx never reconnect, 41xx back off, 42xx reconnect at once. */
export const CloseCode = {
  unknownAppKey: 4001,
  unsupportedProtocol: 4007,
  unauthorized: 4009,
  overCapacity: 4100,
  slowConsumer: 4100,
  serverShuttingDown: 4200,
  /** Reconnect at once (4200–4299): events may have been missed (the cluster lost some). */
  reconnect: 4200,
  pongNotReceived: 4201,
} as const

/** Pusher error codes sent in `pusher:error` (and as the status of a refused subscription). */
export const ErrorCode = {
  unauthorized: 4009,
  overCapacity: 4100,
  /** Anything else the client did wrong: a bad frame, an unknown event. */
  invalidMessage: 4301,
  clientEventRateLimit: 4301,
} as const

export interface HubLimits {
  /** Seconds of silence after which pusher-js pings; sent in the handshake. */
  activityTimeoutSec: number
  /** How long a socket we pinged has to answer before we close it with 4201. */
  pongTimeoutMs: number
  /** The largest frame a client sends and the largest event data the HTTP API publishes. */
  maxMessageBytes: number
  /** Connections this node holds at once; the next is closed with 4100. */
  maxConnections: number
  /** Connections from one address on this node; the next is closed with 4100. */
  maxConnectionsPerAddress: number
  /** Channels one connection joins; the next subscription is refused with 4100. */
  maxChannelsPerConnection: number
  maxChannelNameLength: number
  /** Bytes queued for one socket beyond which it is dropped as a slow consumer. */
  maxSendBufferBytes: number
  clientEventsPerSecond: number
  maxPresenceMembers: number
  maxUserInfoBytes: number
}

/**
 * Pusher Channels' own limits where it has them (10 KB events, 10 client events a second,
 * 200-character channel names, 100 presence members), as Soketi and other self-hosted
 * Pusher-compatible servers default to; the rest sized for a restaurant (decision 0031).
 */
export const defaultHubLimits: HubLimits = {
  activityTimeoutSec: 120,
  pongTimeoutMs: 30_000,
  maxMessageBytes: 10 * 1024,
  maxConnections: 50_000,
  maxConnectionsPerAddress: 500,
  maxChannelsPerConnection: 100,
  maxChannelNameLength: MAX_CHANNEL_NAME_LENGTH,
  maxSendBufferBytes: 1024 * 1024,
  clientEventsPerSecond: 10,
  maxPresenceMembers: 100,
  maxUserInfoBytes: 1024,
}

export interface HubOptions {
  appKey: string
  appSecret: string
  limits?: Partial<HubLimits>
  cluster?: Cluster
  now?: () => number
}

interface PresenceMember {
  userId: string
  info: unknown
}

interface Connection {
  readonly socketId: string
  readonly ws: WebSocket
  /**
   * The upgraded socket under `ws`: an event's frame, made once, is written to it directly
   * (decision 0149). Safe beside `ws`'s own writes, which are synchronous as long as
   * per-message deflate stays off and nothing sends a Blob: both keep the socket's order.
   */
  readonly socket: Duplex
  readonly address: string | undefined
  /** Presence subscriptions still waiting for the cluster; they count against the channel cap. */
  joining: number
  readonly channels: Set<string>
  readonly presence: Map<string, PresenceMember>
  userId: string | undefined
  lastActivity: number
  pingSentAt: number | undefined
  eventWindowStart: number
  eventsInWindow: number
}

interface IncomingFrame {
  event: string
  channel: string | undefined
  data: unknown
}

/**
 * The realtime hub: Pusher protocol 7 over websockets, as pusher-js 8 speaks it.
 * It owns the sockets of this process; `publish` reaches them, and the HTTP API and the
 * server's features publish through it.
 */
export class RealtimeHub {
  readonly limits: HubLimits
  readonly #key: string
  readonly #secret: string
  readonly #now: () => number
  readonly #connections = new Map<string, Connection>()
  readonly #channels = new Map<string, Set<Connection>>()
  /** channel → user id → this node's connections of that user on the channel */
  readonly #members = new Map<string, Map<string, Set<Connection>>>()
  readonly #users = new Map<string, Set<Connection>>()
  readonly #perAddress = new Map<string, number>()
  #sweepTimer: NodeJS.Timeout | undefined
  /** Ids of the events delivered lately (see `OutboundEvent.id`). */
  readonly #delivered = new LRUCache<string, true>({ max: DELIVERED_IDS_KEPT })

  constructor(options: HubOptions) {
    this.limits = { ...defaultHubLimits, ...options.limits }
    this.#key = options.appKey
    this.#secret = options.appSecret
    this.#now = options.now ?? Date.now
    this.cluster = options.cluster ?? new LocalCluster()
    this.cluster.onMessage((message) => {
      this.#onClusterMessage(message)
    })
    this.cluster.onResync(() => {
      this.#reconnectAll()
    })
  }

  readonly cluster: Cluster

  get connectionCount(): number {
    return this.#connections.size
  }

  /** Starts pinging idle sockets and closing those that do not answer. */
  start(sweepEveryMs = 1000): void {
    this.#sweepTimer ??= setInterval(() => {
      this.sweep()
    }, sweepEveryMs)
    this.#sweepTimer.unref()
  }

  /** Takes a freshly upgraded socket for `/app/{key}` from `address` (the client's, as trusted). */
  accept(
    ws: WebSocket,
    socket: Duplex,
    key: string,
    protocol: number | undefined,
    address?: string,
  ): void {
    if (key !== this.#key) {
      this.#refuse(ws, CloseCode.unknownAppKey, `App key ${key} not in this cluster`)
      return
    }
    if (protocol !== undefined && protocol < 5) {
      this.#refuse(ws, CloseCode.unsupportedProtocol, 'Unsupported protocol version')
      return
    }
    if (this.#connections.size >= this.limits.maxConnections) {
      this.#refuse(ws, CloseCode.overCapacity, 'Over capacity: try again later')
      return
    }
    const fromAddress = address === undefined ? 0 : (this.#perAddress.get(address) ?? 0)
    if (fromAddress >= this.limits.maxConnectionsPerAddress) {
      this.#refuse(
        ws,
        CloseCode.overCapacity,
        `At most ${this.limits.maxConnectionsPerAddress} connections from one address: close some and try again later`,
      )
      return
    }
    if (address !== undefined) this.#perAddress.set(address, fromAddress + 1)
    const connection: Connection = {
      socketId: `${randomInt(1, 2 ** 31)}.${randomInt(1, 2 ** 31)}`,
      ws,
      socket,
      address,
      joining: 0,
      channels: new Set(),
      presence: new Map(),
      userId: undefined,
      lastActivity: this.#now(),
      pingSentAt: undefined,
      eventWindowStart: 0,
      eventsInWindow: 0,
    }
    this.#connections.set(connection.socketId, connection)
    ws.on('message', (raw, isBinary) => {
      const bytes = Buffer.isBuffer(raw)
        ? raw
        : Array.isArray(raw)
          ? Buffer.concat(raw)
          : Buffer.from(raw)
      this.#receive(connection, bytes, isBinary)
    })
    ws.on('close', () => {
      this.#drop(connection)
    })
    ws.on('error', () => {
      ws.terminate()
    })
    this.#send(connection, {
      event: 'pusher:connection_established',
      data: JSON.stringify({
        socket_id: connection.socketId,
        activity_timeout: this.limits.activityTimeoutSec,
      }),
    })
  }

  /** Sends an event to its channels' subscribers on every node. */
  publish(event: OutboundEvent): Promise<void> {
    return this.cluster.send({ type: 'event', event })
  }

  /** Closes every connection of a signed-in user on every node. */
  terminateUser(userId: string): Promise<void> {
    return this.cluster.send({ type: 'terminate-user', userId })
  }

  #onClusterMessage(message: ClusterMessage): void {
    switch (message.type) {
      case 'event':
        this.#deliver(message.event)
        return
      case 'terminate-user':
        this.#terminateLocalUser(message.userId)
        return
    }
  }

  #deliver(event: OutboundEvent): void {
    if (event.id !== undefined) {
      // Sent again after a send that failed part-way: these sockets had it.
      if (this.#delivered.has(event.id)) return
      this.#delivered.set(event.id, true)
    }
    for (const channel of event.channels) {
      const subscribers = this.#channels.get(channel)
      if (!subscribers) continue
      const frame = textFrame(JSON.stringify({ event: event.name, channel, data: event.data }))
      const now = this.#now()
      for (const connection of subscribers) {
        if (connection.socketId !== event.exceptSocketId && this.#canSend(connection)) {
          connection.socket.write(frame)
          connection.lastActivity = now
        }
      }
    }
  }

  /**
   * Events for these sockets may have been lost: each is closed with 4200, so pusher-js
   * reconnects at once and resubscribes, and the app fetches what it shows again.
   */
  #reconnectAll(): void {
    for (const connection of [...this.#connections.values()]) {
      connection.ws.close(CloseCode.reconnect, 'Reconnect: events may have been missed')
      this.#drop(connection)
    }
  }

  /** Terminated users must not reconnect on their own, hence 4009. */
  #terminateLocalUser(userId: string): void {
    for (const connection of [...(this.#users.get(userId) ?? [])]) {
      connection.ws.close(CloseCode.unauthorized, 'Connection terminated by the server')
      this.#drop(connection)
    }
  }

  /** Pings sockets idle for the activity timeout; closes those that did not answer a ping. */
  sweep(): void {
    const now = this.#now()
    const idleAfter = this.limits.activityTimeoutSec * 1000
    for (const connection of this.#connections.values()) {
      if (connection.pingSentAt !== undefined) {
        if (now - connection.pingSentAt >= this.limits.pongTimeoutMs) {
          connection.ws.close(CloseCode.pongNotReceived, 'Pong reply not received')
          this.#drop(connection)
        }
      } else if (now - connection.lastActivity >= idleAfter) {
        connection.pingSentAt = now
        this.#sendRaw(connection, '{"event":"pusher:ping","data":"{}"}', false)
      }
    }
  }

  /** Asks every client to reconnect (to another node, or to this one once it is back). */
  close(): void {
    if (this.#sweepTimer) clearInterval(this.#sweepTimer)
    this.#sweepTimer = undefined
    for (const connection of [...this.#connections.values()]) {
      connection.ws.close(CloseCode.serverShuttingDown, 'Server shutting down')
      this.#drop(connection)
    }
  }

  #refuse(ws: WebSocket, code: number, message: string): void {
    ws.send(JSON.stringify({ event: 'pusher:error', data: { code, message } }))
    ws.close(code, message)
  }

  #receive(connection: Connection, raw: Buffer, isBinary: boolean): void {
    connection.lastActivity = this.#now()
    connection.pingSentAt = undefined
    if (isBinary || raw.length > this.limits.maxMessageBytes) {
      this.#error(
        connection,
        ErrorCode.invalidMessage,
        `Messages are text of at most ${this.limits.maxMessageBytes} bytes`,
      )
      return
    }
    const frame = parseFrame(raw.toString('utf8'))
    if (!frame) {
      this.#error(
        connection,
        ErrorCode.invalidMessage,
        'Messages are JSON objects with an event name',
      )
      return
    }
    switch (frame.event) {
      case 'pusher:ping':
        this.#send(connection, { event: 'pusher:pong', data: '{}' })
        return
      case 'pusher:pong':
        return
      case 'pusher:subscribe':
        this.#subscribe(connection, frame.data)
        return
      case 'pusher:unsubscribe':
        if (isRecord(frame.data) && typeof frame.data.channel === 'string') {
          this.#unsubscribe(connection, frame.data.channel)
        }
        return
      case 'pusher:signin':
        this.#signin(connection, frame.data)
        return
      default:
        if (frame.event.startsWith('client-')) this.#clientEvent(connection, frame)
        else this.#error(connection, ErrorCode.invalidMessage, `Unknown event ${frame.event}`)
    }
  }

  #subscribe(connection: Connection, data: unknown): void {
    if (!isRecord(data) || typeof data.channel !== 'string') {
      this.#error(connection, ErrorCode.invalidMessage, 'pusher:subscribe needs a channel')
      return
    }
    const channel = data.channel
    const refuse = (type: string, error: string, status: number) => {
      this.#send(connection, {
        event: 'pusher:subscription_error',
        channel,
        data: { type, error, status },
      })
    }

    if (channel.startsWith(USER_CHANNEL_PREFIX)) {
      if (
        connection.userId === undefined ||
        channel !== `${USER_CHANNEL_PREFIX}${connection.userId}`
      ) {
        refuse('AuthError', 'Sign in as this user first', 403)
        return
      }
      this.#joinAndConfirm(connection, channel)
      return
    }
    if (channel.length > this.limits.maxChannelNameLength || !CHANNEL_NAME.test(channel)) {
      refuse(
        'InvalidChannel',
        `Channel names are at most ${this.limits.maxChannelNameLength} characters of [-a-zA-Z0-9_=@,.;]`,
        400,
      )
      return
    }
    if (connection.channels.has(channel)) {
      this.#joinAndConfirm(connection, channel)
      return
    }
    if (connection.channels.size + connection.joining >= this.limits.maxChannelsPerConnection) {
      const message = `A connection joins at most ${this.limits.maxChannelsPerConnection} channels: unsubscribe from one first`
      refuse('LimitReached', message, ErrorCode.overCapacity)
      this.#error(connection, ErrorCode.overCapacity, message)
      return
    }

    const isPresence = channel.startsWith('presence-')
    const isPrivate = channel.startsWith('private-')
    if (!isPresence && !isPrivate) {
      this.#joinAndConfirm(connection, channel)
      return
    }

    const channelData = typeof data.channel_data === 'string' ? data.channel_data : undefined
    const auth = typeof data.auth === 'string' ? data.auth : ''
    const expected = channelAuth(
      this.#key,
      this.#secret,
      connection.socketId,
      channel,
      isPresence ? channelData : undefined,
    )
    if (!safeEqual(auth, expected)) {
      refuse('AuthError', 'Invalid signature', 401)
      return
    }
    if (!isPresence) {
      this.#joinAndConfirm(connection, channel)
      return
    }

    const member = parsePresenceMember(channelData, this.limits.maxUserInfoBytes)
    if (!member) {
      refuse(
        'InvalidChannelData',
        `channel_data needs a user_id and at most ${this.limits.maxUserInfoBytes} bytes of user_info`,
        400,
      )
      return
    }
    connection.joining++
    this.#joinPresence(connection, channel, member, refuse)
      .catch(() => {
        // The cluster did not answer: undo what this node recorded and let the client retry.
        this.#unsubscribe(connection, channel)
        refuse('ClusterUnavailable', 'Presence is unavailable right now; try again', 503)
      })
      .finally(() => {
        connection.joining--
      })
  }

  async #joinPresence(
    connection: Connection,
    channel: string,
    member: PresenceMember,
    refuse: (type: string, error: string, status: number) => void,
  ): Promise<void> {
    const before = await this.cluster.presenceMembers(channel)
    if (!before.has(member.userId) && before.size >= this.limits.maxPresenceMembers) {
      const message = `A presence channel holds at most ${this.limits.maxPresenceMembers} members`
      refuse('LimitReached', message, ErrorCode.overCapacity)
      this.#error(connection, ErrorCode.overCapacity, message)
      return
    }
    if (!this.#connections.has(connection.socketId) || connection.channels.has(channel)) return

    const local = this.#members.get(channel) ?? new Map<string, Set<Connection>>()
    this.#members.set(channel, local)
    const sockets = local.get(member.userId) ?? new Set<Connection>()
    local.set(member.userId, sockets)
    sockets.add(connection)
    connection.presence.set(channel, member)
    this.#join(connection, channel)

    const first =
      sockets.size === 1 &&
      (await this.cluster.joinPresence(channel, member.userId, member.info)).first
    const members = await this.cluster.presenceMembers(channel)
    members.set(member.userId, member.info)
    const hash = Object.fromEntries(members)
    this.#send(connection, {
      event: 'pusher_internal:subscription_succeeded',
      channel,
      data: JSON.stringify({ presence: { ids: Object.keys(hash), hash, count: members.size } }),
    })
    if (first) {
      await this.publish({
        channels: [channel],
        name: 'pusher_internal:member_added',
        data: JSON.stringify({ user_id: member.userId, user_info: member.info }),
        exceptSocketId: connection.socketId,
      })
    }
  }

  #joinAndConfirm(connection: Connection, channel: string): void {
    this.#join(connection, channel)
    this.#send(connection, { event: 'pusher_internal:subscription_succeeded', channel, data: '{}' })
  }

  #join(connection: Connection, channel: string): void {
    connection.channels.add(channel)
    const subscribers = this.#channels.get(channel) ?? new Set<Connection>()
    subscribers.add(connection)
    this.#channels.set(channel, subscribers)
    this.cluster.reportSubscriptions(channel, subscribers.size)
  }

  #unsubscribe(connection: Connection, channel: string): void {
    if (!connection.channels.delete(channel)) return
    const subscribers = this.#channels.get(channel)
    subscribers?.delete(connection)
    if (subscribers?.size === 0) this.#channels.delete(channel)
    this.cluster.reportSubscriptions(channel, subscribers?.size ?? 0)

    const member = connection.presence.get(channel)
    if (!member) return
    connection.presence.delete(channel)
    const local = this.#members.get(channel)
    const sockets = local?.get(member.userId)
    sockets?.delete(connection)
    if (!local || sockets?.size !== 0) return
    local.delete(member.userId)
    if (local.size === 0) this.#members.delete(channel)
    this.cluster
      .leavePresence(channel, member.userId)
      .then(({ last }) =>
        last
          ? this.publish({
              channels: [channel],
              name: 'pusher_internal:member_removed',
              data: JSON.stringify({ user_id: member.userId }),
            })
          : undefined,
      )
      // A cluster that cannot be reached keeps the stale member until this node is gone.
      .catch(() => undefined)
  }

  #signin(connection: Connection, data: unknown): void {
    const userData =
      isRecord(data) && typeof data.user_data === 'string' ? data.user_data : undefined
    const auth = isRecord(data) && typeof data.auth === 'string' ? data.auth : ''
    const user = userData === undefined ? undefined : parseJson(userData)
    const userId =
      isRecord(user) && (typeof user.id === 'string' || typeof user.id === 'number')
        ? String(user.id)
        : undefined
    if (userData === undefined || userId === undefined || userId === '') {
      this.#error(connection, ErrorCode.unauthorized, 'pusher:signin needs user_data with an id')
      return
    }
    if (!safeEqual(auth, userAuth(this.#key, this.#secret, connection.socketId, userData))) {
      this.#error(connection, ErrorCode.unauthorized, 'Invalid signature for pusher:signin')
      return
    }
    if (connection.userId !== undefined && connection.userId !== userId) {
      this.#users.get(connection.userId)?.delete(connection)
    }
    connection.userId = userId
    const sockets = this.#users.get(userId) ?? new Set<Connection>()
    sockets.add(connection)
    this.#users.set(userId, sockets)
    this.#send(connection, { event: 'pusher:signin_success', data: { user_data: userData } })
  }

  #clientEvent(connection: Connection, frame: IncomingFrame): void {
    const channel = frame.channel
    if (
      channel === undefined ||
      !(channel.startsWith('private-') || channel.startsWith('presence-')) ||
      channel.startsWith('private-encrypted-')
    ) {
      this.#error(
        connection,
        ErrorCode.invalidMessage,
        'Client events go only to private and presence channels',
      )
      return
    }
    if (!connection.channels.has(channel)) {
      this.#error(
        connection,
        ErrorCode.invalidMessage,
        `Subscribe to ${channel} before sending client events to it`,
      )
      return
    }
    const now = this.#now()
    if (now - connection.eventWindowStart >= 1000) {
      connection.eventWindowStart = now
      connection.eventsInWindow = 0
    }
    if (++connection.eventsInWindow > this.limits.clientEventsPerSecond) {
      this.#error(
        connection,
        ErrorCode.clientEventRateLimit,
        `At most ${this.limits.clientEventsPerSecond} client events a second`,
      )
      return
    }
    const member = connection.presence.get(channel)
    const payload = JSON.stringify({
      event: frame.event,
      channel,
      data: frame.data,
      ...(member ? { user_id: member.userId } : {}),
    })
    for (const subscriber of this.#channels.get(channel) ?? []) {
      if (subscriber !== connection) this.#sendRaw(subscriber, payload)
    }
  }

  #error(connection: Connection, code: number, message: string): void {
    this.#send(connection, { event: 'pusher:error', data: { code, message } })
  }

  #send(connection: Connection, frame: { event: string; channel?: string; data: unknown }): void {
    this.#sendRaw(connection, JSON.stringify(frame))
  }

  #sendRaw(connection: Connection, frame: string, countsAsActivity = true): void {
    if (!this.#canSend(connection)) return
    connection.ws.send(frame)
    if (countsAsActivity) connection.lastActivity = this.#now()
  }

  /** Whether the socket is open and keeps up; one that has too much unsent data is closed. */
  #canSend(connection: Connection): boolean {
    const { ws } = connection
    if (ws.readyState !== ws.OPEN) return false
    if (ws.bufferedAmount > this.limits.maxSendBufferBytes) {
      ws.close(CloseCode.slowConsumer, 'Slow consumer: too much unsent data')
      this.#drop(connection)
      return false
    }
    return true
  }

  #drop(connection: Connection): void {
    if (!this.#connections.delete(connection.socketId)) return
    const { address } = connection
    if (address !== undefined) {
      const left = (this.#perAddress.get(address) ?? 1) - 1
      if (left > 0) this.#perAddress.set(address, left)
      else this.#perAddress.delete(address)
    }
    for (const channel of [...connection.channels]) this.#unsubscribe(connection, channel)
    if (connection.userId !== undefined) {
      const sockets = this.#users.get(connection.userId)
      sockets?.delete(connection)
      if (sockets?.size === 0) this.#users.delete(connection.userId)
    }
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function parseFrame(text: string): IncomingFrame | undefined {
  const value = parseJson(text)
  if (!isRecord(value) || typeof value.event !== 'string') return undefined
  const data = typeof value.data === 'string' ? (parseJson(value.data) ?? value.data) : value.data
  return {
    event: value.event,
    channel: typeof value.channel === 'string' ? value.channel : undefined,
    data,
  }
}

function parsePresenceMember(
  channelData: string | undefined,
  maxInfoBytes: number,
): PresenceMember | undefined {
  if (channelData === undefined) return undefined
  const value = parseJson(channelData)
  if (!isRecord(value)) return undefined
  const id = value.user_id
  if (!(typeof id === 'string' && id !== '') && typeof id !== 'number') return undefined
  const info = value.user_info ?? {}
  if (Buffer.byteLength(JSON.stringify(info)) > maxInfoBytes) return undefined
  return { userId: String(id), info }
}
