import type { IncomingMessage } from 'node:http'
import { Socket } from 'node:net'
import type { FastifyInstance } from 'fastify'

/** How much of a refused body a closing connection still reads and drops, and for how long. */
export interface Lingering {
  /** From the answer to the close at the latest (nginx's `lingering_time`). */
  maxMs: number
  /** Without a byte from the client (nginx's `lingering_timeout`). */
  quietMs: number
  /** Body bytes read and dropped after the refusal. */
  maxBytes: number
}

/**
 * nginx's own numbers for the time (30 s in all, 5 s of silence). The bytes cover a photo a
 * little over its 10 MB limit and any JSON body a client would send, and stop a client that
 * would stream without end from using a node's bandwidth for the whole 30 s (issue 27).
 */
export const LINGERING: Lingering = { maxMs: 30_000, quietMs: 5_000, maxBytes: 16 * 1024 * 1024 }

/**
 * An answer that goes out before its request's body has all arrived (a body over its limit, a
 * 401 from a hook, a 503 while closing) closes the connection, and Node would close it at once:
 * the kernel then resets the connection for the bytes the client is still sending, and a client
 * that writes its whole body before it reads (a Pusher SDK, a webhook sender) sees ECONNRESET or
 * EPIPE instead of the answer. So, as nginx's lingering close does: the answer, then the end of
 * our side, then the rest of the body read and dropped until the client is done or a bound of
 * `limits` is reached, then the close (issue 27).
 */
export function lingerOverUnreadBodies(app: FastifyInstance, limits = LINGERING): void {
  const lingering = new Set<Socket>()
  let closing = false
  // A server that stops waits for its connections: lingering ones would hold it up for nothing.
  app.addHook('preClose', (done) => {
    closing = true
    for (const socket of lingering) socket.destroy()
    done()
  })
  app.addHook('onSend', (request, reply, payload, done) => {
    const incoming = request.raw
    const socket = incoming.socket
    // Injected requests (tests) have no socket of their own, and their body is all there. A
    // request without a body has nothing left to read, though Node marks it complete only after
    // a handler that answers at once (the menu's held bytes) has run.
    if (socket instanceof Socket && !incoming.complete && hasBody(incoming) && !closing) {
      reply.header('connection', 'close')
      lingering.add(socket)
      socket.once('close', () => lingering.delete(socket))
      lingerBeforeClosing(incoming, socket, limits)
    }
    done(null, payload)
  })
}

/** A body follows the headers: chunked, or a length above zero (RFC 9112 §6.3). */
function hasBody(request: IncomingMessage): boolean {
  const { headers } = request
  if (headers['transfer-encoding'] !== undefined) return true
  const length = headers['content-length']
  return length !== undefined && length !== '0'
}

function lingerBeforeClosing(request: IncomingMessage, socket: Socket, limits: Lingering): void {
  let dropped = 0
  let whole: NodeJS.Timeout | undefined
  let quiet: NodeJS.Timeout | undefined
  const close = () => {
    clearTimeout(whole)
    clearTimeout(quiet)
    socket.destroy()
  }
  // Reading from here on keeps Node from dumping the body on its own: every byte passes here.
  request.on('data', (chunk: Buffer) => {
    dropped += chunk.length
    if (dropped > limits.maxBytes) close()
    else quiet?.refresh()
  })
  request.resume()

  // After a `Connection: close` answer Node calls `destroySoon()` (end, then destroy once
  // written); this socket's own replaces it with the lingering close.
  socket.destroySoon = () => {
    socket.end()
    if (request.complete) {
      // The body arrived while the answer was written: nothing is left to read.
      if (socket.writableFinished) close()
      else socket.once('finish', close)
      return
    }
    whole = setTimeout(close, limits.maxMs)
    quiet = setTimeout(close, limits.quietMs)
    const closeOnceWritten = () => {
      if (socket.writableFinished) close()
      else socket.once('finish', close)
    }
    // The whole body arrived, or the client ended its side: nothing more will come.
    request.once('end', closeOnceWritten)
    socket.once('end', closeOnceWritten)
    socket.once('close', () => {
      clearTimeout(whole)
      clearTimeout(quiet)
    })
  }
}
