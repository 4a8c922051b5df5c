import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { sql } from 'kysely'
import { WebSocket } from 'ws'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { errorBody } from '@tableside/contracts/errors'
import { restaurantMenu } from '@tableside/contracts/menu'
import { sendRaw, upgradeRequest } from './test/raw-http'
import {
  encodeSegment,
  fromSchema,
  fuzzValue,
  junkValue,
  pathSegment,
  type JsonSchema,
  type KnownValues,
} from './test/fuzz-arbitraries'
import { createTestApp, smsSandboxOf } from './test/test-app'
import { tableQrToken } from './test/test-restaurants'
import { testDatabaseKinds } from './test/test-database'

/**
 * Property-based requests against every route the app has, generated from the contracts
 * (OpenAPI's JSON Schema of each descriptor) and from junk. `npm test` makes a short run with a
 * fixed seed (every route, every request shape, in a minute of CPU); `npm run test:fuzz` is the
 * long one, and another seed, or more runs, explore further:
 * FUZZ_SEED=123 FUZZ_RUNS=500 npx vitest run --project server app.fuzz
 * (FUZZ_DATABASE=postgres with TEST_DATABASE_URL for a PostgreSQL server).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 13_2026)
const RUNS = Number(process.env.FUZZ_RUNS ?? 10)

// PGlite by default; FUZZ_DATABASE=postgres (with TEST_DATABASE_URL) fuzzes on the server.
const kind = testDatabaseKinds[process.env.FUZZ_DATABASE === 'postgres' ? 1 : 0]
if (!kind) throw new Error('FUZZ_DATABASE=postgres needs TEST_DATABASE_URL')
// Every request comes from 127.0.0.1: rate limits would turn most of them into 429s unread.
const t = await createTestApp(kind, { RATE_LIMIT_EXEMPT: '127.0.0.1', SMS_PROVIDER: 'sandbox' })
await t.app.listen({ port: 0, host: '127.0.0.1' })
const serverAddress = t.app.server.address()
const port = typeof serverAddress === 'object' && serverAddress ? serverAddress.port : 0

interface Route {
  method: string
  /** Fastify's form: `/api/v1/orders/:orderId`. */
  path: string
}

/** Every route Fastify has, read from its own route tree, so new endpoints are fuzzed unasked. */
function appRoutes(tree: string): Route[] {
  const routes: Route[] = []
  const stack: string[] = []
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([A-Z, ]+)\))?$/.exec(line)
    if (!match) continue
    const depth = (match[1] ?? '').length / 4
    stack.length = depth
    stack.push(match[2] ?? '')
    const path = stack.join('')
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push({ method, path })
    }
  }
  return routes
}

interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[]
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> }
}

const openApi = t.app.swagger() as unknown as {
  paths: Record<string, Record<string, Operation | undefined>>
}
const operationOf = (route: Route): Operation | undefined =>
  openApi.paths[route.path.replace(/:([A-Za-z_]\w*)/g, '{$1}')]?.[route.method.toLowerCase()]

// Ids that exist, so schema-shaped requests get past "not found".
const menu = restaurantMenu.parse((await t.app.inject('/api/v1/restaurants/demo/menu')).json())
const dishIds = menu.dishes.filter((dish) => dish.available).map((dish) => dish.id)
const optionIds = menu.dishes.flatMap((dish) =>
  dish.modifierGroups.flatMap((group) => group.options.map((option) => option.id)),
)
const tableTokens = await Promise.all(
  ['T1', 'T2', 'T3'].map((code) => tableQrToken(t, 'demo', code)),
)
const session = await t.app.inject({
  method: 'POST',
  url: '/api/v1/restaurants/demo/table-sessions',
  payload: { tableToken: tableTokens[0] },
})
const sessionIds = session.statusCode < 300 ? [session.json<{ id: string }>().id] : []
const order = await t.app.inject({
  method: 'POST',
  url: '/api/v1/restaurants/demo/orders',
  headers: { 'idempotency-key': randomUUID() },
  payload: {
    type: 'dine_in',
    tableSessionId: sessionIds[0],
    paymentMethod: 'cash',
    lines: [{ dishId: dishIds[0], quantity: 1, optionIds: [] }],
  },
})
const orderIds = order.statusCode < 300 ? [order.json<{ id: string }>().id] : []
const login = await t.app.inject({
  method: 'POST',
  url: '/api/v1/auth/garcon/login',
  payload: { restaurantId: 'demo', login: 'anna', pin: '1111' },
})
const garconTokens = login.statusCode < 300 ? [login.json<{ token: string }>().token] : []
// A diner signed in with a code from the SMS sandbox, so the profile's routes are reached.
const FUZZ_PHONE = '+79161230000'
await t.app.inject({
  method: 'POST',
  url: '/api/v1/auth/client/otp',
  payload: { restaurantId: 'demo', phone: FUZZ_PHONE, consent: true },
})
const sentCode = /^\d{6}/.exec(smsSandboxOf(t.app).outbox(FUZZ_PHONE)[0]?.text ?? '')?.[0]
const verified = await t.app.inject({
  method: 'POST',
  url: '/api/v1/auth/client/verify',
  payload: { phone: FUZZ_PHONE, code: sentCode, orderIds },
})
const profileTokens = verified.statusCode < 300 ? [verified.json<{ token: string }>().token] : []

/**
 * Up to this many of a dish in a known cart line: the contract's most, so carts of known lines
 * reach past the largest order (issue 13's "a large order answers 500", now order_too_large).
 */
const KNOWN_LINE_QUANTITY = 99
const plainDishes = menu.dishes.filter(
  (dish) => dish.available && dish.modifierGroups.every((group) => group.minChoices === 0),
)
const knownLines = plainDishes
  .slice(0, 12)
  .flatMap((dish) =>
    [1, KNOWN_LINE_QUANTITY].map((quantity) => ({ dishId: dish.id, quantity, optionIds: [] })),
  )

const known: KnownValues = {
  line: knownLines,
  restaurantId: ['demo'],
  dishId: dishIds.slice(0, 8),
  optionId: optionIds.slice(0, 8),
  sessionId: sessionIds,
  tableSessionId: sessionIds,
  orderId: orderIds,
  tableToken: [...tableTokens, 'T1'],
  login: ['anna'],
  pin: ['1111', '0000'],
  provider: ['sandbox'],
  appId: ['100001'],
}

/** Tables whose whole point is to record a refusal. */
const REFUSALS_COUNTED = new Set(['garcon_login_failures'])

// Row counts of every table, read from the database itself, before and after each request.
const tables = (
  await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name
  `.execute(t.database.db)
).rows
  .map((row) => row.name)
  // A wrong PIN is counted on purpose: that count is what slows guessing (decision 0029).
  .filter((name) => !REFUSALS_COUNTED.has(name))
const countQuery = sql.raw(
  `select ${tables.map((name, i) => `(select count(*) from "${name}")::int as c${i}`).join(', ')}`,
)
const rowCounts = async (): Promise<string> => {
  const { rows } = await countQuery.execute(t.database.db)
  return JSON.stringify(rows[0])
}

interface FuzzRequest {
  method: string
  url: string
  headers: Record<string, string>
  payload?: string
}

const headerText = fc.stringMatching(/^[\x20-\x7e]{0,300}$/)
const headersArb = fc.record(
  {
    'content-type': fc.oneof(
      { arbitrary: fc.constant('application/json'), weight: 8 },
      {
        arbitrary: fc.constantFrom(
          'application/json; charset=utf-16',
          'application/x-www-form-urlencoded',
          'text/plain',
          'application/xml',
          'multipart/form-data; boundary=x',
        ),
        weight: 2,
      },
      { arbitrary: headerText, weight: 1 },
    ),
    'idempotency-key': fc.oneof(fc.uuid(), headerText),
    'x-garcon-token': fc.oneof(fc.constantFrom(...garconTokens, 'x'), headerText),
    'x-profile-token': fc.oneof(fc.constantFrom(...profileTokens, 'x'), headerText),
    accept: fc.constantFrom('application/json', '*/*', 'text/html'),
  },
  { requiredKeys: ['content-type'] },
)

const rawBodies = fc.constantFrom(
  '',
  '{',
  'null',
  '[]',
  '"text"',
  '1e999',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  '\u0000\u0001',
)

function requestsFor(route: Route): fc.Arbitrary<FuzzRequest> {
  const operation = operationOf(route)
  const parameters = operation?.parameters ?? []
  const names = [...route.path.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => m[1] ?? '')
  const segments = fc.tuple(
    ...names.map((name) =>
      pathSegment(parameters.find((p) => p.in === 'path' && p.name === name)?.schema, known, name),
    ),
  )
  const wildcard = fc.array(
    junkValue.map((v) => encodeSegment(String(v)).slice(0, 300)),
    { maxLength: 3 },
  )
  const queryParameters = parameters.filter((p) => p.in === 'query')
  const query = fc.oneof(
    fc
      .record(
        Object.fromEntries(
          queryParameters.map((p) => [p.name, fuzzValue(p.schema, known, p.name)]),
        ) as Record<string, fc.Arbitrary<unknown>>,
        { requiredKeys: [] },
      )
      .map((values) =>
        new URLSearchParams(
          Object.entries(values).map(([key, value]): [string, string] => [key, String(value)]),
        ).toString(),
      ),
    fc.constantFrom('a=%E0', '__proto__[polluted]=1', 'x=1&x=2&x=3', `q=${'z'.repeat(5_000)}`, ''),
  )
  const schema = operation?.requestBody?.content?.['application/json']?.schema
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE'
  const body = hasBody
    ? fc.oneof(
        {
          arbitrary: fuzzValue(schema, known).map((value) =>
            value === undefined ? '' : JSON.stringify(value),
          ),
          weight: 9,
        },
        { arbitrary: rawBodies, weight: 1 },
      )
    : fc.constant(undefined)
  return fc
    .record({ segments, wildcard, query, headers: headersArb, body })
    .map(({ segments: values, wildcard: rest, query: search, headers, body: payload }) => {
      let index = 0
      const path = route.path
        .replace(/:([A-Za-z_]\w*)/g, () => values[index++] ?? '')
        .replace(/\*$/, rest.join('/'))
      return {
        method: route.method,
        url: search ? `${path}?${search}` : path,
        headers,
        ...(payload === undefined ? {} : { payload }),
      }
    })
}

const tally = { requests: 0, serverErrors: 0, writesFromRejected: 0 }
const statuses = new Map<number, number>()
const problems: string[] = []
const describeRequest = (request: FuzzRequest) =>
  `${request.method} ${request.url.slice(0, 200)} ${JSON.stringify(request.headers).slice(0, 200)} ${(request.payload ?? '').slice(0, 300)}`

let countsBefore = await rowCounts()
async function check(request: FuzzRequest): Promise<void> {
  let response
  try {
    response = await t.app.inject(request)
  } catch {
    return // light-my-request refused to build it (an invalid header); no server involved
  }
  tally.requests++
  const countsAfter = await rowCounts()
  const status = response.statusCode
  statuses.set(status, (statuses.get(status) ?? 0) + 1)
  if (status >= 500) {
    tally.serverErrors++
    problems.push(`${status} ${response.body.slice(0, 200)} for ${describeRequest(request)}`)
  }
  const isPage = (response.headers['content-type'] ?? '').toString().startsWith('text/html')
  if (status >= 400 && !(isPage && status === 404)) {
    const shape = errorBody.safeParse(safeJson(response.body))
    if (!shape.success)
      problems.push(
        `${status} not in the error shape: ${response.body.slice(0, 200)} for ${describeRequest(request)}`,
      )
  }
  if (status >= 400 && countsAfter !== countsBefore) {
    tally.writesFromRejected++
    problems.push(
      `${status} wrote rows (${countsBefore} → ${countsAfter}) for ${describeRequest(request)}`,
    )
  }
  countsBefore = countsAfter
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The demo's pictures are a route each (`plugins/media.ts`), one handler: one stands for all. */
const PICTURE = /^\/media\/demo\/[^/]+$/
const allRoutes = appRoutes(t.app.printRoutes({ commonPrefix: false }))
const routes = allRoutes.filter(
  (route) =>
    // Swagger UI's own files: static, third-party.
    !route.path.startsWith('/api/docs') &&
    (!PICTURE.test(route.path) || route === allRoutes.find((other) => PICTURE.test(other.path))),
)

afterAll(async () => {
  console.log(
    `fuzz on ${kind.name} (seed ${SEED}, ${RUNS} runs per route, ${routes.length} routes, ${tables.length} tables): ` +
      `${tally.requests} requests, ${tally.serverErrors} answered 5xx, ` +
      `${tally.writesFromRejected} rejected requests wrote rows; statuses ` +
      JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b))),
  )
  await t.close()
})

describe('fuzzing every route through app.inject', () => {
  it('finds the contract endpoints among the routes', () => {
    expect(routes.length).toBeGreaterThan(30)
    // The diner's profile is fuzzed signed in, too.
    expect(profileTokens).toHaveLength(1)
    expect(routes).toContainEqual({ method: 'DELETE', path: '/api/v1/me/addresses/:addressId' })
    // The profile's favourites (decision 0056), with the fuzzer's known dishes saved and merged.
    for (const method of ['PUT', 'DELETE']) {
      expect(routes).toContainEqual({ method, path: '/api/v1/me/favorites/:dishId' })
    }
    expect(routes).toContainEqual({ method: 'POST', path: '/api/v1/me/favorites/merge' })
    expect(routes).toContainEqual({
      method: 'POST',
      path: '/api/v1/restaurants/:restaurantId/orders',
    })
    expect(
      operationOf({ method: 'POST', path: '/api/v1/restaurants/:restaurantId/orders' }),
    ).toBeDefined()
    expect(tables).toEqual(expect.arrayContaining(['orders', 'table_sessions', 'payments']))
  })

  it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: no 5xx, the error shape on every 4xx, nothing written when refused',
    async (_, route) => {
      const before = problems.length
      await fc.assert(
        fc.asyncProperty(requestsFor(route), async (request) => {
          await check(request)
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      )
      expect(problems.slice(before)).toEqual([])
    },
  )
})

describe('fuzzing the raw socket and the websocket upgrade', () => {
  const requestLine = fc.oneof(
    fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
    fc
      .tuple(
        fc.constantFrom('GET', 'POST', 'PROPFIND', 'G\u0000T', '', 'GET GET'),
        fc.oneof(
          fc.constantFrom(
            '/app/%E0',
            '/app/%',
            '/app/test-app-key%ZZ?protocol=7',
            '/',
            '*',
            'http://x/app/k',
          ),
          fc.string({ unit: 'binary', maxLength: 60 }).map((s) => `/app/${s}`),
          fromSchema({ type: 'string' }, {}).map((s) => `/app/${String(s)}`),
        ),
        fc.constantFrom('HTTP/1.1', 'HTTP/1.0', 'HTTP/2.0', 'HTTP/1.1 x', ''),
        fc.oneof(
          fc.constant(''),
          fc.constant(`X-Big: ${'a'.repeat(20_000)}\r\n`),
          fc.constant('Sec-WebSocket-Key: short\r\n'),
          fc.constant('Content-Length: -5\r\n'),
          fc.string({ unit: 'binary-ascii', maxLength: 80 }).map((s) => `X-Junk: ${s}\r\n`),
        ),
        fc.boolean(),
      )
      .map(([method, path, version, extra, upgrade]) =>
        upgrade
          ? upgradeRequest(path, extra).replace(
              /^GET [^\r]* HTTP\/1\.1/,
              `${method} ${path} ${version}`,
            )
          : `${method} ${path} ${version}\r\nHost: x\r\n${extra}\r\n`,
      ),
  )

  it('answers every byte sequence without a 5xx, refusals in the error shape, and keeps serving', async () => {
    await fc.assert(
      fc.asyncProperty(requestLine, async (bytes) => {
        tally.requests++
        const answer = await sendRaw(port, bytes, 50)
        const status = answer.status ?? 0
        if (status >= 500) tally.serverErrors++
        expect(status, answer.text.slice(0, 200)).toBeLessThan(500)
        if (status >= 400 && !/content-type: text\/html/i.test(answer.text))
          expect(errorBody.safeParse(answer.json).success, answer.text.slice(0, 300)).toBe(true)
      }),
      { seed: SEED, numRuns: RUNS * 3 },
    )
    const health = await fetch(`http://127.0.0.1:${port}/api/v1/health`)
    expect(health.status).toBe(200)
  })

  const frames = fc.oneof(
    fc
      .record({
        event: fc.constantFrom(
          'pusher:subscribe',
          'pusher:unsubscribe',
          'pusher:signin',
          'pusher:ping',
          'client-x',
          'pusher_internal:member_added',
        ),
        channel: fc.oneof(fc.constantFrom('private-x', 'presence-y', 'restaurant.demo'), junkValue),
        data: fc.oneof(
          fc.record({
            channel: fc.oneof(fc.constantFrom('presence-z', 'private-table.x'), junkValue),
            auth: junkValue,
            channel_data: fc.oneof(fc.constant('{"user_id":1}'), junkValue),
            user_data: fc.oneof(fc.constant('{"id":"w"}'), junkValue),
          }),
          junkValue,
        ),
      })
      .map((frame) => JSON.stringify(frame)),
    junkValue.map((value) =>
      typeof value === 'string'
        ? value
        : ((JSON.stringify(value) as string | undefined) ?? 'undefined'),
    ),
  )

  it('takes any frames on a websocket without throwing, and answers a ping after them', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/app/test-app-key?protocol=7`)
    const received: string[] = []
    ws.on('message', (data: Buffer) => received.push(data.toString()))
    await new Promise((resolve, reject) => {
      ws.once('open', resolve)
      ws.once('error', reject)
    })
    await fc.assert(
      fc.asyncProperty(fc.array(frames, { maxLength: 20 }), async (batch) => {
        tally.requests += batch.length
        for (const frame of batch) ws.send(frame)
        const before = received.length
        ws.send('{"event":"pusher:ping","data":{}}')
        await vi.waitFor(() =>
          expect(received.slice(before).some((text) => text.includes('pusher:pong'))).toBe(true),
        )
      }),
      { seed: SEED, numRuns: RUNS },
    )
    ws.close()
  })
})
