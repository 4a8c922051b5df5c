import { FetchError, ofetch } from 'ofetch'
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

function toApiError(error: unknown): unknown {
  if (!(error instanceof FetchError)) return error
  if (error.cause instanceof Error && error.cause.name === 'AbortError') return error.cause
  const response = error.response
  if (!response) return ApiError.network(error)
  return ApiError.fromResponse(response.status, response.statusText, error.data)
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const readCookie = options.readCookie ?? readDocumentCookie
  const $fetch = ofetch.create(
    {
      baseURL: options.apiBase,
      retry: 0,
      retryDelay: options.retryDelayMs ?? RETRY_DELAY_MS,
      retryStatusCodes: [...RETRY_STATUS_CODES],
      onRequest({ options: request }) {
        for (const [name, value] of Object.entries(tokenHeaders(readCookie))) {
          request.headers.set(name, value)
        }
      },
    },
    options.fetch ? { fetch: options.fetch } : undefined,
  )

  async function request(endpoint: Endpoint, parts: RequestParts): Promise<unknown> {
    const path = fillPath(endpoint.path, pathParams(parts.params))
    const headers: Record<string, string> = { accept: 'application/json', ...parts.headers }
    if (parts.body !== undefined) headers['content-type'] = 'application/json'
    try {
      return await $fetch<unknown>(path, {
        method: endpoint.method,
        query: isRecord(parts.query) ? parts.query : undefined,
        body: parts.body === undefined ? undefined : JSON.stringify(parts.body),
        headers,
        signal: parts.signal,
        retry: retryCountFor(endpoint.method),
      })
    } catch (error) {
      throw toApiError(error)
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
