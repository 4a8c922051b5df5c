import { connect } from 'node:net'

export interface RawAnswer {
  /** Everything the server wrote before it closed the socket or went quiet. */
  text: string
  /** The status of the first response line, or undefined when the server wrote none. */
  status: number | undefined
  /** The body after the first blank line, parsed as JSON when it is JSON. */
  json: unknown
}

/**
 * Sends bytes exactly as given (no HTTP client to tidy them up) and reads what comes back,
 * as an attacker's hand-written request would.
 */
export function sendRaw(port: number, bytes: string | Buffer, quietMs = 300): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' })
    const chunks: Buffer[] = []
    let timer: NodeJS.Timeout | undefined
    const finish = () => {
      clearTimeout(timer)
      socket.destroy()
      const text = Buffer.concat(chunks).toString('latin1')
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1]
      const body = text.split('\r\n\r\n').slice(1).join('\r\n\r\n')
      let json: unknown
      try {
        json = JSON.parse(body)
      } catch {
        json = undefined
      }
      resolve({ text, status: status ? Number(status) : undefined, json })
    }
    const quiet = () => {
      clearTimeout(timer)
      timer = setTimeout(finish, quietMs)
    }
    socket.on('data', (chunk) => {
      chunks.push(chunk)
      quiet()
    })
    socket.on('close', finish)
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The server may cut a request it refuses while we are still writing it.
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') finish()
      else reject(error)
    })
    socket.on('connect', () => {
      socket.write(bytes)
      quiet()
    })
  })
}

/** A websocket upgrade request for `path`, as a browser would send it. */
export function upgradeRequest(path: string, extraHeaders = ''): string {
  return (
    `GET ${path} HTTP/1.1\r\n` +
    'Host: 127.0.0.1\r\n' +
    'Connection: Upgrade\r\n' +
    'Upgrade: websocket\r\n' +
    'Sec-WebSocket-Version: 13\r\n' +
    'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n' +
    extraHeaders +
    '\r\n'
  )
}

export interface SlowAnswer {
  /** Everything the server wrote, as read once the writer was done. */
  text: string
  /** The status of the first response line, or undefined when none arrived. */
  status: number | undefined
  /** How the connection failed while writing or reading (ECONNRESET, EPIPE), if it did. */
  failure: string | undefined
  /** Body bytes written before the writer stopped. */
  written: number
}

export interface SlowWriting {
  /** Bytes per write. */
  chunkBytes?: number
  /** Pause after each write. */
  pauseMs?: number
  /** Send the body with Transfer-Encoding: chunked instead of a Content-Length. */
  chunked?: boolean
  /** Give up writing once the server has answered, as a careful client does. */
  stopOnAnswer?: boolean
}

/**
 * A client that writes its whole body in small, slow pieces whatever the server answers, and
 * only reads the answer when it is done (a webhook sender, an SDK on a slow link): the server
 * must let it finish writing and see the answer, not a reset.
 */
export function sendSlowly(
  port: number,
  head: string,
  body: Buffer,
  { chunkBytes = 8192, pauseMs = 1, chunked = false, stopOnAnswer = false }: SlowWriting = {},
): Promise<SlowAnswer> {
  return new Promise((resolve) => {
    // Half-open allowed: the server's end of the answer does not stop this client writing.
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true })
    const chunks: Buffer[] = []
    let failure: string | undefined
    let written = 0
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', (error: NodeJS.ErrnoException) => {
      failure ??= error.code ?? error.message
    })
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1')
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1]
      resolve({ text, status: status ? Number(status) : undefined, failure, written })
    })
    const write = (bytes: string | Buffer) =>
      new Promise<boolean>((done) => {
        if (socket.destroyed) {
          done(false)
          return
        }
        socket.write(bytes, (error?: NodeJS.ErrnoException | null) => {
          if (error) failure ??= error.code ?? error.message
          done(!error)
        })
      })
    const pause = () => new Promise((done) => setTimeout(done, pauseMs))
    socket.on('connect', () => {
      void (async () => {
        const framing = chunked
          ? 'Transfer-Encoding: chunked\r\n'
          : `Content-Length: ${String(body.length)}\r\n`
        if (!(await write(`${head}${framing}\r\n`))) return
        for (let at = 0; at < body.length; at += chunkBytes) {
          if (stopOnAnswer && chunks.length > 0) break
          const piece = body.subarray(at, at + chunkBytes)
          const framed = chunked
            ? Buffer.concat([
                Buffer.from(`${piece.length.toString(16)}\r\n`),
                piece,
                Buffer.from('\r\n'),
              ])
            : piece
          if (!(await write(framed))) return
          written += piece.length
          await pause()
        }
        if (chunked && written === body.length && !(await write('0\r\n\r\n'))) return
        // Done writing: read what the server answered, then leave.
        socket.end()
      })()
    })
  })
}
