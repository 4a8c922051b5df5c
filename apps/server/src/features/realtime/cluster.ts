import type { ChannelInfo, OutboundEvent } from './realtime-protocol'

/** What travels between the hubs of a cluster. */
export type ClusterMessage =
  { type: 'event'; event: OutboundEvent } | { type: 'terminate-user'; userId: string }

/**
 * How a hub shares what it cannot know alone: events for sockets on other nodes, who is
 * on a presence channel anywhere, and channel counts across nodes. One process needs no
 * more than itself (`LocalCluster`); several share Redis (`RedisCluster`).
 */
export interface Cluster {
  /** Delivers a message to every node, this one included, through `onMessage`. */
  send(message: ClusterMessage): Promise<void>
  onMessage(handler: (message: ClusterMessage) => void): void
  /**
   * Events for this node may have been lost (Redis lost what it held): the hub tells its
   * sockets to reconnect, and their apps fetch what they show again.
   */
  onResync(handler: () => void): void
  /** A user's first connection on this node to a presence channel; `first` when on no node before. */
  joinPresence(channel: string, userId: string, info: unknown): Promise<{ first: boolean }>
  /** A user's last connection on this node left; `last` when the user is on no node now. */
  leavePresence(channel: string, userId: string): Promise<{ last: boolean }>
  presenceMembers(channel: string): Promise<Map<string, unknown>>
  /** This node's subscription count for a channel changed to `count`. */
  reportSubscriptions(channel: string, count: number): void
  channelInfo(channel: string): Promise<ChannelInfo>
  occupiedChannels(prefix: string): Promise<Map<string, ChannelInfo>>
  /** Why this node cannot serve live updates with the others (it is then not ready), if so. */
  problem(): string | undefined
  close(): Promise<void>
}

/** One process: everything is already in memory. */
export class LocalCluster implements Cluster {
  #handler: ((message: ClusterMessage) => void) | undefined
  readonly #presence = new Map<string, Map<string, unknown>>()
  readonly #subscriptions = new Map<string, number>()

  send(message: ClusterMessage): Promise<void> {
    this.#handler?.(message)
    return Promise.resolve()
  }

  onMessage(handler: (message: ClusterMessage) => void): void {
    this.#handler = handler
  }

  /** One process loses nothing between its hub and its sockets. */
  onResync(): void {
    // Nothing to resync.
  }

  joinPresence(channel: string, userId: string, info: unknown): Promise<{ first: boolean }> {
    const members = this.#presence.get(channel) ?? new Map<string, unknown>()
    this.#presence.set(channel, members)
    const first = !members.has(userId)
    members.set(userId, info)
    return Promise.resolve({ first })
  }

  leavePresence(channel: string, userId: string): Promise<{ last: boolean }> {
    const members = this.#presence.get(channel)
    const last = members?.delete(userId) ?? false
    if (members?.size === 0) this.#presence.delete(channel)
    return Promise.resolve({ last })
  }

  presenceMembers(channel: string): Promise<Map<string, unknown>> {
    return Promise.resolve(new Map(this.#presence.get(channel)))
  }

  reportSubscriptions(channel: string, count: number): void {
    if (count > 0) this.#subscriptions.set(channel, count)
    else this.#subscriptions.delete(channel)
  }

  channelInfo(channel: string): Promise<ChannelInfo> {
    return Promise.resolve(this.#info(channel))
  }

  occupiedChannels(prefix: string): Promise<Map<string, ChannelInfo>> {
    const result = new Map<string, ChannelInfo>()
    for (const channel of this.#subscriptions.keys()) {
      if (channel.startsWith(prefix) && !channel.startsWith('#'))
        result.set(channel, this.#info(channel))
    }
    return Promise.resolve(result)
  }

  /** One process is always one with itself. */
  problem(): undefined {
    return undefined
  }

  close(): Promise<void> {
    return Promise.resolve()
  }

  #info(channel: string): ChannelInfo {
    const subscriptionCount = this.#subscriptions.get(channel) ?? 0
    return {
      occupied: subscriptionCount > 0,
      subscriptionCount,
      ...(channel.startsWith('presence-')
        ? { userCount: this.#presence.get(channel)?.size ?? 0 }
        : {}),
    }
  }
}
