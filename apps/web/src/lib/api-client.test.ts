import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import * as z from 'zod/mini'
import { defineEndpoint, type HttpMethod } from '@tableside/contracts/endpoint'
import { getRestaurantRoute } from '@tableside/contracts/first-screen-reads'
import { getRestaurant } from '@tableside/contracts/restaurants'
import { createApiClient } from './api-client'
import { ApiError } from './api-error'
import { testRestaurant } from './test-restaurant'

interface Recorded {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}

/** A real HTTP server: the test sets what it answers and counts what reaches it. */
let server: Server
let baseUrl: string
let requests: Recorded[] = []
let answer: (request: Recorded) => {
  status: number
  body?: unknown
  headers?: Record<string, string>
} = () => ({ status: 200 })

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      const recorded = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body }
      requests.push(recorded)
      const { status, body: reply, headers } = answer(recorded)
      res.writeHead(status, { 'content-type': 'application/json', ...headers })
      res.end(reply === undefined ? '' : JSON.stringify(reply))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  baseUrl = `http://127.0.0.1:${port}/api/v1`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

beforeEach(() => {
  requests = []
  answer = () => ({ status: 200, body: { ok: true } })
})

const readThing = defineEndpoint({
  method: 'GET',
  path: '/things/:thingId',
  summary: 'test',
  tags: [],
  params: z.object({ thingId: z.string() }),
  status: 200,
  response: z.object({ ok: z.boolean() }),
})

const writeThing = (method: Exclude<HttpMethod, 'GET'>) =>
  defineEndpoint({
    method,
    path: '/things/:thingId',
    summary: 'test',
    tags: [],
    params: z.object({ thingId: z.string() }),
    body: z.object({ name: z.string() }),
    status: 200,
    response: z.object({ ok: z.boolean() }),
  })

function client(cookies: Record<string, string> = {}) {
  return createApiClient({ apiBase: baseUrl, readCookie: (name) => cookies[name], retryDelayMs: 0 })
}

const demoRestaurant = testRestaurant({
  openingHours: [{ day: 1, opens: '08:00', closes: '23:00' }],
  settings: { paymentMethods: ['cash'], onlinePayment: false, tipPresetsPercent: [10] },
})

describe('API client', () => {
  it('fills the path from the descriptor and parses the response with its schema', async () => {
    answer = () => ({ status: 200, body: { ...demoRestaurant, extra: 'ignored' } })
    const restaurant = await client().callEndpoint(getRestaurant, {
      params: { restaurantId: 'demo' },
    })
    expect(restaurant).toEqual(demoRestaurant)
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /api/v1/restaurants/demo'])
  })

  it('puts the query into the address, leaving out what is not set', async () => {
    const search = defineEndpoint({
      method: 'GET',
      path: '/things',
      summary: 'test',
      tags: [],
      query: z.object({ q: z.string(), page: z.optional(z.number()), tag: z.array(z.string()) }),
      status: 200,
      response: z.object({ ok: z.boolean() }),
    })
    await client().callEndpoint(search, { query: { q: 'борщ & co', tag: ['a', 'b'] } })
    expect(requests.map((r) => r.url)).toEqual([
      '/api/v1/things?q=%D0%B1%D0%BE%D1%80%D1%89+%26+co&tag=a&tag=b',
    ])
  })

  it('stops at once when the call is aborted, without a retry', async () => {
    const controller = new AbortController()
    answer = () => {
      controller.abort()
      return { status: 503 }
    }
    await expect(
      client().callEndpoint(readThing, { params: { thingId: '1' }, signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' })
    expect(requests).toHaveLength(1)
  })

  it('sends the waiter and profile tokens from their cookies as headers', async () => {
    await client({ garcon_token: 'g-123', profile_token: 'p-456' }).callEndpoint(readThing, {
      params: { thingId: '1' },
    })
    expect(requests[0]?.headers['x-garcon-token']).toBe('g-123')
    expect(requests[0]?.headers['x-profile-token']).toBe('p-456')
  })

  it('sends no token headers when the cookies are not set', async () => {
    await client({ profile_token: 'p-only' }).callEndpoint(readThing, {
      params: { thingId: '1' },
    })
    expect(requests[0]?.headers).not.toHaveProperty('x-garcon-token')
    expect(requests[0]?.headers['x-profile-token']).toBe('p-only')
  })

  it('reads the cookies again for every request', async () => {
    const cookies: Record<string, string> = {}
    const api = client(cookies)
    await api.callEndpoint(readThing, { params: { thingId: '1' } })
    cookies.garcon_token = 'signed-in'
    await api.callEndpoint(readThing, { params: { thingId: '1' } })
    expect(requests.map((r) => r.headers['x-garcon-token'])).toEqual([undefined, 'signed-in'])
  })

  it('sends a write body as JSON', async () => {
    await client().callEndpoint(writeThing('POST'), {
      params: { thingId: 'a b' },
      body: { name: 'x' },
    })
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/v1/things/a%20b' })
    expect(requests[0]?.headers['content-type']).toBe('application/json')
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual({ name: 'x' })
  })

  it.each([408, 409, 425, 429, 500, 502, 503, 504])(
    'retries a GET answered %i exactly once',
    async (status) => {
      answer = () => ({ status, body: { error: { code: 'x', message: 'busy' } } })
      await expect(
        client().callEndpoint(readThing, { params: { thingId: '1' } }),
      ).rejects.toBeInstanceOf(ApiError)
      expect(requests).toHaveLength(2)
    },
  )

  it('returns the retried GET when the second attempt succeeds', async () => {
    answer = () =>
      requests.length === 1
        ? { status: 503, body: { error: { code: 'service_unavailable', message: 'busy' } } }
        : { status: 200, body: { ok: true } }
    await expect(client().callEndpoint(readThing, { params: { thingId: '1' } })).resolves.toEqual({
      ok: true,
    })
    expect(requests).toHaveLength(2)
  })

  it.each([400, 401, 403, 404, 422])('does not retry a GET answered %i', async (status) => {
    answer = () => ({ status, body: { error: { code: 'nope', message: 'no' } } })
    await expect(
      client().callEndpoint(readThing, { params: { thingId: '1' } }),
    ).rejects.toMatchObject({ status })
    expect(requests).toHaveLength(1)
  })

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)(
    'never retries a %s, even on 503',
    async (method) => {
      answer = () => ({
        status: 503,
        body: { error: { code: 'service_unavailable', message: 'x' } },
      })
      await expect(
        client().callEndpoint(writeThing(method), {
          params: { thingId: '1' },
          body: { name: 'x' },
        }),
      ).rejects.toMatchObject({ status: 503 })
      expect(requests).toHaveLength(1)
      expect(requests[0]?.method).toBe(method)
    },
  )

  it('turns the error body into an ApiError with status, code, message and fields', async () => {
    answer = () => ({
      status: 400,
      body: {
        error: {
          code: 'validation_failed',
          message: 'Check the phone number',
          fields: [{ path: 'body.phone', message: 'Too short' }],
        },
      },
    })
    const error: unknown = await client()
      .callEndpoint(writeThing('POST'), { params: { thingId: '1' }, body: { name: 'x' } })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Check the phone number',
      fields: [{ path: 'body.phone', message: 'Too short' }],
    })
  })

  it('says how many seconds a rate-limited call must wait, from retry-after', async () => {
    const limited = { error: { code: 'rate_limited', message: 'Wait' } }
    answer = () => ({ status: 429, body: limited, headers: { 'retry-after': '32' } })
    const call = () =>
      client()
        .callEndpoint(writeThing('POST'), { params: { thingId: '1' }, body: { name: 'x' } })
        .catch((e: unknown) => e)
    expect(await call()).toMatchObject({ status: 429, code: 'rate_limited', retryAfterSeconds: 32 })
    answer = () => ({ status: 429, body: limited })
    expect(await call()).not.toHaveProperty('retryAfterSeconds')
  })

  it('still gives an ApiError when the error body is not the API shape', async () => {
    answer = () => ({ status: 404, body: '<html>' })
    await expect(
      client().callEndpoint(readThing, { params: { thingId: '1' } }),
    ).rejects.toMatchObject({ name: 'ApiError', status: 404, code: 'http_error' })
  })

  it('refuses a response that breaks the contract', async () => {
    answer = () => ({ status: 200, body: { id: 'demo' } })
    await expect(
      client().callEndpoint(getRestaurant, { params: { restaurantId: 'demo' } }),
    ).rejects.toMatchObject({ name: 'ApiError', code: 'invalid_response' })
  })

  it('reports an unreachable server as a network error after one retry of a GET', async () => {
    let attempts = 0
    const api = createApiClient({
      apiBase: 'http://127.0.0.1:9/api/v1',
      retryDelayMs: 0,
      readCookie: () => undefined,
      fetch: (input, init) => {
        attempts += 1
        return fetch(input, init)
      },
    })
    await expect(api.callEndpoint(readThing, { params: { thingId: '1' } })).rejects.toMatchObject({
      name: 'ApiError',
      status: 0,
      code: 'network_error',
    })
    expect(attempts).toBe(2)
  })
})

describe('a read of the first screen (decision 0124)', () => {
  const lazyRestaurant = { route: getRestaurantRoute, load: () => Promise.resolve(getRestaurant) }

  function firstScreenClient() {
    let drawn: () => void = () => undefined
    const screenDrawn = new Promise<void>((resolve) => (drawn = resolve))
    const broken: ApiError[] = []
    const loads: string[] = []
    const api = createApiClient({
      apiBase: baseUrl,
      retryDelayMs: 0,
      checkAfter: () => screenDrawn,
      onBrokenContract: (error) => broken.push(error),
    })
    const endpoint = {
      route: lazyRestaurant.route,
      load: () => {
        loads.push('restaurants')
        return lazyRestaurant.load()
      },
    }
    return { api, endpoint, broken, loads, drawn }
  }

  it('answers at once and loads the contract only once the screen is drawn', async () => {
    answer = () => ({ status: 200, body: demoRestaurant })
    const { api, endpoint, broken, loads, drawn } = firstScreenClient()
    const restaurant = await api.readFirst(endpoint, { params: { restaurantId: 'demo' } })
    expect(restaurant).toEqual(demoRestaurant)
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /api/v1/restaurants/demo'])
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(loads).toEqual([])
    drawn()
    await vi.waitFor(() => expect(loads).toEqual(['restaurants']))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(broken).toEqual([])
  })

  it('reports an answer that broke the contract once the check has run', async () => {
    answer = () => ({ status: 200, body: { id: 'demo' } })
    const { api, endpoint, broken, drawn } = firstScreenClient()
    expect(await api.readFirst(endpoint, { params: { restaurantId: 'demo' } })).toEqual({
      id: 'demo',
    })
    expect(broken).toEqual([])
    drawn()
    await vi.waitFor(() => expect(broken).toHaveLength(1))
    expect(broken[0]).toMatchObject({ name: 'ApiError', code: 'invalid_response', status: 200 })
    expect(broken[0]?.message).toContain('/restaurants/:restaurantId')
  })

  it('fails as any call does on an error status, with the error body read', async () => {
    answer = () => ({
      status: 404,
      body: { error: { code: 'not_found', message: 'No restaurant "x"', fields: [] } },
    })
    const { api, endpoint } = firstScreenClient()
    await expect(api.readFirst(endpoint, { params: { restaurantId: 'x' } })).rejects.toMatchObject({
      name: 'ApiError',
      status: 404,
      code: 'not_found',
    })
  })
})
