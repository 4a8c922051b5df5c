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
