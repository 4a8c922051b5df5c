import type { $ZodType, input, output } from 'zod/v4/core'
import { fillPath, type Endpoint } from '@tableside/contracts/endpoint'
import { GET_RETRY_COUNT, RETRY_DELAY_MS, RETRY_STATUS_CODES } from '../config/constants'
import { ApiError } from './api-error'
import { documentCookies } from './cookies'
import { tokenHeaders } from './token-headers'

export interface ApiClientOptions {
  /** Runtime config `apiBase`, e.g. `/api/v1` or `http://127.0.0.1:3000/api/v1`. */
  apiBase: string
  fetch?: typeof globalThis.fetch
  readCookie?: (name: string) => string | undefined
  retryDelayMs?: number
  /**
   * When the answers of `readFirst` are checked against their contracts: once the first screen
   * is drawn (decision 0124). At once by default.
   */
  checkAfter?: () => Promise<void>
  /** An answer of `readFirst` that broke its contract, found after it was used. */
  onBrokenContract?: (error: ApiError) => void
}

/**
 * A read of the menu's first screen without its schema (decision 0124): where to call, and
 * how to get the endpoint, whose module (and zod) loads once the screen is drawn.
 */
export interface DeferredEndpoint<E extends Endpoint> {
  route: Pick<E, 'method' | 'path' | 'status'>
  load: () => Promise<E>
}

type ParamsOption<E extends Endpoint> = E extends { params: $ZodType }
  ? { params: input<E['params']> }
  : { params?: undefined }
type QueryOption<E extends Endpoint> = E extends { query: $ZodType }
  ? { query?: input<E['query']> }
  : { query?: undefined }
type BodyOption<E extends Endpoint> = E extends { body: $ZodType }
  ? { body: input<E['body']> }
  : { body?: undefined }

export type CallOptions<E extends Endpoint> = ParamsOption<E> &
  QueryOption<E> &
  BodyOption<E> & {
    headers?: Readonly<Record<string, string>>
    signal?: AbortSignal
  }

/** Options may be left out only when the endpoint needs neither params nor a body. */
export type CallArgs<E extends Endpoint> = E extends { params: $ZodType } | { body: $ZodType }
  ? [options: CallOptions<E>]
  : [options?: CallOptions<E>]

export interface ApiClient {
  callEndpoint<E extends Endpoint>(
    endpoint: E,
    ...args: CallArgs<E>
  ): Promise<output<E['response']>>
  /**
   * A read the first screen is drawn from: its answer is used as the server sent it and checked
   * against the contract once the screen is drawn (`checkAfter`); a mismatch then goes to
   * `onBrokenContract`. Errors are the same as `callEndpoint`'s.
   */
  readFirst<E extends Endpoint>(
    endpoint: DeferredEndpoint<E>,
    ...args: CallArgs<E>
  ): Promise<output<E['response']>>
}

/** Only GET is retried, once (spec §7); a write that reached the server must not run twice. */
export function retryCountFor(method: Endpoint['method']): number {
  return method === 'GET' ? GET_RETRY_COUNT : 0
}

/**
 * The answer checked against the endpoint's response schema through its Standard Schema
 * interface, so this module needs no zod of its own: the parsed answer, or the error to throw.
 */
function checkResponse<E extends Endpoint>(
  endpoint: E,
  data: unknown,
): output<E['response']> | ApiError {
  const result = endpoint.response['~standard'].validate(data)
  if (result instanceof Promise) throw new Error(`The schema of ${endpoint.path} is async`)
  if (result.issues) {
    const detail = result.issues[0]?.message ?? 'invalid'
    return ApiError.invalidResponse(endpoint.status, endpoint.path, detail)
  }
  return result.value as output<E['response']>
}

/** The parts of a call as the wire sees them; `callEndpoint` keeps them typed per endpoint. */
interface RequestParts {
  params?: unknown
  query?: unknown
  body?: unknown
  headers?: Readonly<Record<string, string>> | undefined
  signal?: AbortSignal | undefined
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

function pathParams(params: unknown): Record<string, string | number> {
  const values: Record<string, string | number> = {}
  if (!isRecord(params)) return values
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string' || typeof value === 'number') values[name] = value
  }
  return values
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError'

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error)
      return
    }
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        reject(signal.reason as Error)
      },
      { once: true },
    )
  })
}

/** JSON when the server says so, text otherwise, nothing for an empty body. */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text()
  if (!text) return undefined
  const type = response.headers.get('content-type') ?? ''
  if (!type.includes('json')) return text
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

function queryString(query: unknown): string {
  if (!isRecord(query)) return ''
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) {
      search.append(name, String(item))
    }
  }
  const text = search.toString()
  return text ? `?${text}` : ''
}

/**
 * A small fetch client (decision 0009): the base address, the token headers, JSON, and the
 * one retry of a GET that spec §7 asks for, on a network failure or a retryable status.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const retryDelayMs = options.retryDelayMs ?? RETRY_DELAY_MS
  const base = options.apiBase.replace(/\/+$/, '')

  async function request(
    endpoint: Pick<Endpoint, 'method' | 'path'>,
    parts: RequestParts,
  ): Promise<unknown> {
    const url = `${base}${fillPath(endpoint.path, pathParams(parts.params))}${queryString(parts.query)}`
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...parts.headers,
      // The page's cookies read once a request (each read asks the browser's cookie store).
      ...tokenHeaders(options.readCookie ?? documentCookies()),
    }
    if (parts.body !== undefined) headers['content-type'] = 'application/json'
    const init: RequestInit = {
      method: endpoint.method,
      headers,
      ...(parts.body === undefined ? {} : { body: JSON.stringify(parts.body) }),
      ...(parts.signal ? { signal: parts.signal } : {}),
    }
    for (let retriesLeft = retryCountFor(endpoint.method); ; retriesLeft--) {
      let response: Response
      try {
        response = await fetchImpl(url, init)
      } catch (error) {
        if (isAbort(error)) throw error
        if (retriesLeft > 0) {
          await wait(retryDelayMs, parts.signal)
          continue
        }
        throw ApiError.network(error)
      }
      if (response.ok) return readBody(response)
      if (retriesLeft > 0 && RETRY_STATUS_CODES.includes(response.status)) {
        await wait(retryDelayMs, parts.signal)
        continue
      }
      const body = await readBody(response)
      // The error body's check (and zod) load with the first error, out of the first load.
      const { apiErrorFromResponse } = await import('./api-error-response')
      throw apiErrorFromResponse(response, body)
    }
  }

  async function callEndpoint<E extends Endpoint>(
    endpoint: E,
    ...[call]: CallArgs<E>
  ): Promise<output<E['response']>> {
    const data = await request(endpoint, call ?? {})
    const checked = checkResponse(endpoint, data)
    if (checked instanceof ApiError) throw checked
    return checked
  }

  const checkAfter = options.checkAfter ?? (() => Promise.resolve())
  const onBrokenContract =
    options.onBrokenContract ??
    ((error: ApiError) => {
      console.error(error)
    })

  async function readFirst<E extends Endpoint>(
    endpoint: DeferredEndpoint<E>,
    ...[call]: CallArgs<E>
  ): Promise<output<E['response']>> {
    const data = await request(endpoint.route, call ?? {})
    void checkAfter()
      .then(endpoint.load)
      .then((loaded) => {
        const checked = checkResponse(loaded, data)
        if (checked instanceof ApiError) onBrokenContract(checked)
      })
      .catch(() => undefined) // the schema's chunk did not load: nothing was checked
    // The answer as sent; the check above says whether it was what the contract promised.
    return data as output<E['response']>
  }

  return { callEndpoint, readFirst }
}
