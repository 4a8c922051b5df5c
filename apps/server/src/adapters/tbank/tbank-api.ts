import { createHash, timingSafeEqual } from 'node:crypto'
import { setTimeout as delay } from 'node:timers/promises'

export const TBANK_API_URL = 'https://securepay.tinkoff.ru/v2'
/** A request that takes longer than this is repeated (or given up). */
export const TBANK_TIMEOUT_MS = 10_000
/** Tries of one request when T-Bank answers 5xx or nothing: the first and two repeats. */
export const TBANK_ATTEMPTS = 3

/** The terminal: its key and password, from the internet acquiring dashboard. */
export interface TBankTerminal {
  terminalKey: string
  password: string
}

export interface TBankApiOptions {
  baseUrl?: string
  timeoutMs?: number
  attempts?: number
  /** How long to wait before repeating a request (the tests pass 0). */
  backoffMs?: (attempt: number) => number
  fetch?: typeof fetch
}

type Json = Record<string, unknown>

/**
 * A request's or notification's `Token` (developer.tbank.ru/eacq/intro/developer/token): the
 * root object's scalar values (nested objects such as `Receipt` and `DATA` and arrays take no
 * part, nor `Token` itself) with `Password` added, sorted by key, their values concatenated, and
 * the SHA-256 of that in hex. A boolean counts as `true`/`false`, as T-Bank writes it.
 */
export function tokenOf(fields: Readonly<Json>, password: string): string {
  const values: [string, string][] = [['Password', password]]
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'Token' || value === null || value === undefined) continue
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      values.push([key, String(value)])
    }
  }
  values.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return createHash('sha256')
    .update(values.map(([, value]) => value).join(''), 'utf8')
    .digest('hex')
}

/** Whether `fields.Token` is the token `password` makes of them (compared in constant time). */
export function tokenMatches(fields: Readonly<Json>, password: string): boolean {
  const given = fields.Token
  if (typeof given !== 'string' || !/^[0-9a-f]{64}$/i.test(given)) return false
  return timingSafeEqual(
    Buffer.from(given.toLowerCase(), 'hex'),
    Buffer.from(tokenOf(fields, password), 'hex'),
  )
}

/** T-Bank answered `Success: false` with its `ErrorCode` (final: a repeat changes nothing). */
export class TBankError extends Error {
  override readonly name = 'TBankError'
  constructor(
    readonly errorCode: string,
    message: string,
    readonly details: string | null,
  ) {
    super(`T-Bank answered ErrorCode ${errorCode}: ${message}${details ? ` (${details})` : ''}`)
  }
}

/** T-Bank did not answer, or answered only 5xx through every repeat. */
export class TBankUnavailable extends Error {
  override readonly name = 'TBankUnavailable'
}

/**
 * T-Bank's internet acquiring API v2 over fetch: every method a JSON POST to `{base}/{Method}`
 * with `TerminalKey` and the request's `Token`; an answer is HTTP 200 with `Success` and
 * `ErrorCode` ("0" when it worked). No answer or a 5xx is repeated (the callers make repeats
 * harmless: see `tbank-provider.ts`); `Success: false` is final.
 */
export function createTBankApi(terminal: TBankTerminal, options: TBankApiOptions = {}) {
  const base = (options.baseUrl ?? TBANK_API_URL).replace(/\/+$/, '')
  const timeoutMs = options.timeoutMs ?? TBANK_TIMEOUT_MS
  const attempts = options.attempts ?? TBANK_ATTEMPTS
  const backoff = options.backoffMs ?? ((attempt) => 500 * 2 ** (attempt - 1))
  const doFetch = options.fetch ?? fetch

  /** The request as sent: the terminal's key, the fields, and their token. */
  const signed = (fields: Json): Json => {
    const request = { TerminalKey: terminal.terminalKey, ...fields }
    return { ...request, Token: tokenOf(request, terminal.password) }
  }

  async function once(method: string, body: Json): Promise<Json | string> {
    let response: Response
    try {
      response = await doFetch(`${base}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch {
      return `did not answer within ${String(timeoutMs)} ms`
    }
    let json: Json | undefined
    try {
      json = (await response.json()) as Json
    } catch {
      json = undefined
    }
    if (response.status >= 500 || !json) return `answered HTTP ${String(response.status)}`
    return json
  }

  return {
    /**
     * `single`: a request T-Bank could carry out twice (a refund of an SBP payment, decision 0141)
     * is sent one time; no answer or a 5xx is `TBankUnavailable` at once, its outcome unknown.
     */
    async call(method: string, fields: Json, { single = false } = {}): Promise<Json> {
      const body = signed(fields)
      let last = 'did not answer'
      const tries = single ? 1 : attempts
      for (let attempt = 1; attempt <= tries; attempt++) {
        if (attempt > 1) {
          const wait = backoff(attempt - 1)
          if (wait > 0) await delay(wait)
        }
        const answer = await once(method, body)
        if (typeof answer === 'string') {
          last = answer
          continue
        }
        const code = codeOf(answer.ErrorCode)
        if (answer.Success === true && (code === '0' || code === null)) return answer
        throw new TBankError(
          code ?? 'unknown',
          typeof answer.Message === 'string' ? answer.Message.slice(0, 300) : 'no message',
          typeof answer.Details === 'string' ? answer.Details.slice(0, 300) : null,
        )
      }
      throw new TBankUnavailable(`T-Bank ${last} (${String(tries)} tries of ${method})`)
    },
  }
}

/** An ErrorCode as T-Bank writes it: a string of digits (a number in some answers). */
function codeOf(value: unknown): string | null {
  if (typeof value === 'string') return value.slice(0, 20)
  if (typeof value === 'number') return String(value)
  return null
}

export type TBankApi = ReturnType<typeof createTBankApi>
