import { afterEach, describe, expect, it, vi } from 'vitest'
import { WebSocketServer, type WebSocket } from 'ws'
import { RealtimeConnection } from './realtime-connection'

/**
 * The real pusher-js client against a socket server that speaks its protocol's first words:
 * it greets each connection and, when `subscribe` is on, answers a subscription to a public
 * channel as the hub does.
 */
async function protocolServer({ subscribe = false } = {}) {
  const sockets: WebSocket[] = []
  const subscriptions: string[] = []
  const listening = new WebSocketServer({ port: 0, host: '127.0.0.1' })
  await new Promise((resolve) => listening.once('listening', resolve))
  listening.on('connection', (socket) => {
    sockets.push(socket)
    socket.send(
      JSON.stringify({
        event: 'pusher:connection_established',
        data: JSON.stringify({ socket_id: `${sockets.length}.1`, activity_timeout: 120 }),
      }),
    )
    socket.on('message', (raw) => {
      // pusher-js sends text frames, which ws hands over as one Buffer.
      if (!Buffer.isBuffer(raw)) return
      const message = JSON.parse(raw.toString('utf8')) as {
        event: string
        data: { channel: string }
      }
      if (!subscribe || message.event !== 'pusher:subscribe') return
      subscriptions.push(message.data.channel)
      socket.send(
        JSON.stringify({
          event: 'pusher_internal:subscription_succeeded',
          channel: message.data.channel,
          data: '{}',
        }),
      )
    })
  })
  const address = listening.address()
  const port = typeof address === 'object' && address ? address.port : 0
  vi.stubGlobal('location', { host: `127.0.0.1:${port}` })
  return { listening, sockets, subscriptions, port }
}

function connectTo(port: number, onReconnected?: () => void) {
  return new RealtimeConnection(
    {
      key: 'key',
      host: '127.0.0.1',
      port,
      scheme: 'ws',
      cluster: 'mt1',
      authEndpoint: '/broadcasting/auth',
    },
    onReconnected,
  )
}

describe('RealtimeConnection', () => {
  let server: WebSocketServer | undefined
  afterEach(() => {
    server?.close()
    vi.unstubAllGlobals()
  })

  // Issue 26: the server may have lost events while the connection was down.
  it('asks for a refetch when the connection comes back, never on the first connect', async () => {
    const { listening, sockets, port } = await protocolServer()
    server = listening
    const onReconnected = vi.fn()
    const connection = connectTo(port, onReconnected)
    const client = await connection.client()
    await vi.waitFor(() => expect(connection.state).toBe('connected'))
    expect(onReconnected).not.toHaveBeenCalled()

    sockets[0]?.close(4200, 'events may have been lost: reconnect')
    await vi.waitFor(() => expect(sockets).toHaveLength(2), { timeout: 5_000 })
    await vi.waitFor(() => expect(onReconnected).toHaveBeenCalledTimes(1))
    expect(connection.state).toBe('connected')
    client.disconnect()
  })

  // A screen reads, then subscribes: an event between the two went unheard, so it reads again
  // once subscribed, also when another screen had subscribed the channel before it listened.
  it('says when a channel is subscribed: on the answer, at once when it already is, and after a reconnect', async () => {
    const { listening, sockets, subscriptions, port } = await protocolServer({ subscribe: true })
    server = listening
    const connection = connectTo(port)
    const first = vi.fn()
    const stopFirst = connection.whenSubscribed('table.a', first)
    await vi.waitFor(() => expect(first).toHaveBeenCalledTimes(1))
    expect(subscriptions).toEqual(['table.a'])

    const second = vi.fn()
    const stopSecond = connection.whenSubscribed('table.a', second)
    await vi.waitFor(() => expect(second).toHaveBeenCalledTimes(1))
    expect(first).toHaveBeenCalledTimes(1)
    expect(subscriptions).toEqual(['table.a'])

    sockets[0]?.close(4200, 'events may have been lost: reconnect')
    await vi.waitFor(() => expect(subscriptions).toEqual(['table.a', 'table.a']), {
      timeout: 5_000,
    })
    await vi.waitFor(() => {
      expect(first).toHaveBeenCalledTimes(2)
      expect(second).toHaveBeenCalledTimes(2)
    })

    // Stopped listeners hear no more; the channel stays while one listens.
    stopFirst()
    sockets[1]?.close(4200, 'events may have been lost: reconnect')
    await vi.waitFor(() => expect(second).toHaveBeenCalledTimes(3), { timeout: 5_000 })
    expect(first).toHaveBeenCalledTimes(2)
    stopSecond()
    ;(await connection.client()).disconnect()
  })
})
