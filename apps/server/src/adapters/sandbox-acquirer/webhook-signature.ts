import { createHmac, timingSafeEqual } from 'node:crypto'

/** Webhooks older or newer than this (by their signed timestamp) are refused as replays. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` */
export function signWebhook(secret: string, rawBody: string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000)
  return `t=${timestamp},v1=${hmac(secret, timestamp, rawBody)}`
}

/** Why a signature header is refused, or null when it is genuine and fresh. */
export function webhookSignatureProblem(
  secret: string,
  header: unknown,
  rawBody: string,
  now: Date,
): string | null {
  if (typeof header !== 'string') return 'The signature header is missing'
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=')
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const
    }),
  )
  const timestamp = Number(parts.get('t'))
  const signature = parts.get('v1') ?? ''
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(signature)) {
    return 'The signature header is malformed'
  }
  if (Math.abs(now.getTime() / 1000 - timestamp) > WEBHOOK_TOLERANCE_SECONDS) {
    return 'The signature is too old or from the future'
  }
  const expected = Buffer.from(hmac(secret, timestamp, rawBody), 'hex')
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'))
    ? null
    : 'The signature does not match'
}

function hmac(secret: string, timestamp: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')
}
