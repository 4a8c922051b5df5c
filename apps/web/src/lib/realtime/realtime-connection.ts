import type Pusher from 'pusher-js'
import type { RuntimeConfig } from '@tableside/contracts/runtime-config'
import { tokenHeaders } from '../token-headers'

export type RealtimeState = 'idle' | 'connecting' | 'connected' | 'unavailable' | 'failed'

/** A member of a presence channel: its id and the `user_info` the server signed for it. */
export interface PresenceMember {
  id: string
  info: unknown
}

/** Who is on a presence channel now, and which of them is this page (`meId`). */
export interface PresenceSnapshot {
  members: PresenceMember[]
  meId: string | undefined
}

interface PusherMembers {
  me: { id: string } | null
  each(callback: (member: { id: string; info: unknown }) => void): void
}

type Listener = () => void

/** A refused subscription's `pusher:subscription_error`: its HTTP status when it had one. */
interface SubscriptionError {
  status?: number
}

/**
 * Waits before asking again for a channel's signature the server could not give (0.5 s doubling
 * to 15 s): a request lost on a weak connection, or sent to a node that died, is not a refusal.
 */
const RESUBSCRIBE_FIRST_MS = 500
const RESUBSCRIBE_MOST_MS = 15_000

/**
 * Whether a refused subscription is worth asking for again: the signature request never got an
 * answer (status 0), timed out, was rate-limited or met a server error. A 401 or 403 is the
 * server's answer and stands.
 */
export function refusedForNow({ status }: SubscriptionError = {}): boolean {
  return status === undefined || status === 0 || status === 408 || status === 429 || status >= 500
}

/**
 * One pusher-js connection for the page (spec §7: ws/wss only, host and port from runtime
 * config, the port used for both, TLS forced off, encryption off, statistics on but sent to
 * our own server). pusher-js is imported only when the first subscription asks for it, so
 * it is not part of any route's first load.
 */
export class RealtimeConnection {
  #client: Promise<Pusher> | undefined
  #state: RealtimeState = 'idle'
  readonly #listeners = new Set<Listener>()
  readonly #config: RuntimeConfig['realtime']
  readonly #listenersPerChannel = new Map<string, number>()
  /** Stops asking again for each subscribed channel's signature (`#resubscribeWhenRefused`). */
  readonly #resubscribing = new Map<string, () => void>()
  readonly #onReconnected: () => void
  #everConnected = false

  /**
   * `onReconnected`: the connection came back after a drop, during which events may have been
   * missed (or the server asked it to reconnect because they were): fetch what is shown again.
   */
  constructor(config: RuntimeConfig['realtime'], onReconnected: () => void = () => undefined) {
    this.#config = config
    this.#onReconnected = onReconnected
  }

  /**
   * Calls `listener` with the data of every `eventName` on `channel`. The channel is
   * subscribed while anyone listens to it; the returned function stops listening.
   */
  listen(channel: string, eventName: string, listener: (data: unknown) => void): () => void {
    return this.#listen(channel, eventName, listener)
  }

  /**
   * Calls `onSubscribed` once `channel` is subscribed and again after every resubscription
   * (a reconnect), when events may have been missed. A channel another listener had already
   * subscribed calls it at once: the events sent before this listener was bound went unheard
   * by it. The returned function stops listening.
   */
  whenSubscribed(channel: string, onSubscribed: () => void): () => void {
    return this.#listen(channel, 'pusher:subscription_succeeded', () => onSubscribed(), {
      bound: (subscription) => {
        if (subscription.subscribed) onSubscribed()
      },
    })
  }

  #listen(
    channel: string,
    eventName: string,
    listener: (data: unknown) => void,
    { bound }: { bound?: (subscription: ReturnType<Pusher['subscribe']>) => void } = {},
  ): () => void {
    let stopped = false
    let unbind: (() => void) | undefined
    this.#listenersPerChannel.set(channel, (this.#listenersPerChannel.get(channel) ?? 0) + 1)
    void this.client().then((client) => {
      if (stopped) return
      // Returns the channel when it is already subscribed.
      const subscription = client.subscribe(channel)
      this.#resubscribeWhenRefused(client, channel, subscription)
      subscription.bind(eventName, listener)
      unbind = () => subscription.unbind(eventName, listener)
      bound?.(subscription)
    })
    return () => {
      stopped = true
      unbind?.()
      const left = (this.#listenersPerChannel.get(channel) ?? 1) - 1
      if (left > 0) {
        this.#listenersPerChannel.set(channel, left)
        return
      }
      this.#listenersPerChannel.delete(channel)
      void this.#client?.then((client) => {
        if (this.#listenersPerChannel.has(channel)) return
        this.#resubscribing.get(channel)?.()
        this.#resubscribing.delete(channel)
        client.unsubscribe(channel)
      })
    }
  }

  /**
   * pusher-js gives up on a channel whose signature request fails until the connection next comes
   * back, leaving a screen deaf while it shows the connection as live: while someone listens, a
   * subscription refused for now (`refusedForNow`) is asked for again after a backoff.
   */
  #resubscribeWhenRefused(
    client: Pusher,
    channel: string,
    subscription: ReturnType<Pusher['subscribe']>,
  ): void {
    if (this.#resubscribing.has(channel)) return
    let failures = 0
    let timer: ReturnType<typeof setTimeout> | undefined
    const refused = (error: SubscriptionError) => {
      if (!refusedForNow(error)) return
      clearTimeout(timer)
      timer = setTimeout(
        () => {
          // Not connected: pusher-js subscribes every channel again once it is.
          if (this.#listenersPerChannel.has(channel) && client.connection.state === 'connected')
            client.subscribe(channel)
        },
        Math.min(RESUBSCRIBE_FIRST_MS * 2 ** failures++, RESUBSCRIBE_MOST_MS),
      )
    }
    const succeeded = () => {
      failures = 0
    }
    subscription.bind('pusher:subscription_error', refused)
    subscription.bind('pusher:subscription_succeeded', succeeded)
    this.#resubscribing.set(channel, () => {
      clearTimeout(timer)
      subscription.unbind('pusher:subscription_error', refused)
      subscription.unbind('pusher:subscription_succeeded', succeeded)
    })
  }

  /**
   * Joins the presence `channel` and calls `onChange` with its members whenever someone joins
   * or leaves; `onRefused` when the server refuses to sign the subscription (not when it could not
   * answer: that is asked again). The returned
   * function leaves the channel (when nobody else listens to it).
   */
  presence(
    channel: string,
    onChange: (snapshot: PresenceSnapshot) => void,
    onRefused: () => void,
  ): () => void {
    const stops = [
      ['pusher:subscription_succeeded', 'pusher:member_added', 'pusher:member_removed'].map(
        (eventName) =>
          this.listen(channel, eventName, () => void this.#snapshot(channel, onChange)),
      ),
      [
        this.listen(channel, 'pusher:subscription_error', (error) => {
          if (!refusedForNow(error as SubscriptionError)) onRefused()
        }),
      ],
    ].flat()
    // Already joined by another listener: its members are known now.
    void this.#snapshot(channel, onChange)
    return () => {
      for (const stop of stops) stop()
    }
  }

  async #snapshot(channel: string, onChange: (snapshot: PresenceSnapshot) => void): Promise<void> {
    const client = await this.client()
    const subscription = client.channel(channel) as
      (ReturnType<Pusher['channel']> & { members?: PusherMembers }) | undefined
    if (!subscription?.subscribed || !subscription.members) return
    const members: PresenceMember[] = []
    subscription.members.each(({ id, info }) => members.push({ id, info }))
    onChange({ members, meId: subscription.members.me?.id })
  }

  get state(): RealtimeState {
    return this.#state
  }

  onStateChange(listener: Listener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  client(): Promise<Pusher> {
    this.#client ??= import('pusher-js').then(({ default: PusherClient }) => {
      const { key, host, port, cluster, authEndpoint } = this.#config
      const client = new PusherClient(key, {
        cluster,
        wsHost: host,
        wsPort: port,
        wssPort: port,
        forceTLS: false,
        enabledTransports: ['ws', 'wss'],
        enableStats: true,
        statsHost: location.host,
        channelAuthorization: {
          endpoint: authEndpoint,
          transport: 'ajax',
          headersProvider: () => tokenHeaders(),
        },
      })
      this.#setState('connecting')
      client.connection.bind('state_change', ({ current }: { current: string }) => {
        this.#setState(toState(current))
        if (current !== 'connected') return
        if (this.#everConnected) this.#onReconnected()
        this.#everConnected = true
      })
      return client
    })
    return this.#client
  }

  #setState(state: RealtimeState): void {
    if (state === this.#state) return
    this.#state = state
    for (const listener of this.#listeners) listener()
  }
}

function toState(pusherState: string): RealtimeState {
  switch (pusherState) {
    case 'connected':
      return 'connected'
    case 'unavailable':
      return 'unavailable'
    case 'failed':
      return 'failed'
    default:
      return 'connecting'
  }
}
