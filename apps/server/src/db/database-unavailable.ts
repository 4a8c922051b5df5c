/**
 * Whether an error means the database did not answer (issue 26): a connection refused, reset
 * or dropped, a server shutting down or starting up, too many connections. These pass when the
 * database is back, so a request answers 503 `database_unavailable` with `Retry-After` and a
 * starting node waits; anything else (a constraint, a bad statement) is a real failure.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/** SQLSTATE classes 08 (connection exception) and 57P (operator intervention), and 53300. */
const SQLSTATE = /^(08\d{3}|57P0[1-3]|53300)$/

/** What node-postgres says when a connection it held went away. */
const DROPPED =
  /Connection terminated|Connection is closed|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed/i

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    if (typeof cause !== 'object') return false
    const { code, message } = cause as { code?: unknown; message?: unknown }
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATE.test(code))) return true
    if (typeof message === 'string' && DROPPED.test(message)) return true
    cause = (cause as { cause?: unknown }).cause
  }
  return false
}
