import { setTimeout as delay } from 'node:timers/promises'

/** АТОЛ Онлайн's live service and its test environment (ФФД 1.2, API v5). */
export const ATOL_LIVE_URL = 'https://online.atol.ru/possystem/v5'
export const ATOL_TEST_URL = 'https://testonline.atol.ru/possystem/v5'
/** A request that takes longer than this counts as no answer. */
export const ATOL_TIMEOUT_MS = 10_000
/** Tries of one request when АТОЛ answers 5xx or nothing: the first and two repeats. */
export const ATOL_ATTEMPTS = 3
/** АТОЛ's token lives 24 hours; it is taken again a little before. */
const TOKEN_LIFETIME_MS = 23 * 60 * 60_000

/**
 * АТОЛ's error codes the client acts on (its protocol description, "Ошибки сервиса"; the same
 * table in v4 and v5, as public clients quote it: 10 MissingToken, 11 ExpiredToken, 12
 * WrongLoginOrPassword, 30 MissingUuid, 32 IncomingValidationException, 33
 * IncomingExternalIdAlreadyExists).
 */
export const ATOL_ERROR = {
  /** The token is not recognised (HTTP 401): take a new one and repeat. */
  missingToken: 10,
  /** The token expired (24 hours; HTTP 401): take a new one and repeat. */
  expiredToken: 11,
  /** Wrong login or password (getToken). */
  wrongCredentials: 12,
  /** A document with this external_id and group exists already (HTTP 400): nothing new is made. */
  duplicate: 33,
} as const

export interface AtolAccount {
  login: string
  password: string
  groupCode: string
  live: boolean
}

export interface AtolApiOptions {
  /** Overrides the service's address (the stand-in's, in tests and development). */
  baseUrl?: string
  timeoutMs?: number
  attempts?: number
  backoffMs?: (attempt: number) => number
  fetch?: typeof fetch
  now?: () => Date
}

/** АТОЛ refused the request (a 4xx with its error object): repeating it changes nothing. */
export class AtolError extends Error {
  override readonly name = 'AtolError'
  constructor(
    readonly status: number,
    readonly code: number | null,
    text: string,
  ) {
    super(
      `АТОЛ Онлайн answered ${String(status)}${code === null ? '' : ` (${String(code)})`}: ${text}`,
    )
  }
}

/** АТОЛ did not answer, or only with 5xx: whether the document was taken is unknown. */
export class AtolUnavailable extends Error {
  override readonly name = 'AtolUnavailable'
}

type Json = Record<string, unknown>
const objectOf = (value: unknown): Json =>
  typeof value === 'object' && value !== null ? (value as Json) : {}

/** What АТОЛ says of a document. */
export interface AtolReport {
  uuid: string
  status: 'wait' | 'done' | 'fail'
  error: string | null
  /** The fiscal data once done: the receipt's number, the fiscal drive's, and so on. */
  payload: Json | null
}

/** `dd.mm.yyyy HH:MM:SS` in Moscow time, as АТОЛ's `timestamp` is written. */
export function atolTimestamp(at: Date): string {
  const parts = new Intl.DateTimeFormat('ru-RU', {
    timeZone: 'Europe/Moscow',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at)
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '00'
  return `${part('day')}.${part('month')}.${part('year')} ${part('hour')}:${part('minute')}:${part('second')}`
}

/**
 * АТОЛ Онлайн v5 over fetch: `POST getToken {login, pass}` answers a token for 24 hours that
 * every other request carries in the `Token` header; `POST {group}/sell` and `sell_refund` take
 * a document under our `external_id` and answer its `uuid`; `GET {group}/report/{uuid}` says
 * whether it is registered. An expired token is taken again once; 5xx and no answer are repeated
 * (the same external_id: АТОЛ never registers one twice); a 4xx is final.
 */
export function createAtolApi(account: AtolAccount, options: AtolApiOptions = {}) {
  const base = (options.baseUrl ?? (account.live ? ATOL_LIVE_URL : ATOL_TEST_URL)).replace(
    /\/+$/,
    '',
  )
  const timeoutMs = options.timeoutMs ?? ATOL_TIMEOUT_MS
  const attempts = options.attempts ?? ATOL_ATTEMPTS
  const backoff = options.backoffMs ?? ((attempt) => 500 * 2 ** (attempt - 1))
  const doFetch = options.fetch ?? fetch
  const now = options.now ?? (() => new Date())
  let token: { value: string; until: number } | undefined

  async function once(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    withToken: string | undefined,
  ): Promise<{ status: number; json: Json } | 'no_answer'> {
    let response: Response
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }),
          ...(withToken ? { token: withToken } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch {
      return 'no_answer'
    }
    let json: Json
    try {
      json = objectOf(await response.json())
    } catch {
      json = {}
    }
    return { status: response.status, json }
  }

  /** One request, repeated on 5xx or no answer; the answer of the first that got one. */
  async function call(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    withToken: string | undefined,
  ): Promise<{ status: number; json: Json }> {
    let last = 'did not answer'
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (attempt > 1) {
        const wait = backoff(attempt - 1)
        if (wait > 0) await delay(wait)
      }
      const answer = await once(method, path, body, withToken)
      if (answer === 'no_answer') {
        last = `did not answer within ${String(timeoutMs)} ms`
        continue
      }
      if (answer.status >= 500) {
        last = `answered ${String(answer.status)}`
        continue
      }
      return answer
    }
    throw new AtolUnavailable(`АТОЛ Онлайн ${last} (${String(attempts)} tries of ${path})`)
  }

  const errorOf = (json: Json) => {
    const error = objectOf(json.error)
    return {
      code: typeof error.code === 'number' ? error.code : null,
      text: typeof error.text === 'string' ? error.text.slice(0, 300) : 'no description',
      present: json.error !== null && json.error !== undefined,
    }
  }

  async function getToken(fresh = false): Promise<string> {
    if (!fresh && token && token.until > now().getTime()) return token.value
    const { status, json } = await call(
      'POST',
      '/getToken',
      { login: account.login, pass: account.password },
      undefined,
    )
    if (status === 200 && typeof json.token === 'string' && json.token.length > 0) {
      token = { value: json.token, until: now().getTime() + TOKEN_LIFETIME_MS }
      return json.token
    }
    const error = errorOf(json)
    throw new AtolError(status, error.code, error.text)
  }

  /** A request with the token; an expired one is taken again, once. */
  async function authorized(method: 'GET' | 'POST', path: string, body?: unknown) {
    let answer = await call(method, path, body, await getToken())
    const code = errorOf(answer.json).code
    if (
      answer.status === 401 ||
      code === ATOL_ERROR.expiredToken ||
      code === ATOL_ERROR.missingToken
    ) {
      answer = await call(method, path, body, await getToken(true))
    }
    return answer
  }

  function reportOf(json: Json): AtolReport {
    const status = json.status
    if (
      typeof json.uuid !== 'string' ||
      (status !== 'wait' && status !== 'done' && status !== 'fail')
    ) {
      throw new Error('АТОЛ Онлайн answered a document without its uuid or status')
    }
    const error = errorOf(json)
    return {
      uuid: json.uuid,
      status,
      error: error.present ? error.text : null,
      payload: json.payload ? objectOf(json.payload) : null,
    }
  }

  return {
    getToken: () => getToken(true),

    /**
     * Registers a receipt (`sell`) or a refund's (`sell_refund`) under `externalId`; sending the
     * same external_id again answers the document already taken, never a second one.
     */
    async send(
      operation: 'sell' | 'sell_refund',
      document: { external_id: string; receipt: Json; timestamp: string; service?: Json },
    ): Promise<AtolReport> {
      const { status, json } = await authorized(
        'POST',
        `/${encodeURIComponent(account.groupCode)}/${operation}`,
        document,
      )
      const error = errorOf(json)
      if (status === 200) {
        return { ...reportOf({ ...json, status: json.status ?? 'wait' }), error: null }
      }
      if (error.code === ATOL_ERROR.duplicate) {
        // Registered already (a node whose lease ran out, a repeat after no answer). Whether
        // АТОЛ names that document's uuid in this answer is not confirmed (decision 0134): with
        // it, the document is read as usual; without it, say so plainly rather than let a
        // manager's retry register the same receipt again under a new external_id.
        if (typeof json.uuid === 'string' && json.uuid.length > 0) {
          return { ...reportOf({ ...json, status: 'wait' }), error: null }
        }
        throw new AtolError(
          status,
          error.code,
          `АТОЛ already holds a document under external_id ${document.external_id}; look it up in АТОЛ's cabinet before sending it again (${error.text})`,
        )
      }
      throw new AtolError(status, error.code, error.text)
    },

    async report(uuid: string): Promise<AtolReport> {
      const { status, json } = await authorized(
        'GET',
        `/${encodeURIComponent(account.groupCode)}/report/${encodeURIComponent(uuid)}`,
      )
      if (status === 200) return reportOf(json)
      const error = errorOf(json)
      throw new AtolError(status, error.code, error.text)
    },
  }
}

export type AtolApi = ReturnType<typeof createAtolApi>
