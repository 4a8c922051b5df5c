import { createHash, randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { Redis } from 'ioredis'
import { ConfigError } from '../../config/env'
import type { Cluster, ClusterMessage } from './cluster'
import type { RealtimeCredentials } from './credentials'
import type { ChannelInfo } from './realtime-protocol'

const HEARTBEAT_MS = 2_000
/**
 * How long the events stream keeps what it was sent: a node that was cut off from Redis for
 * less than this reads every event it missed when it is back (issue 26); longer, and its
 * sockets are told to reconnect and fetch again.
 */
const STREAM_KEEP_MS = 5 * 60_000
/** A read waits this long for events before it asks again (and notices a close). */
const READ_BLOCK_MS = 2_000
const READ_COUNT = 1_000
/** Waits between reads while Redis does not answer: 0.2 s doubling to 2 s. */
const READ_RETRY_MS = [200, 400, 800, 1_600, 2_000]
/** A node silent for this long is gone: its subscriptions and presence are dropped. */
const NODE_TTL_MS = 10_000
const SEP = '\n'
/** SEP as a Lua string literal. */
const LUA_SEP = "'\\n'"

// Adds this node's presence of a user and says whether the user is now on exactly one node.
const JOIN = `
redis.call('HSET', KEYS[1], ARGV[1] .. ${LUA_SEP} .. ARGV[2], ARGV[3])
redis.call('SADD', KEYS[2], ARGV[4])
local n = 0
for _, field in ipairs(redis.call('HKEYS', KEYS[1])) do
  if string.sub(field, 1, #ARGV[1] + 1) == ARGV[1] .. ${LUA_SEP} then n = n + 1 end
end
return n`

// Removes this node's presence of a user and says on how many nodes the user still is.
const LEAVE = `
redis.call('HDEL', KEYS[1], ARGV[1] .. ${LUA_SEP} .. ARGV[2])
local n = 0
for _, field in ipairs(redis.call('HKEYS', KEYS[1])) do
  if string.sub(field, 1, #ARGV[1] + 1) == ARGV[1] .. ${LUA_SEP} then n = n + 1 end
end
return n`

/**
 * Several server processes as one hub. Events go through a Redis stream that every node reads
 * from its own position, so every socket of a channel gets its events in one order, and a node
 * cut off from Redis for a while reads, once back, every event it missed (decision 0105). While
 * Redis is away a node delivers what it sends to its own sockets at once and the send fails,
 * so the outbox sends it again for the others; its id keeps sockets from getting it twice.
 * Each node records its channel subscriptions and presence members in Redis so any node answers
 * for the whole cluster. A node that stops heartbeating is cleaned up by the others, and its
 * presence members are announced as removed.
 */
export class RedisCluster implements Cluster {
  readonly nodeId: string = randomUUID()
  readonly #commands: Redis
  /** Blocks on the events stream: a connection of its own. */
  readonly #reader: Redis
  readonly #appId: string
  readonly #prefix: string
  readonly #log: FastifyBaseLogger
  #handler: ((message: ClusterMessage) => void) | undefined
  #onResync: (() => void) | undefined
  #heartbeat: NodeJS.Timeout | undefined
  /** The id of the last stream entry this node has read. */
  #position = '0-0'
  #reading: Promise<void> | undefined
  /** Whether this node reads the stream: not yet while Redis has not answered since start. */
  #joined = false
  #closed = false
  /** The key and the secret's hash this node records for its app id (`#claimCredentials`). */
  #credentialsRecord = ''
  /** Why this node, started without Redis, could not join the others once Redis answered. */
  #cannotJoin: string | undefined

  private constructor(commands: Redis, reader: Redis, appId: string, log: FastifyBaseLogger) {
    this.#commands = commands
    this.#reader = reader
    this.#appId = appId
    this.#prefix = `tableside:realtime:${appId}:`
    this.#log = log
  }

  static async connect(
    url: string,
    credentials: RealtimeCredentials,
    log: FastifyBaseLogger,
  ): Promise<RedisCluster> {
    // While Redis is away a command fails at once instead of waiting in a queue: a send then
    // fails (after its local delivery) and the outbox sends it again later.
    const options = { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false }
    // Loaded only where there is a Redis: a node without one starts without the client.
    const { Redis } = await import('ioredis')
    const commands = new Redis(url, options)
    const reader = new Redis(url, { ...options, maxRetriesPerRequest: 0 })
    for (const connection of [commands, reader]) {
      // ioredis reconnects by itself; without a listener its errors would end the process.
      connection.on('error', () => undefined)
    }
    const cluster = new RedisCluster(commands, reader, credentials.appId, log)
    try {
      await Promise.all([commands.connect(), reader.connect()])
    } catch (error) {
      // Redis answered and refused (a wrong password): that is the configuration's to fix.
      if (error instanceof Error && error.name === 'ReplyError') {
        reader.disconnect()
        commands.disconnect()
        throw error
      }
      // Not reachable: this node serves its own sockets now and joins when Redis answers.
      log.warn(
        { err: error },
        'realtime: Redis is not reachable; this node serves its own sockets and joins the other nodes once Redis answers',
      )
      cluster.#joinWhenReady(credentials)
      return cluster
    }
    try {
      await cluster.#join(credentials)
    } catch (error) {
      reader.disconnect()
      commands.disconnect()
      throw error
    }
    return cluster
  }

  problem(): string | undefined {
    return this.#cannotJoin
  }

  /** Joins the other nodes once Redis answers (after a start without it). */
  #joinWhenReady(credentials: RealtimeCredentials): void {
    this.#commands.once('ready', () => {
      if (this.#closed) return
      this.#join(credentials).then(
        () => {
          this.#log.info('realtime: Redis answers; this node has joined the other nodes')
        },
        (error: unknown) => {
          if (error instanceof ConfigError) {
            // Its sockets would be refused by the other nodes: it stays on its own, and says
            // so on `/ready` (`problem`) so that a load balancer sends it no diners.
            this.#cannotJoin = error.message
            this.#log.error({ err: error }, `realtime: this node cannot join: ${error.message}`)
            return
          }
          this.#joinWhenReady(credentials)
        },
      )
    })
  }

  async #join(credentials: RealtimeCredentials): Promise<void> {
    await this.#claimCredentials(credentials)
    await this.#start()
  }

  /**
   * The nodes of one app id must sign and check sockets with the same key and secret, or a
   * diner's socket that one node accepted is refused by the next (issue 26). The first node
   * records them (the secret as a hash); a node with others refuses to start, naming which
   * setting differs. The record lives as long as some node heartbeats, so the whole cluster can
   * change them by stopping every node first.
   */
  async #claimCredentials({ key, secret }: RealtimeCredentials): Promise<void> {
    const mine = { key, secret: createHash('sha256').update(`tableside:${secret}`).digest('hex') }
    this.#credentialsRecord = JSON.stringify(mine)
    await this.#commands.set(this.#credentials, this.#credentialsRecord, 'PX', NODE_TTL_MS, 'NX')
    const recorded = JSON.parse((await this.#commands.get(this.#credentials)) ?? 'null') as {
      key?: unknown
      secret?: unknown
    } | null
    if (!recorded) return
    const differs = [
      ...(recorded.key === mine.key ? [] : ['REALTIME_APP_KEY']),
      ...(recorded.secret === mine.secret ? [] : ['REALTIME_APP_SECRET']),
    ]
    if (differs.length > 0) {
      throw new ConfigError(
        `${differs.join(' and ')} ${differs.length > 1 ? 'differ' : 'differs'} from what the other nodes of realtime app ${this.#appId} use: set the same REALTIME_APP_ID, REALTIME_APP_KEY and REALTIME_APP_SECRET on every node (to change them, stop every node first)`,
      )
    }
  }

  get #stream() {
    return `${this.#prefix}events`
  }
  get #nodes() {
    return `${this.#prefix}nodes`
  }
  get #credentials() {
    return `${this.#prefix}credentials`
  }
  get #presenceChannels() {
    return `${this.#prefix}presence-channels`
  }
  #subscriptions(nodeId: string) {
    return `${this.#prefix}subscriptions:${nodeId}`
  }
  #presence(channel: string) {
    return `${this.#prefix}presence:${channel}`
  }

  async #start(): Promise<void> {
    // Read from the stream's end as it is now: what was sent before this node is not its.
    this.#position = (await this.#streamState())?.lastId ?? '0-0'
    this.#joined = true
    this.#reading = this.#read()
    await this.#beat()
    let failing = false
    this.#heartbeat = setInterval(() => {
      this.#beat().then(
        () => {
          failing = false
        },
        (error: unknown) => {
          // Said once per outage, not every two seconds.
          if (!failing) this.#log.warn({ err: error }, 'realtime: Redis heartbeat failed')
          failing = true
        },
      )
    }, HEARTBEAT_MS)
    this.#heartbeat.unref()
  }

  async #beat(): Promise<void> {
    const now = Date.now()
    await this.#commands.zadd(this.#nodes, now, this.nodeId)
    // Kept alive while a node runs; recorded again if Redis lost it (a restart without disk).
    await this.#commands.set(this.#credentials, this.#credentialsRecord, 'PX', NODE_TTL_MS, 'NX')
    await this.#commands.pexpire(this.#credentials, NODE_TTL_MS)
    const dead = await this.#commands.zrangebyscore(this.#nodes, 0, now - NODE_TTL_MS)
    for (const nodeId of dead) await this.#bury(nodeId)
  }

  /** Drops a dead node's subscriptions and presence; only the node that removes it does the work. */
  async #bury(nodeId: string): Promise<void> {
    if ((await this.#commands.zrem(this.#nodes, nodeId)) === 0) return
    await this.#commands.del(this.#subscriptions(nodeId))
    for (const channel of await this.#commands.smembers(this.#presenceChannels)) {
      const fields = await this.#commands.hkeys(this.#presence(channel))
      for (const field of fields) {
        const [userId, owner] = field.split(SEP)
        if (owner !== nodeId || userId === undefined) continue
        const { last } = await this.leavePresence(channel, userId, nodeId)
        if (last) {
          await this.send({
            type: 'event',
            event: {
              channels: [channel],
              name: 'pusher_internal:member_removed',
              data: JSON.stringify({ user_id: userId }),
            },
          })
        }
      }
    }
  }

  async #liveNodes(): Promise<string[]> {
    return this.#commands.zrangebyscore(this.#nodes, Date.now() - NODE_TTL_MS, '+inf')
  }

  async send(message: ClusterMessage): Promise<void> {
    try {
      // Not joined yet, this node would not read what it sends: it delivers it itself.
      if (!this.#joined) throw new Error('realtime: this node has not joined the other nodes yet')
      await this.#xadd(message)
    } catch (error) {
      // Redis is away: this node's own sockets have the event now all the same; the send
      // fails, so the outbox sends it again for the other nodes (its id keeps it single here).
      this.#handler?.(message)
      throw error
    }
  }

  /**
   * Every node reads every event from the stream, this one too: all sockets of a channel get
   * its events in one order, whichever node each is on.
   */
  async #xadd(message: ClusterMessage): Promise<void> {
    await this.#commands.xadd(
      this.#stream,
      'MINID',
      '~',
      String(Date.now() - STREAM_KEEP_MS),
      '*',
      'node',
      this.nodeId,
      'message',
      JSON.stringify(message),
    )
  }

  onMessage(handler: (message: ClusterMessage) => void): void {
    this.#handler = handler
  }

  onResync(handler: () => void): void {
    this.#onResync = handler
  }

  /** The stream's last id and the last id trimmed from it; undefined when it does not exist. */
  async #streamState(): Promise<{ lastId: string; trimmedUpTo: string } | undefined> {
    try {
      const info = (await this.#commands.call('XINFO', 'STREAM', this.#stream)) as unknown[]
      const field = (name: string) => String(info[info.indexOf(name) + 1])
      return { lastId: field('last-generated-id'), trimmedUpTo: field('max-deleted-entry-id') }
    } catch (error) {
      if (error instanceof Error && /no such key/i.test(error.message)) return undefined
      throw error
    }
  }

  /**
   * Reads the other nodes' events from this node's position, for as long as the cluster runs.
   * After Redis was away, it first checks that nothing this node had not read is gone (Redis
   * restarted without its data, or trimmed past the position): if something is, this node's
   * sockets are told to reconnect, and their apps fetch what they show again.
   */
  async #read(): Promise<void> {
    let failures = 0
    while (!this.#closed) {
      try {
        if (failures > 0) await this.#checkPosition()
        const reply = await this.#reader.xread(
          'COUNT',
          READ_COUNT,
          'BLOCK',
          READ_BLOCK_MS,
          'STREAMS',
          this.#stream,
          this.#position,
        )
        failures = 0
        for (const [, entries] of reply ?? []) {
          for (const [id, fields] of entries) {
            this.#position = id
            const message = parseMessage(fields[fields.indexOf('message') + 1] ?? '')
            if (message) this.#handler?.(message)
          }
        }
      } catch (error) {
        // Closing ends a blocked read with an error: that is no outage.
        if (this.#isClosed()) return
        if (failures === 0)
          this.#log.warn({ err: error }, 'realtime: Redis does not answer; reading again soon')
        const wait = READ_RETRY_MS[Math.min(failures, READ_RETRY_MS.length - 1)] ?? 2_000
        failures++
        await new Promise((resolve) => setTimeout(resolve, wait))
      }
    }
  }

  #isClosed(): boolean {
    return this.#closed
  }

  async #checkPosition(): Promise<void> {
    const state = await this.#streamState()
    const lost = state
      ? compareIds(state.lastId, this.#position) < 0 ||
        compareIds(state.trimmedUpTo, this.#position) > 0
      : this.#position !== '0-0'
    if (!lost) return
    this.#log.warn(
      'realtime: events for this node may have been lost while Redis was away; its sockets reconnect and fetch again',
    )
    this.#position = state?.lastId ?? '0-0'
    this.#onResync?.()
  }

  async joinPresence(channel: string, userId: string, info: unknown): Promise<{ first: boolean }> {
    const count = await this.#commands.eval(
      JOIN,
      2,
      this.#presence(channel),
      this.#presenceChannels,
      userId,
      this.nodeId,
      JSON.stringify(info),
      channel,
    )
    return { first: count === 1 }
  }

  async leavePresence(
    channel: string,
    userId: string,
    nodeId = this.nodeId,
  ): Promise<{ last: boolean }> {
    const count = await this.#commands.eval(LEAVE, 1, this.#presence(channel), userId, nodeId)
    return { last: count === 0 }
  }

  async presenceMembers(channel: string): Promise<Map<string, unknown>> {
    const [fields, live] = await Promise.all([
      this.#commands.hgetall(this.#presence(channel)),
      this.#liveNodes(),
    ])
    const alive = new Set(live)
    const members = new Map<string, unknown>()
    for (const [field, info] of Object.entries(fields)) {
      const [userId, nodeId] = field.split(SEP)
      if (userId !== undefined && nodeId !== undefined && alive.has(nodeId)) {
        members.set(userId, parseJson(info))
      }
    }
    return members
  }

  reportSubscriptions(channel: string, count: number): void {
    const key = this.#subscriptions(this.nodeId)
    const write =
      count > 0 ? this.#commands.hset(key, channel, count) : this.#commands.hdel(key, channel)
    write.catch((error: unknown) => {
      this.#log.warn({ err: error }, 'realtime: could not record a subscription count in Redis')
    })
  }

  async channelInfo(channel: string): Promise<ChannelInfo> {
    const live = await this.#liveNodes()
    const counts = await Promise.all(
      live.map((nodeId) => this.#commands.hget(this.#subscriptions(nodeId), channel)),
    )
    const subscriptionCount = counts.reduce((sum, count) => sum + Number(count ?? 0), 0)
    return {
      occupied: subscriptionCount > 0,
      subscriptionCount,
      ...(channel.startsWith('presence-')
        ? { userCount: (await this.presenceMembers(channel)).size }
        : {}),
    }
  }

  async occupiedChannels(prefix: string): Promise<Map<string, ChannelInfo>> {
    const live = await this.#liveNodes()
    const totals = new Map<string, number>()
    for (const nodeId of live) {
      for (const [channel, count] of Object.entries(
        await this.#commands.hgetall(this.#subscriptions(nodeId)),
      )) {
        if (channel.startsWith(prefix) && !channel.startsWith('#')) {
          totals.set(channel, (totals.get(channel) ?? 0) + Number(count))
        }
      }
    }
    const result = new Map<string, ChannelInfo>()
    for (const [channel, subscriptionCount] of totals) {
      if (subscriptionCount <= 0) continue
      result.set(channel, {
        occupied: true,
        subscriptionCount,
        ...(channel.startsWith('presence-')
          ? { userCount: (await this.presenceMembers(channel)).size }
          : {}),
      })
    }
    return result
  }

  async close(): Promise<void> {
    this.#closed = true
    if (this.#heartbeat) clearInterval(this.#heartbeat)
    // A blocked read ends with its connection.
    this.#reader.disconnect()
    await this.#reading
    try {
      await this.#commands.zrem(this.#nodes, this.nodeId)
      await this.#commands.del(this.#subscriptions(this.nodeId))
      await this.#commands.quit()
    } catch {
      // Redis is away: the other nodes bury this one when its heartbeat runs out.
      this.#commands.disconnect()
    }
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return {}
  }
}

function parseMessage(text: string): ClusterMessage | undefined {
  const value = parseJson(text)
  if (typeof value !== 'object' || value === null || !('type' in value)) return undefined
  if (value.type === 'terminate-user' && 'userId' in value && typeof value.userId === 'string') {
    return { type: 'terminate-user', userId: value.userId }
  }
  if (value.type === 'event' && 'event' in value) {
    const event = value.event
    if (
      typeof event === 'object' &&
      event !== null &&
      'channels' in event &&
      Array.isArray(event.channels) &&
      event.channels.every((c) => typeof c === 'string') &&
      'name' in event &&
      typeof event.name === 'string' &&
      'data' in event &&
      typeof event.data === 'string'
    ) {
      const except =
        'exceptSocketId' in event && typeof event.exceptSocketId === 'string'
          ? { exceptSocketId: event.exceptSocketId }
          : {}
      const id = 'id' in event && typeof event.id === 'string' ? { id: event.id } : {}
      return {
        type: 'event',
        event: { channels: event.channels, name: event.name, data: event.data, ...except, ...id },
      }
    }
  }
  return undefined
}

/** Orders two stream ids (`ms-seq`). */
function compareIds(a: string, b: string): number {
  const [aMs = 0n, aSeq = 0n] = a.split('-').map((part) => BigInt(part))
  const [bMs = 0n, bSeq = 0n] = b.split('-').map((part) => BigInt(part))
  if (aMs !== bMs) return aMs < bMs ? -1 : 1
  if (aSeq !== bSeq) return aSeq < bSeq ? -1 : 1
  return 0
}
