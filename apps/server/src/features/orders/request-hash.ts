import { createHash } from 'node:crypto'

/** JSON with object keys sorted, so the same request always gives the same text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

/**
 * What an idempotency key is bound to: the request as the server understood it (after
 * validation), so key order or whitespace in the JSON does not make it "another body".
 */
export function requestHash(restaurantId: string, body: unknown): string {
  return createHash('sha256').update(canonical({ restaurantId, body })).digest('base64url')
}
