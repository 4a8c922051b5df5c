/**
 * A random v4 UUID: the app instance's id (spec §9, made once at start-up) and order keys.
 * `crypto.randomUUID` exists only in secure contexts (not http://192.168…).
 */
export function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  // Every byte as two hex digits, then the dashes of 8-4-4-4-12.
  const hex = Array.from(bytes, (byte) => (byte + 256).toString(16).slice(1)).join('')
  return hex.replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-')
}
