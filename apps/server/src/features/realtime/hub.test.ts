import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { WebSocket } from 'ws'
import {
  connected,
  nextEvent,
  startRealtimeNode,
  subscribed,
  type RealtimeNode,
} from '../../test/realtime-node'
import { channelAuth, hmacHex, httpStringToSign, md5Hex } from './signatures'

const credentials = { appId: '424242', key: 'test-key', secret: 'test-secret' }

interface Frame {
  event: string
  channel?: string
  data?: unknown
  user_id?: string
}

/** A bare websocket speaking the protocol by hand, to see exactly what the hub sends. */
async function rawSocket(port: number, key = credentials.key) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${key}?protocol=7&client=js&version=8.4.0`)
  const frames: Frame[] = []
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => {
      resolve({ code, reason: reason.toString() })
    })
  })
  ws.on('message', (raw: Buffer) => {
    const frame = JSON.parse(raw.toString()) as Frame
    if (typeof frame.data === 'string') {
      try {
        frame.data = JSON.parse(frame.data) as unknown
      } catch {
        // data that is not JSON stays a string
      }
    }
    frames.push(frame)
  })
  await new Promise((resolve, reject) => {
    ws.once('open', resolve)
    ws.once('error', reject)
  })
  await vi.waitFor(() => {
    expect(frames.length).toBeGreaterThan(0)
  })
  const first = frames[0]
  const socketId =
    first?.event === 'pusher:connection_established' &&
    typeof first.data === 'object' &&
    first.data !== null &&
    'socket_id' in first.data
      ? String(first.data.socket_id)
      : ''
  return {
    ws,
    frames,
    closed,
    socketId,
    send: (frame: object) => {
      ws.send(JSON.stringify(frame))
    },
    last: () => frames.at(-1),
  }
}

describe('realtime hub with the real pusher-js and pusher SDK', () => {
  let node: RealtimeNode
  beforeAll(async () => {
    node = await startRealtimeNode(credentials)
  })
  afterAll(async () => {
    await node.close()
  })

  it('greets a connection with a socket id and a non-zero activity timeout', async () => {
    const socket = await rawSocket(node.port)
    expect(socket.frames[0]).toEqual({
      event: 'pusher:connection_established',
      data: { socket_id: expect.stringMatching(/^\d+\.\d+$/) as unknown, activity_timeout: 120 },
    })
    expect(await connected(node.connect())).toMatch(/^\d+\.\d+$/)
    socket.ws.close()
  })

  it('refuses an unknown app key with 4001', async () => {
    const socket = await rawSocket(node.port, 'wrong-key')
    expect(socket.frames[0]).toMatchObject({ event: 'pusher:error', data: { code: 4001 } })
    expect((await socket.closed).code).toBe(4001)
  })

  it('answers pings with pongs', async () => {
    const socket = await rawSocket(node.port)
    socket.send({ event: 'pusher:ping', data: {} })
    await vi.waitFor(() => expect(socket.last()?.event).toBe('pusher:pong'))
    socket.ws.close()
  })

  it('delivers an event published through the HTTP API to a public channel', async () => {
    const client = node.connect()
    await subscribed(client, 'restaurant.demo')
    const received = nextEvent(client, 'restaurant.demo', 'menu.changed')
    await node.sdk.trigger('restaurant.demo', 'menu.changed', { dishId: 7 })
    expect(await received).toEqual({ dishId: 7 })
    client.disconnect()
  })

  it('leaves out the socket named in socket_id', async () => {
    const origin = await rawSocket(node.port)
    const other = await rawSocket(node.port)
    for (const socket of [origin, other])
      socket.send({ event: 'pusher:subscribe', data: { channel: 'restaurant.x' } })
    await vi.waitFor(() =>
      expect(other.last()?.event).toBe('pusher_internal:subscription_succeeded'),
    )
    await vi.waitFor(() =>
      expect(origin.last()?.event).toBe('pusher_internal:subscription_succeeded'),
    )
    await node.sdk.trigger('restaurant.x', 'stop-list', 'off', { socket_id: origin.socketId })
    await vi.waitFor(() =>
      expect(other.last()).toEqual({ event: 'stop-list', channel: 'restaurant.x', data: 'off' }),
    )
    expect(origin.last()?.event).toBe('pusher_internal:subscription_succeeded')
    origin.ws.close()
    other.ws.close()
  })

  it('joins private channels with a valid signature and refuses a forged one', async () => {
    const client = node.connect()
    await subscribed(client, 'private-table.s1')
    const socket = await rawSocket(node.port)
    socket.send({
      event: 'pusher:subscribe',
      data: { channel: 'private-table.s1', auth: `${credentials.key}:${'0'.repeat(64)}` },
    })
    await vi.waitFor(() => expect(socket.last()?.event).toBe('pusher:subscription_error'))
    expect(socket.last()).toMatchObject({
      channel: 'private-table.s1',
      data: { type: 'AuthError', status: 401 },
    })

    // A signature made for another socket does not open the channel either.
    socket.send({
      event: 'pusher:subscribe',
      data: {
        channel: 'private-table.s1',
        auth: channelAuth(credentials.key, credentials.secret, '1.1', 'private-table.s1'),
      },
    })
    await vi.waitFor(() =>
      expect(socket.frames.filter((f) => f.event === 'pusher:subscription_error')).toHaveLength(2),
    )
    socket.ws.close()
    client.disconnect()
  })

  it('joins private-encrypted channels with a signature, and keeps client events off them', async () => {
    const socket = await rawSocket(node.port)
    const channel = 'private-encrypted-bill.s9'
    socket.send({ event: 'pusher:subscribe', data: { channel } })
    await vi.waitFor(() => expect(socket.last()?.event).toBe('pusher:subscription_error'))
    socket.send({
      event: 'pusher:subscribe',
      data: {
        channel,
        auth: channelAuth(credentials.key, credentials.secret, socket.socketId, channel),
      },
    })
    await vi.waitFor(() =>
      expect(socket.last()?.event).toBe('pusher_internal:subscription_succeeded'),
    )
    socket.send({ event: 'client-note', channel, data: {} })
    await vi.waitFor(() =>
      expect(socket.last()).toMatchObject({ event: 'pusher:error', data: { code: 4301 } }),
    )
    socket.ws.close()
  })

  it('refuses channel names that break the rules', async () => {
    const socket = await rawSocket(node.port)
    for (const channel of ['has space', 'x'.repeat(201), 'emoji-☕']) {
      socket.send({ event: 'pusher:subscribe', data: { channel } })
    }
    await vi.waitFor(() =>
      expect(socket.frames.filter((f) => f.event === 'pusher:subscription_error')).toHaveLength(3),
    )
    socket.send({ event: 'pusher:subscribe', data: { channel: 'x'.repeat(200) } })
    await vi.waitFor(() =>
      expect(socket.last()?.event).toBe('pusher_internal:subscription_succeeded'),
    )
    socket.ws.close()
  })

  it('refuses messages over 10 KB without closing the connection', async () => {
    const socket = await rawSocket(node.port)
    socket.send({ event: 'pusher:ping', data: { padding: 'x'.repeat(11 * 1024) } })
    await vi.waitFor(() =>
      expect(socket.last()).toMatchObject({ event: 'pusher:error', data: { code: 4301 } }),
    )
    socket.send({ event: 'pusher:ping', data: {} })
    await vi.waitFor(() => expect(socket.last()?.event).toBe('pusher:pong'))
    socket.ws.close()
  })

  it('announces presence members once per user, however many tabs they open', async () => {
    const watcher = node.connect({ id: 'watcher' })
    await subscribed(watcher, 'presence-table.s2')
    const added: unknown[] = []
    const removed: unknown[] = []
    watcher.channel('presence-table.s2').bind('pusher:member_added', (m: unknown) => added.push(m))
    watcher
      .channel('presence-table.s2')
      .bind('pusher:member_removed', (m: unknown) => removed.push(m))

    const tab1 = node.connect({ id: 'anna', info: { name: 'Anna' } })
    const tab2 = node.connect({ id: 'anna', info: { name: 'Anna' } })
    const members = (await subscribed(tab1, 'presence-table.s2')) as { count: number }
    expect(members.count).toBe(2)
    await subscribed(tab2, 'presence-table.s2')
    await vi.waitFor(() => expect(added).toHaveLength(1))
    expect(added[0]).toMatchObject({ id: 'anna', info: { name: 'Anna' } })
    const users = await node.sdk.get({ path: '/channels/presence-table.s2/users' })
    expect(await users.json()).toEqual({
      users: expect.arrayContaining([{ id: 'anna' }, { id: 'watcher' }]) as unknown,
    })

    tab1.disconnect()
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(removed).toHaveLength(0)
    tab2.disconnect()
    await vi.waitFor(() => expect(removed).toHaveLength(1))
    watcher.disconnect()
  })

  it('relays client events only on joined private channels, never to the sender, at most 10 a second', async () => {
    const sender = await rawSocket(node.port)
    const receiver = await rawSocket(node.port)
    for (const socket of [sender, receiver]) {
      socket.send({
        event: 'pusher:subscribe',
        data: {
          channel: 'private-chat',
          auth: channelAuth(credentials.key, credentials.secret, socket.socketId, 'private-chat'),
        },
      })
      await vi.waitFor(() =>
        expect(socket.last()?.event).toBe('pusher_internal:subscription_succeeded'),
      )
    }
    for (let i = 0; i < 12; i++)
      sender.send({ event: 'client-typing', channel: 'private-chat', data: { i } })
    await vi.waitFor(() =>
      expect(sender.frames.filter((f) => f.event === 'pusher:error')).toHaveLength(2),
    )
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(receiver.frames.filter((f) => f.event === 'client-typing')).toHaveLength(10)
    expect(sender.frames.filter((f) => f.event === 'client-typing')).toHaveLength(0)

    await new Promise((resolve) => setTimeout(resolve, 1000))
    sender.send({ event: 'client-typing', channel: 'restaurant.public', data: {} })
    sender.send({ event: 'client-typing', channel: 'private-not-joined', data: {} })
    await vi.waitFor(() =>
      expect(sender.frames.filter((f) => f.event === 'pusher:error')).toHaveLength(4),
    )
    sender.ws.close()
    receiver.ws.close()
  })

  it('signs a user in and delivers to #server-to-user-{id}', async () => {
    const client = node.connect({ id: 'waiter-7' })
    client.signin()
    const received = new Promise((resolve) => {
      client.user.bind('shift.changed', resolve)
    })
    await vi.waitFor(async () => {
      const response = await node.sdk.sendToUser('waiter-7', 'shift.changed', { on: true })
      expect(response.status).toBe(200)
      await Promise.race([
        received,
        new Promise((_, reject) => setTimeout(() => reject(new Error('not yet')), 100)),
      ])
    })
    expect(await received).toEqual({ on: true })
    client.disconnect()
  })

  it("terminates a user's connections so they do not reconnect on their own", async () => {
    const socket = await rawSocket(node.port)
    const userData = JSON.stringify({ id: 'fired' })
    socket.send({
      event: 'pusher:signin',
      data: {
        user_data: userData,
        auth: `${credentials.key}:${hmacHex(credentials.secret, `${socket.socketId}::user::${userData}`)}`,
      },
    })
    await vi.waitFor(() => expect(socket.last()?.event).toBe('pusher:signin_success'))
    const response = await node.sdk.terminateUserConnections('fired')
    expect(response.status).toBe(200)
    expect((await socket.closed).code).toBe(4009)
  })

  it('reports channel info and occupied channels', async () => {
    const a = node.connect()
    const b = node.connect()
    await subscribed(a, 'restaurant.info')
    await subscribed(b, 'restaurant.info')
    const info = await node.sdk.get({
      path: '/channels/restaurant.info',
      params: { info: 'subscription_count' },
    })
    expect(await info.json()).toEqual({ occupied: true, subscription_count: 2 })
    const list = await node.sdk.get({
      path: '/channels',
      params: { filter_by_prefix: 'restaurant.' },
    })
    expect(await list.json()).toMatchObject({ channels: { 'restaurant.info': {} } })
    const triggered = await node.sdk.trigger('restaurant.info', 'ping', '{}', {
      info: 'subscription_count',
    })
    expect(await triggered.json()).toEqual({
      channels: { 'restaurant.info': { subscription_count: 2 } },
    })
    a.disconnect()
    b.disconnect()
  })

  describe('HTTP API signatures', () => {
    const call = async (
      method: string,
      path: string,
      body: string | undefined,
      tamper: (query: Record<string, string>) => void = () => undefined,
    ) => {
      const query: Record<string, string> = {
        auth_key: credentials.key,
        auth_timestamp: String(Math.floor(Date.now() / 1000)),
        auth_version: '1.0',
        ...(body ? { body_md5: md5Hex(body) } : {}),
      }
      query.auth_signature = hmacHex(credentials.secret, httpStringToSign(method, path, query))
      tamper(query)
      return fetch(
        `http://127.0.0.1:${node.port}${path}?${new URLSearchParams(query).toString()}`,
        {
          method,
          ...(body ? { body, headers: { 'content-type': 'application/json' } } : {}),
        },
      )
    }
    const eventBody = JSON.stringify({ name: 'x', channels: ['restaurant.sig'], data: '{}' })

    it('accepts a correctly signed request', async () => {
      expect((await call('POST', `/apps/${credentials.appId}/events`, eventBody)).status).toBe(200)
    })

    it.each([
      ['a wrong signature', (q: Record<string, string>) => (q.auth_signature = 'f'.repeat(64))],
      ['an unknown key', (q: Record<string, string>) => (q.auth_key = 'other')],
      [
        'a stale timestamp',
        (q: Record<string, string>) =>
          (q.auth_timestamp = String(Math.floor(Date.now() / 1000) - 601)),
      ],
      [
        'a body that is not the signed one',
        (q: Record<string, string>) => (q.body_md5 = md5Hex('{}')),
      ],
    ])('refuses %s with 401 and publishes nothing', async (_, tamper) => {
      const listener = await rawSocket(node.port)
      listener.send({ event: 'pusher:subscribe', data: { channel: 'restaurant.sig' } })
      await vi.waitFor(() =>
        expect(listener.last()?.event).toBe('pusher_internal:subscription_succeeded'),
      )
      const response = await call('POST', `/apps/${credentials.appId}/events`, eventBody, tamper)
      expect(response.status).toBe(401)
      expect(await response.json()).toMatchObject({ error: { code: 'unauthorized' } })
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(listener.frames.some((f) => f.event === 'x')).toBe(false)
      listener.ws.close()
    })

    it('refuses more than 100 channels and more than 10 batch events', async () => {
      const channels = Array.from({ length: 101 }, (_, i) => `c${i}`)
      const tooMany = JSON.stringify({ name: 'x', channels, data: '{}' })
      expect((await call('POST', `/apps/${credentials.appId}/events`, tooMany)).status).toBe(400)
      const batch = JSON.stringify({
        batch: Array.from({ length: 11 }, () => ({ name: 'x', channel: 'c', data: '{}' })),
      })
      expect((await call('POST', `/apps/${credentials.appId}/batch_events`, batch)).status).toBe(
        400,
      )
    })
  })
})

describe('keeping connections alive', () => {
  it('pings a socket idle for the activity timeout and closes it with 4201 when it does not answer', async () => {
    let now = Date.now()
    const node = await startRealtimeNode(credentials, { now: () => now })
    try {
      const silent = await rawSocket(node.port)
      const answering = await rawSocket(node.port)
      const listening = await rawSocket(node.port)
      listening.send({ event: 'pusher:subscribe', data: { channel: 'restaurant.busy' } })
      await vi.waitFor(() =>
        expect(listening.last()?.event).toBe('pusher_internal:subscription_succeeded'),
      )

      now += 119_000
      await node.hub.publish({ channels: ['restaurant.busy'], name: 'tick', data: '{}' })
      now += 1_000
      node.hub.sweep()
      await vi.waitFor(() => expect(silent.last()?.event).toBe('pusher:ping'))
      await vi.waitFor(() => expect(answering.last()?.event).toBe('pusher:ping'))
      // Traffic the hub sent a second ago counts as activity: no ping for this one.
      expect(listening.last()?.event).toBe('tick')
      answering.send({ event: 'pusher:pong', data: {} })
      await new Promise((resolve) => setTimeout(resolve, 50))

      now += 30_000
      node.hub.sweep()
      expect((await silent.closed).code).toBe(4201)
      expect(answering.ws.readyState).toBe(WebSocket.OPEN)
      answering.ws.close()
      listening.ws.close()
    } finally {
      await node.close()
    }
  })

  it(
    'asks clients to reconnect when the server restarts, and pusher-js resubscribes',
    { timeout: 60_000 },
    async () => {
      const first = await startRealtimeNode(credentials)
      const port = first.port
      const client = first.connect()
      await subscribed(client, 'restaurant.restart')
      const states: string[] = []
      client.connection.bind('state_change', ({ current }: { current: string }) =>
        states.push(current),
      )
      await first.app.close()

      const second = await startRealtimeNode(credentials, { port })
      try {
        await vi.waitFor(() => expect(client.connection.state).toBe('connected'), {
          timeout: 40_000,
        })
        const received = nextEvent(client, 'restaurant.restart', 'back')
        await vi.waitFor(
          async () => {
            await second.sdk.trigger('restaurant.restart', 'back', '{"ok":true}')
            await Promise.race([
              received,
              new Promise((_, reject) => setTimeout(() => reject(new Error('not yet')), 200)),
            ])
          },
          { timeout: 10_000 },
        )
        expect(await received).toEqual({ ok: true })
        expect(states).toContain('connecting')
      } finally {
        client.disconnect()
        await second.close()
      }
    },
  )
})

describe('limits, as settings with the Pusher protocol codes', () => {
  let node: RealtimeNode
  beforeAll(async () => {
    node = await startRealtimeNode(credentials, {
      limits: {
        maxChannelsPerConnection: 3,
        maxChannelNameLength: 20,
        clientEventsPerSecond: 2,
        maxPresenceMembers: 2,
        maxMessageBytes: 2048,
      },
    })
  })
  afterAll(async () => {
    await node.close()
  })

  it('refuses a subscription over the per-connection channel cap with 4100, and frees a place on unsubscribe', async () => {
    const socket = await rawSocket(node.port)
    for (const channel of ['restaurant.a', 'restaurant.b', 'restaurant.c', 'restaurant.a']) {
      socket.send({ event: 'pusher:subscribe', data: { channel } })
      await vi.waitFor(() =>
        expect(socket.last()).toMatchObject({
          event: 'pusher_internal:subscription_succeeded',
          channel,
        }),
      )
    }
    socket.send({ event: 'pusher:subscribe', data: { channel: 'restaurant.d' } })
    await vi.waitFor(() =>
      expect(socket.frames.slice(-2)).toEqual([
        {
          event: 'pusher:subscription_error',
          channel: 'restaurant.d',
          data: expect.objectContaining({ type: 'LimitReached', status: 4100 }) as unknown,
        },
        { event: 'pusher:error', data: expect.objectContaining({ code: 4100 }) as unknown },
      ]),
    )
    await node.sdk.trigger('restaurant.d', 'x', '{}')
    socket.send({ event: 'pusher:unsubscribe', data: { channel: 'restaurant.b' } })
    socket.send({ event: 'pusher:subscribe', data: { channel: 'restaurant.d' } })
    await vi.waitFor(() =>
      expect(socket.last()).toMatchObject({
        event: 'pusher_internal:subscription_succeeded',
        channel: 'restaurant.d',
      }),
    )
    expect(socket.ws.readyState).toBe(WebSocket.OPEN)
    socket.ws.close()
  })

  it('tells pusher-js which subscription went over the channel cap', async () => {
    const client = node.connect()
    for (const channel of ['restaurant.p1', 'restaurant.p2', 'restaurant.p3'])
      await subscribed(client, channel)
    await expect(subscribed(client, 'restaurant.p4')).rejects.toMatchObject({
      type: 'LimitReached',
      status: 4100,
    })
    client.disconnect()
  })

  it('takes the channel name length, client events a second and event size from its settings', async () => {
    const socket = await rawSocket(node.port)
    socket.send({ event: 'pusher:subscribe', data: { channel: 'x'.repeat(21) } })
    await vi.waitFor(() =>
      expect(socket.last()).toMatchObject({
        event: 'pusher:subscription_error',
        data: { type: 'InvalidChannel', status: 400 },
      }),
    )
    socket.send({ event: 'pusher:ping', data: { padding: 'x'.repeat(2100) } })
    await vi.waitFor(() =>
      expect(socket.last()).toMatchObject({ event: 'pusher:error', data: { code: 4301 } }),
    )
    const channel = 'private-rate'
    socket.send({
      event: 'pusher:subscribe',
      data: {
        channel,
        auth: channelAuth(credentials.key, credentials.secret, socket.socketId, channel),
      },
    })
    await vi.waitFor(() =>
      expect(socket.last()?.event).toBe('pusher_internal:subscription_succeeded'),
    )
    for (let i = 0; i < 3; i++) socket.send({ event: 'client-x', channel, data: {} })
    await vi.waitFor(() =>
      expect(socket.last()).toMatchObject({
        event: 'pusher:error',
        data: { code: 4301, message: 'At most 2 client events a second' },
      }),
    )
    const tooBig = await node.sdk
      .trigger('restaurant.big', 'x', 'y'.repeat(2049))
      .catch((error: unknown) => error)
    expect(tooBig).toMatchObject({ status: 400 })
    socket.ws.close()
  })

  it('refuses a presence member over the cap with 4100', async () => {
    const a = node.connect({ id: 'a' })
    const b = node.connect({ id: 'b' })
    await subscribed(a, 'presence-full')
    await subscribed(b, 'presence-full')
    const c = node.connect({ id: 'c' })
    await expect(subscribed(c, 'presence-full')).rejects.toMatchObject({
      type: 'LimitReached',
      status: 4100,
    })
    for (const client of [a, b, c]) client.disconnect()
  })
})

describe('the connection caps of a node', () => {
  it('closes a connection over the per-address cap with 4100, and pusher-js backs off until one frees', async () => {
    const node = await startRealtimeNode(credentials, { limits: { maxConnectionsPerAddress: 3 } })
    const sockets = [
      await rawSocket(node.port),
      await rawSocket(node.port),
      await rawSocket(node.port),
    ]
    const over = await rawSocket(node.port)
    expect(over.frames[0]).toMatchObject({ event: 'pusher:error', data: { code: 4100 } })
    expect((await over.closed).code).toBe(4100)

    const client = node.connect()
    const errors: unknown[] = []
    client.connection.bind('error', (error: unknown) => errors.push(error))
    // pusher-js reports a refused handshake as a WebSocketError carrying the close code.
    await vi.waitFor(() =>
      expect(errors).toContainEqual({
        type: 'WebSocketError',
        error: { type: 'PusherError', data: expect.objectContaining({ code: 4100 }) as unknown },
      }),
    )
    expect(client.connection.state).not.toBe('connected')
    sockets[0]?.ws.close()
    expect(await connected(client)).toMatch(/^\d+\.\d+$/)
    client.disconnect()
    for (const socket of sockets.slice(1)) socket.ws.close()
    await vi.waitFor(() => expect(node.hub.connectionCount).toBe(0))
    await node.close()
  })

  it('closes the connection over the cap with 4100 and takes one again when a place frees', async () => {
    const node = await startRealtimeNode(credentials, { limits: { maxConnections: 2 } })
    try {
      const first = await rawSocket(node.port)
      await rawSocket(node.port)
      const over = await rawSocket(node.port)
      expect(over.frames[0]).toMatchObject({ event: 'pusher:error', data: { code: 4100 } })
      expect((await over.closed).code).toBe(4100)
      first.ws.close()
      await vi.waitFor(() => expect(node.hub.connectionCount).toBe(1))
      const again = await rawSocket(node.port)
      expect(again.frames[0]?.event).toBe('pusher:connection_established')
    } finally {
      await node.close()
    }
  })
})

describe('a subscriber that stops reading', () => {
  it('is closed with 4100 once too much waits for it, and the others still get every event', async () => {
    const node = await startRealtimeNode(credentials, {
      limits: { maxSendBufferBytes: 256 * 1024 },
    })
    const [slow, steady] = [await rawSocket(node.port), await rawSocket(node.port)]
    try {
      const channel = 'restaurant.flood'
      for (const socket of [slow, steady]) {
        socket.send({ event: 'pusher:subscribe', data: { channel } })
        await vi.waitFor(() =>
          expect(socket.last()?.event).toBe('pusher_internal:subscription_succeeded'),
        )
      }
      // The attacker's phone reads nothing more: what the hub sends it piles up.
      slow.ws.pause()
      const count = async () => (await node.hub.cluster.channelInfo(channel)).subscriptionCount
      const data = 'x'.repeat(8 * 1024)
      let published = 0
      // The kernel’s buffers take some megabytes first (at most about 10 on loopback); then the
      // hub’s own queue grows past its limit.
      while ((await count()) === 2 && published < 4_000) {
        for (let batch = 0; batch < 50; batch++) {
          await node.hub.publish({ channels: [channel], name: 'flood', data })
          published++
        }
        await new Promise((resolve) => setImmediate(resolve))
      }
      expect(await count()).toBe(1)
      await vi.waitFor(
        () => {
          expect(steady.frames.filter((frame) => frame.event === 'flood')).toHaveLength(published)
        },
        { timeout: 10_000 },
      )
      // Read again, the dropped socket gets what was queued and then the close.
      slow.ws.resume()
      expect((await slow.closed).code).toBe(4100)
    } finally {
      // A socket left paused would hold the node's close until its close handshake timed out.
      slow.ws.terminate()
      steady.ws.terminate()
      await node.close()
    }
  })
})
