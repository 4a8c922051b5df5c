import { setTimeout as delay } from 'node:timers/promises'

export const YOOKASSA_API_URL = 'https://api.yookassa.ru/v3'
/** A request that takes longer than this is repeated with its Idempotence-Key (or given up). */
export const YOOKASSA_TIMEOUT_MS = 10_000
/** Tries of one request when YooKassa answers 500, 202 or nothing: the first and two repeats. */
export const YOOKASSA_ATTEMPTS = 3

/** The shop's account: its id and secret key (a test shop has its own pair). */
export interface YooKassaAccount {
  shopId: string
  secretKey: string
}

export interface YooKassaApiOptions {
  baseUrl?: string
  timeoutMs?: number
  attempts?: number
  /** How long to wait before repeating a request (the tests pass 0). */
  backoffMs?: (attempt: number, retryAfterMs: number | undefined) => number
  fetch?: typeof fetch
}

/** YooKassa answered with its error object (a 4xx, or a 500 every repeat got). */
export class YooKassaError extends Error {
  override readonly name = 'YooKassaError'
  constructor(
    readonly status: number,
    readonly code: string,
    description: string,
    readonly parameter: string | null,
  ) {
    super(`YooKassa answered ${String(status)} ${code}: ${description}`)
  }
}

/**
 * YooKassa did not answer, or answered only 500 / 202 through every repeat: whether the request
 * took effect is unknown, and a repeat with the same Idempotence-Key is what settles it.
 */
export class YooKassaUnavailable extends Error {
  override readonly name = 'YooKassaUnavailable'
}

/**
 * YooKassa's API v3 (yookassa.ru/developers/using-api/basics) over fetch: HTTP Basic with the
 * shop id and secret key, JSON both ways, an `Idempotence-Key` on every POST. As the API's rules
 * say, a 500 or no answer is repeated with the same key (the same key and body give the same
 * result), a 202 is repeated after its `retry_after`; a 4xx is the final answer.
 */
export function createYooKassaApi(account: YooKassaAccount, options: YooKassaApiOptions = {}) {
  const base = (options.baseUrl ?? YOOKASSA_API_URL).replace(/\/+$/, '')
  const timeoutMs = options.timeoutMs ?? YOOKASSA_TIMEOUT_MS
  const attempts = options.attempts ?? YOOKASSA_ATTEMPTS
  const backoff =
    options.backoffMs ?? ((attempt, retryAfter) => retryAfter ?? 500 * 2 ** (attempt - 1))
  const doFetch = options.fetch ?? fetch
  const authorization = `Basic ${Buffer.from(`${account.shopId}:${account.secretKey}`).toString('base64')}`

  async function once(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    idempotenceKey: string | undefined,
  ): Promise<{ status: number; json: Record<string, unknown> } | 'no_answer'> {
    let response: Response
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(idempotenceKey ? { 'idempotence-key': idempotenceKey } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch {
      return 'no_answer'
    }
    let json: Record<string, unknown>
    try {
      json = (await response.json()) as Record<string, unknown>
    } catch {
      json = {}
    }
    return { status: response.status, json }
  }

  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    idempotenceKey?: string,
  ): Promise<Record<string, unknown>> {
    let last = 'did not answer'
    let lastRetryAfter: number | undefined
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (attempt > 1) {
        const wait = backoff(attempt - 1, lastRetryAfter)
        if (wait > 0) await delay(wait)
      }
      lastRetryAfter = undefined
      const answer = await once(method, path, body, idempotenceKey)
      if (answer === 'no_answer') {
        last = `did not answer within ${String(timeoutMs)} ms`
        continue
      }
      const { status, json } = answer
      if (status === 200) return json
      if (status === 202) {
        // Still processing: the same request again later gives its result.
        lastRetryAfter = typeof json.retry_after === 'number' ? json.retry_after : undefined
        last = 'is still processing the request'
        continue
      }
      const code = typeof json.code === 'string' ? json.code : 'unknown'
      const description =
        typeof json.description === 'string' ? json.description.slice(0, 300) : 'no description'
      const parameter = typeof json.parameter === 'string' ? json.parameter : null
      if (status >= 500) {
        last = `answered ${String(status)} ${code}`
        continue
      }
      throw new YooKassaError(status, code, description, parameter)
    }
    throw new YooKassaUnavailable(`YooKassa ${last} (${String(attempts)} tries of ${path})`)
  }

  return {
    get: (path: string) => call('GET', path),
    post: (path: string, body: unknown, idempotenceKey: string) =>
      call('POST', path, body, idempotenceKey),
  }
}

export type YooKassaApi = ReturnType<typeof createYooKassaApi>

/** Kopecks as YooKassa writes an amount: a decimal string with two places ("1018.50"). */
export function amountValue(minor: number): string {
  const whole = Math.floor(minor / 100)
  return `${String(whole)}.${String(minor % 100).padStart(2, '0')}`
}

/** YooKassa's decimal string back in kopecks; null for anything else. */
export function minorOf(value: unknown): number | null {
  if (typeof value !== 'string') return null
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(value)
  if (!match) return null
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'))
}
