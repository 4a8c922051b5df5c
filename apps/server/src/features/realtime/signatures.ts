import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

export function hmacHex(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex')
}

export function md5Hex(body: string | Buffer): string {
  return createHash('md5').update(body).digest('hex')
}

/** Constant-time comparison of two hex or text tokens of possibly different lengths. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/** What a client presents to join a private or presence channel: `key:hmac(socket_id:channel[:channel_data])`. */
export function channelAuth(
  key: string,
  secret: string,
  socketId: string,
  channel: string,
  channelData?: string,
): string {
  const text =
    channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`
  return `${key}:${hmacHex(secret, text)}`
}

/** What a client presents to sign in as a user: `key:hmac(socket_id::user::user_data)`. */
export function userAuth(key: string, secret: string, socketId: string, userData: string): string {
  return `${key}:${hmacHex(secret, `${socketId}::user::${userData}`)}`
}

/**
 * The string Pusher signs an HTTP API request with: method, path and the query
 * parameters (names lower-cased, sorted, without auth_signature).
 */
export function httpStringToSign(
  method: string,
  path: string,
  query: Readonly<Record<string, string>>,
): string {
  const params = Object.keys(query)
    .filter((name) => name !== 'auth_signature')
    .map((name) => [name.toLowerCase(), query[name] ?? ''] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&')
  return `${method.toUpperCase()}\n${path}\n${params}`
}
