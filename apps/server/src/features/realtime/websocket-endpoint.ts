import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { WebSocketServer } from 'ws'
import type { RealtimeHub } from './hub'

const APP_PATH = /^\/app\/([^/?]+)(?:\?(.*))?$/

/**
 * `ws://host:port/app/{key}` on the API server's own port. Upgrades for other paths are
 * refused. Per-message deflate stays off: it costs memory per socket and the frames are small.
 */
export function attachWebsocketEndpoint(app: FastifyInstance, hub: RealtimeHub): void {
  const wss = new WebSocketServer({
    noServer: true,
    perMessageDeflate: false,
    maxPayload: hub.limits.maxMessageBytes * 4,
    clientTracking: false,
  })

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const match = APP_PATH.exec(request.url ?? '')
    if (!match?.[1]) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n')
      return
    }
    const key = decodeURIComponent(match[1])
    const protocol = Number(new URLSearchParams(match[2] ?? '').get('protocol') ?? NaN)
    wss.handleUpgrade(request, socket, head, (ws) => {
      hub.accept(ws, key, Number.isFinite(protocol) ? protocol : undefined)
    })
  }

  app.server.on('upgrade', onUpgrade)
  hub.start()
  app.addHook('preClose', (done) => {
    app.server.off('upgrade', onUpgrade)
    hub.close()
    wss.close()
    done()
  })
}
