import { safeParse } from 'zod/mini'
import type { $ZodType, input, output } from 'zod/v4/core'
import { fillPath, type Endpoint } from '@tableside/contracts/endpoint'
import { GET_RETRY_COUNT, RETRY_DELAY_MS, RETRY_STATUS_CODES } from '../config/constants'
import { ApiError } from './api-error'
import { readCookie as readDocumentCookie } from './cookies'
import { tokenHeaders } from './token-headers'

export interface ApiClientOptions {
  /** Runtime config `apiBase`, e.g. `/api/v1` or `http://127.0.0.1:3000/api/v1`. */
  apiBase: string
  fetch?: typeof globalThis.fetch
  readCookie?: (name: string) => string | undefined
  retryDelayMs?: number
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
}

/** Only GET is retried, once (spec §7); a write that reached the server must not run twice. */
export function retryCountFor(method: Endpoint['method']): number {
  return method === 'GET' ? GET_RETRY_COUNT : 0
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
  const readCookie = options.readCookie ?? readDocumentCookie
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const retryDelayMs = options.retryDelayMs ?? RETRY_DELAY_MS
  const base = options.apiBase.replace(/\/+$/, '')

  async function request(endpoint: Endpoint, parts: RequestParts): Promise<unknown> {
    const url = `${base}${fillPath(endpoint.path, pathParams(parts.params))}${queryString(parts.query)}`
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...parts.headers,
      ...tokenHeaders(readCookie),
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
      throw ApiError.fromResponse(response, await readBody(response))
    }
  }

  async function callEndpoint<E extends Endpoint>(
    endpoint: E,
    ...[call]: CallArgs<E>
  ): Promise<output<E['response']>> {
    const data = await request(endpoint, call ?? {})
    const parsed = safeParse<E['response']>(endpoint.response, data)
    if (!parsed.success) {
      const detail = parsed.error.issues[0]?.message ?? 'invalid'
      throw ApiError.invalidResponse(endpoint.status, endpoint.path, detail)
    }
    return parsed.data
  }

  return { callEndpoint }
}
