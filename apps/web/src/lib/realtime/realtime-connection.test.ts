import { afterEach, describe, expect, it, vi } from 'vitest'
import { WebSocketServer, type WebSocket } from 'ws'
import { RealtimeConnection } from './realtime-connection'

/**
 * The real pusher-js client against a socket server that speaks its protocol's first words
 * (issue 26): a connection that comes back after the server closed it (4200, "reconnect": the
 * server may have lost events meanwhile) asks the app to fetch what it shows again; the first
 * connection does not.
 */
describe('RealtimeConnection', () => {
  let server: WebSocketServer | undefined
  afterEach(() => server?.close())

  it('asks for a refetch when the connection comes back, never on the first connect', async () => {
    const sockets: WebSocket[] = []
    const listening = new WebSocketServer({ port: 0, host: '127.0.0.1' })
    server = listening
    await new Promise((resolve) => listening.once('listening', resolve))
    listening.on('connection', (socket) => {
      sockets.push(socket)
      socket.send(
        JSON.stringify({
          event: 'pusher:connection_established',
          data: JSON.stringify({ socket_id: `${sockets.length}.1`, activity_timeout: 120 }),
        }),
      )
    })
    const address = listening.address()
    const port = typeof address === 'object' && address ? address.port : 0
    vi.stubGlobal('location', { host: `127.0.0.1:${port}` })
    const onReconnected = vi.fn()
    const connection = new RealtimeConnection(
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
    const client = await connection.client()
    await vi.waitFor(() => expect(connection.state).toBe('connected'))
    expect(onReconnected).not.toHaveBeenCalled()

    sockets[0]?.close(4200, 'events may have been lost: reconnect')
    await vi.waitFor(() => expect(sockets).toHaveLength(2), { timeout: 5_000 })
    await vi.waitFor(() => expect(onReconnected).toHaveBeenCalledTimes(1))
    expect(connection.state).toBe('connected')
    client.disconnect()
    vi.unstubAllGlobals()
  })
})
