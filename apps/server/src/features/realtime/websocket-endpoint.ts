import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { WebSocketServer } from 'ws'
import { errorResponse } from '../../plugins/error-handler'
import type { RealtimeHub } from './hub'

const APP_PATH = /^\/app\/([^/?]+)(?:\?(.*))?$/
/** RFC 6455: 16 random bytes in base64. */
const WEBSOCKET_KEY = /^[+/0-9A-Za-z]{22}==$/

/** Where an upgrade comes from, as the hub counts connections per address. */
export type AddressOf = (request: IncomingMessage) => string | undefined

/**
 * `ws://host:port/app/{key}` on the API server's own port. Upgrades for other paths are
 * refused. Per-message deflate stays off: it costs memory per socket and the frames are small.
 * Whatever the request holds, the listener answers it and never throws: a throw here would
 * leave the HTTP server's `upgrade` event and end the process.
 */
export function attachWebsocketEndpoint(
  app: FastifyInstance,
  hub: RealtimeHub,
  addressOf: AddressOf = (request) => request.socket.remoteAddress,
): void {
  const wss = new WebSocketServer({
    noServer: true,
    perMessageDeflate: false,
    maxPayload: hub.limits.maxMessageBytes * 4,
    clientTracking: false,
  })

  const upgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const match = APP_PATH.exec(request.url ?? '')
    if (!match?.[1]) {
      refuseUpgrade(socket, 404, 'not_found', 'Websockets connect to /app/{key}.')
      return
    }
    const key = decodeOrUndefined(match[1])
    if (key === undefined) {
      refuseUpgrade(socket, 400, 'bad_request', 'The app key in the path is not valid UTF-8.')
      return
    }
    const version = request.headers['sec-websocket-version']
    if (
      request.method !== 'GET' ||
      request.headers.upgrade?.toLowerCase() !== 'websocket' ||
      !WEBSOCKET_KEY.test(request.headers['sec-websocket-key'] ?? '') ||
      (version !== '8' && version !== '13')
    ) {
      refuseUpgrade(
        socket,
        400,
        'bad_request',
        'Send a websocket upgrade: GET with Upgrade: websocket, Sec-WebSocket-Key and Sec-WebSocket-Version 13.',
      )
      return
    }
    const protocol = Number(new URLSearchParams(match[2] ?? '').get('protocol') ?? NaN)
    const address = addressOf(request)
    wss.handleUpgrade(request, socket, head, (ws) => {
      hub.accept(ws, socket, key, Number.isFinite(protocol) ? protocol : undefined, address)
    })
  }

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A peer that resets mid-handshake must not become an unhandled 'error' event.
    socket.on('error', () => {
      socket.destroy()
    })
    try {
      upgrade(request, socket, head)
    } catch (error) {
      app.log.error({ err: error }, 'websocket upgrade failed')
      refuseUpgrade(
        socket,
        500,
        'internal_error',
        'Something went wrong on our side. Please try again.',
      )
    }
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

function decodeOrUndefined(text: string): string | undefined {
  try {
    return decodeURIComponent(text)
  } catch {
    return undefined
  }
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  404: 'Not Found',
  500: 'Internal Server Error',
}

/** Answers a refused upgrade as plain HTTP, in the one error shape, and closes the socket. */
function refuseUpgrade(socket: Duplex, status: number, code: string, message: string): void {
  if (!socket.writable) {
    socket.destroy()
    return
  }
  const body = JSON.stringify(errorResponse(code, message))
  socket.end(
    `HTTP/1.1 ${status} ${REASONS[status] ?? 'Error'}\r\n` +
      'Connection: close\r\n' +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  )
}
