import { createServer } from 'node:http'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { WebSocketServer, type WebSocket } from 'ws'
import { RealtimeConnection, refusedForNow } from './realtime-connection'

/**
 * The real pusher-js client against a socket server that speaks its protocol's first words:
 * it greets each connection and, when `subscribe` is on, answers a subscription to a public
 * channel as the hub does.
 */
async function protocolServer({
  subscribe = false,
  signatures = {},
}: {
  subscribe?: boolean
  /**
   * How `/broadcasting/auth` answers each private channel's signature requests in turn (an HTTP
   * status; 0 drops the connection unanswered); signed once they are used up.
   */
  signatures?: Record<string, number[]>
} = {}) {
  const sockets: WebSocket[] = []
  const subscriptions: string[] = []
  const signatureRequests: string[] = []
  const http = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    request.on('end', () => {
      const channel = new URLSearchParams(body).get('channel_name') ?? ''
      signatureRequests.push(channel)
      const status = signatures[channel]?.shift() ?? 200
      if (status === 0) {
        request.socket.destroy()
        return
      }
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(status === 200 ? { auth: 'key:signature' } : {}))
    })
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const listening = new WebSocketServer({ server: http })
  listening.on('close', () => http.close())
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
  const address = http.address()
  const port = typeof address === 'object' && address ? address.port : 0
  vi.stubGlobal('location', { host: `127.0.0.1:${port}` })
  return { listening, sockets, subscriptions, signatureRequests, port }
}

function connectTo(port: number, onReconnected?: () => void) {
  return new RealtimeConnection(
    {
      key: 'key',
      host: '127.0.0.1',
      port,
      scheme: 'ws',
      cluster: 'mt1',
      // pusher-js in Node asks with a request of its own: the address must be whole.
      authEndpoint: `http://127.0.0.1:${port}/broadcasting/auth`,
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

  // A diner's signature request lost on a weak connection, or sent to a node that died (the
  // three-node story), left the channel unsubscribed until the next reconnect: the screen showed
  // the connection live and heard nothing.
  it('asks again for a signature the server could not give, and not for one it refused', async () => {
    const { listening, subscriptions, signatureRequests, port } = await protocolServer({
      subscribe: true,
      signatures: { 'private-table.a': [0, 503], 'presence-table.b': [503, 403] },
    })
    server = listening
    const connection = connectTo(port)
    const subscribed = vi.fn()
    const stop = connection.whenSubscribed('private-table.a', subscribed)
    const refused = vi.fn()
    const members = vi.fn()
    const stopPresence = connection.presence('presence-table.b', members, refused)

    // Dropped, then a 503: signed at the third request, after 0.5 s and 1 s.
    await vi.waitFor(() => expect(subscribed).toHaveBeenCalledTimes(1), { timeout: 5_000 })
    expect(signatureRequests.filter((channel) => channel === 'private-table.a')).toHaveLength(3)
    expect(subscriptions).toEqual(['private-table.a'])
    // The presence channel's 503 was asked again, unreported; the 403 that answered stands:
    // said once, never asked again.
    expect(refused).toHaveBeenCalledTimes(1)
    expect(signatureRequests.filter((channel) => channel === 'presence-table.b')).toHaveLength(2)
    expect(members).not.toHaveBeenCalled()
    stop()
    stopPresence()
    ;(await connection.client()).disconnect()
  })

  it('takes no answer, a timeout, a rate limit and a server error for a refusal for now', () => {
    for (const status of [undefined, 0, 408, 429, 500, 502, 503])
      expect(refusedForNow({ status })).toBe(true)
    for (const status of [400, 401, 403, 404]) expect(refusedForNow({ status })).toBe(false)
  })
})
