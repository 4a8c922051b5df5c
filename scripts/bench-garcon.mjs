// `npm run bench:garcon`: from a diner's waiter call to the alert on the waiter's phone.
// The real server process (embedded PGlite, the built-in realtime hub) with a restaurant's
// evening: 50 waiters signed in and on shift, each serving 2 of 100 tables, and 500 diners'
// phones (5 a table), every one a real pusher-js client (the library the web app uses) on its
// own websocket in this process: the waiters on `private-garcon.{id}` and on the presence
// channel of the shift, the diners on their table's `private-table.{sessionId}`.
//  1. calls: BENCH_GARCON_CALLS (2,000) calls after BENCH_GARCON_WARMUP (100), sent open loop at
//     BENCH_GARCON_RATE (40 a second) round the tables and the three reasons, each a diner's
//     `POST /restaurants/demo/waiter-calls`. Latency: from just before the POST to the moment
//     the table's waiter's client fires `garcon-alert.created` for that call. The waiter then
//     marks the call done (not timed), as a waiter would, so the table may call again.
//  2. bare publish: as many events at the same rate through the Pusher HTTP API (the official
//     `pusher` SDK) to the same waiters' channels, to the same clients: from the trigger call
//     to the client's callback. What the hub alone costs, in the same run and conditions.
// Both sides share this process's clock. Goal: calls p99 ≤ 100 ms. Exits 1 when it is missed,
// or an alert is lost or reaches a waiter it should not.
// The restaurant is seeded straight into the data directory's database between two starts of
// the server (the waiters copy the demo Анна's PIN hash: PIN 1111).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { PGlite } from '@electric-sql/pglite'
import Pusher from 'pusher'
import { buildIfStale } from './lib/build.mjs'
import { machineBusyMs, processCpuMs } from './lib/cpu.mjs'
import { fmtMs, latencySummary, RESTAURANT, say } from './lib/order-traffic.mjs'
import { pusherClient } from './lib/pusher-client.mjs'
import { startServer } from './lib/server-process.mjs'

const env = process.env
const CALLS = Number(env.BENCH_GARCON_CALLS ?? 2_000)
const WARMUP = Number(env.BENCH_GARCON_WARMUP ?? 100)
const RATE = Number(env.BENCH_GARCON_RATE ?? 40)
const WAITERS = 50
const TABLES_PER_WAITER = 2
const PHONES_PER_TABLE = 5
const TABLES = WAITERS * TABLES_PER_WAITER
const PHONES = TABLES * PHONES_PER_TABLE
const GOAL_P99_MS = 100
const GOAL_CALLS = 2_000
/** How long a call's alert may take before it counts as lost. */
const LOST_AFTER_MS = 10_000
const REASONS = /** @type {const} */ (['waiter', 'bill', 'other'])
const SHIFT_CHANNEL = `presence-garcon-shift.${RESTAURANT}`

/**
 * Adds the evening's tables and waiters to the demo restaurant, in the stopped server's data
 * directory; the tables' QR tokens, in table order.
 * @param {string} dataDir
 */
async function seed(dataDir) {
  const pg = await PGlite.create({ dataDir: join(dataDir, 'pgdata') })
  try {
    await pg.query(
      `insert into restaurant_tables (restaurant_id, code, label, zone)
       select $1, 'B' || n, 'B' || n, null from generate_series(1, $2::int) n`,
      [RESTAURANT, TABLES],
    )
    await pg.query(
      `insert into waiters (restaurant_id, name, login, pin_hash)
       select $1, 'Официант ' || n, 'w' || n,
         (select pin_hash from waiters where restaurant_id = $1 and login = 'anna')
       from generate_series(1, $2::int) n`,
      [RESTAURANT, WAITERS],
    )
    const tables = await pg.query(
      `select code, qr_token as "token" from restaurant_tables
       where restaurant_id = $1 and code like 'B%' order by substr(code, 2)::int`,
      [RESTAURANT],
    )
    return /** @type {{ code: string, token: string }[]} */ (tables.rows)
  } finally {
    await pg.close()
  }
}

/**
 * @param {string} url @param {{ method?: string, body?: unknown, headers?: Record<string, string> }} [init]
 */
async function call(url, { method = 'POST', body, headers = {} } = {}) {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, json: text ? JSON.parse(text) : undefined }
}

/** @param {import('pusher-js').Channel} channel */
function subscribed(channel) {
  return new Promise((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', resolve)
    channel.bind('pusher:subscription_error', (/** @type {unknown} */ error) =>
      reject(new Error(`${channel.name}: ${JSON.stringify(error)}`)),
    )
  })
}

/**
 * Sends `count` jobs open loop at `rate` a second; resolves when every job has settled.
 * @param {number} count @param {number} rate @param {(i: number) => Promise<void>} job
 */
async function openLoop(count, rate, job) {
  const start = performance.now()
  const running = []
  for (let i = 0; i < count; i++) {
    const due = start + (i * 1000) / rate
    const wait = due - performance.now()
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait))
    running.push(job(i))
  }
  await Promise.all(running)
}

async function main() {
  buildIfStale()
  const realtime = { appId: '424242', key: 'garcon-bench-key', secret: 'garcon-bench-secret' }
  const serverEnv = {
    REALTIME_APP_ID: realtime.appId,
    REALTIME_APP_KEY: realtime.key,
    REALTIME_APP_SECRET: realtime.secret,
    // A restaurant's phones come from many addresses; these come from one.
    REALTIME_MAX_CONNECTIONS_PER_ADDRESS: String(PHONES + WAITERS + 50),
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'tableside-garcon-bench-'))
  /** @type {import('pusher-js').default[]} */
  const clients = []
  let server
  try {
    say(
      `bench:garcon: ${WAITERS} waiters on shift (${TABLES_PER_WAITER} tables each), ` +
        `${PHONES} diners' phones on ${TABLES} tables, all real pusher-js clients; ` +
        `${CALLS} waiter calls at ${RATE}/s (after ${WARMUP} of warm-up), embedded PGlite`,
    )
    // First start: migrations and the demo; then the evening's tables and waiters.
    server = await startServer({ env: serverEnv, dataDir })
    await server.stop()
    const tables = await seed(dataDir)
    server = await startServer({ env: serverEnv, dataDir })
    const api = `${server.url}/api/v1`
    const authUrl = `${server.url}/broadcasting/auth`

    // The waiters sign in, take their tables and go on shift, through the API.
    /** @type {{ id: string, token: string, tableCodes: string[] }[]} */
    const waiters = []
    for (let w = 0; w < WAITERS; w++) {
      const login = await call(`${api}/auth/garcon/login`, {
        body: { restaurantId: RESTAURANT, login: `w${w + 1}`, pin: '1111' },
      })
      if (login.status !== 200) throw new Error(`w${w + 1} could not sign in: ${login.status}`)
      const headers = { 'x-garcon-token': login.json.token }
      const tableCodes = tables
        .slice(w * TABLES_PER_WAITER, (w + 1) * TABLES_PER_WAITER)
        .map((table) => table.code)
      const took = await call(`${api}/garcon/me/tables`, {
        method: 'PUT',
        headers,
        body: { tableCodes, takeOver: false },
      })
      const shift = await call(`${api}/garcon/me/shift`, {
        method: 'PUT',
        headers,
        body: { onShift: true },
      })
      if (took.status !== 200 || shift.status !== 200) {
        throw new Error(`w${w + 1}: tables ${took.status}, shift ${shift.status}`)
      }
      waiters.push({ id: login.json.waiter.id, token: login.json.token, tableCodes })
    }
    // Every table is sat: its session, as the first phone's scan opens it.
    /** @type {{ code: string, sessionId: string, waiter: number }[]} */
    const sessions = []
    for (const [index, table] of tables.entries()) {
      const opened = await call(`${api}/restaurants/${RESTAURANT}/table-sessions`, {
        body: { tableToken: table.token },
      })
      if (opened.status !== 201) throw new Error(`${table.code}: ${opened.status}`)
      sessions.push({
        code: table.code,
        sessionId: opened.json.id,
        waiter: Math.floor(index / TABLES_PER_WAITER),
      })
    }

    // The sockets: every waiter's phone, then every diner's.
    /** @type {Map<string, { at: number, waiter: number }>} */
    const alerts = new Map()
    /** @type {Map<number, number>} */
    const pings = new Map()
    let strayAlerts = 0
    const connectStarted = performance.now()
    const waiting = []
    for (const [w, waiter] of waiters.entries()) {
      const client = pusherClient(realtime.key, server.port, {
        authUrl,
        headers: { 'x-garcon-token': waiter.token },
      })
      clients.push(client)
      const own = client.subscribe(`private-garcon.${waiter.id}`)
      own.bind('garcon-alert.created', (/** @type {{ callId: string | null }} */ alert) => {
        const at = performance.now()
        if (!alert.callId) return
        if (alerts.has(alert.callId)) strayAlerts++
        else alerts.set(alert.callId, { at, waiter: w })
      })
      own.bind('bench-ping', (/** @type {{ seq: number }} */ data) => {
        pings.set(data.seq, performance.now())
      })
      waiting.push(subscribed(own), subscribed(client.subscribe(SHIFT_CHANNEL)))
    }
    for (const session of sessions) {
      for (let p = 0; p < PHONES_PER_TABLE; p++) {
        const client = pusherClient(realtime.key, server.port, { authUrl })
        clients.push(client)
        waiting.push(subscribed(client.subscribe(`private-table.${session.sessionId}`)))
      }
    }
    await Promise.all(waiting)
    const members = /** @type {import('pusher-js').PresenceChannel} */ (
      clients[0]?.channel(SHIFT_CHANNEL)
    )?.members?.count
    say(
      `${clients.length} sockets connected and subscribed in ${fmtMs(performance.now() - connectStarted)}; ` +
        `${members} waiters in ${SHIFT_CHANNEL}`,
    )

    // 1. Calls, diner to waiter.
    const loop = monitorEventLoopDelay({ resolution: 10 })
    /** @type {number[]} */
    const latencies = []
    let refused = 0
    let lost = 0
    let misrouted = 0
    let doneFailed = 0
    /** @type {Map<number, number>} */
    const statuses = new Map()
    const calls = async (/** @type {number} */ count, /** @type {boolean} */ measured) => {
      await openLoop(count, RATE, async (/** @type {number} */ i) => {
        const session = /** @type {(typeof sessions)[number]} */ (sessions[i % TABLES])
        const reason = REASONS[Math.floor(i / TABLES) % REASONS.length] ?? 'waiter'
        const sent = performance.now()
        const made = await call(`${api}/restaurants/${RESTAURANT}/waiter-calls`, {
          body: {
            tableSessionId: session.sessionId,
            reason,
            ...(reason === 'other' ? { comment: 'Можно ещё салфеток?' } : {}),
          },
        })
        statuses.set(made.status, (statuses.get(made.status) ?? 0) + 1)
        if (made.status !== 201) {
          refused++
          return
        }
        const callId = made.json.id
        const deadline = sent + LOST_AFTER_MS
        while (!alerts.has(callId) && performance.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 5))
        }
        const alert = alerts.get(callId)
        if (!alert) {
          lost++
          return
        }
        if (alert.waiter !== session.waiter) misrouted++
        if (measured) latencies.push(alert.at - sent)
        const waiter = /** @type {(typeof waiters)[number]} */ (waiters[session.waiter])
        const done = await call(`${api}/garcon/waiter-calls/${callId}/done`, {
          headers: { 'x-garcon-token': waiter.token },
        })
        if (done.status !== 200) doneFailed++
      })
    }
    await calls(WARMUP, false)
    statuses.clear()
    refused = 0
    const cpuBefore = processCpuMs(/** @type {number} */ (server.child.pid))
    const busyBefore = machineBusyMs()
    loop.enable()
    const callsStarted = performance.now()
    await calls(CALLS, true)
    const callsMs = performance.now() - callsStarted
    loop.disable()
    const serverCores =
      (processCpuMs(/** @type {number} */ (server.child.pid)) - cpuBefore) / callsMs
    const machineCores = (machineBusyMs() - busyBefore) / callsMs
    const callSummary = latencySummary(latencies)

    // 2. Bare publishes to the same clients, through the Pusher HTTP API.
    const sdk = new Pusher({
      ...realtime,
      host: '127.0.0.1',
      port: String(server.port),
      useTLS: false,
    })
    /** @type {number[]} */
    const publishLatencies = []
    let publishLost = 0
    await openLoop(CALLS, RATE, async (/** @type {number} */ seq) => {
      const waiter = /** @type {(typeof waiters)[number]} */ (waiters[seq % WAITERS])
      const sent = performance.now()
      await sdk.trigger(`private-garcon.${waiter.id}`, 'bench-ping', { seq })
      const deadline = sent + LOST_AFTER_MS
      while (!pings.has(seq) && performance.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
      const at = pings.get(seq)
      if (at === undefined) publishLost++
      else publishLatencies.push(at - sent)
    })
    const publishSummary = latencySummary(publishLatencies)

    const line = (/** @type {ReturnType<typeof latencySummary>} */ s) =>
      `p50 ${fmtMs(s.p50)}, p90 ${fmtMs(s.p90)}, p99 ${fmtMs(s.p99)}, max ${fmtMs(s.max)}`
    say(
      `calls: ${latencies.length} alerts measured over ${(callsMs / 1000).toFixed(1)} s; answers ` +
        [...statuses].map(([status, n]) => `${n} × ${status}`).join(', '),
    )
    say(`call POST → alert on the waiter's socket: ${line(callSummary)}`)
    say(`bare publish (Pusher HTTP API → the same sockets): ${line(publishSummary)}`)
    say(
      `lost alerts ${lost}, to the wrong waiter ${misrouted}, repeated ${strayAlerts}, ` +
        `refused calls ${refused}, failed "done" ${doneFailed}; bare publishes lost ${publishLost}`,
    )
    say(
      `CPU in cores during the calls: server ${serverCores.toFixed(2)}, whole machine ` +
        `${machineCores.toFixed(2)} of 2; this client's event-loop delay p99 ` +
        `${fmtMs(loop.percentile(99) / 1e6)}, max ${fmtMs(loop.max / 1e6)}`,
    )
    const enough = latencies.length >= GOAL_CALLS
    const fast = callSummary.p99 <= GOAL_P99_MS
    const sound = lost === 0 && misrouted === 0 && strayAlerts === 0 && refused === 0
    say(
      `goal: p99 ≤ ${GOAL_P99_MS} ms over ≥ ${GOAL_CALLS} calls: ${fmtMs(callSummary.p99)} over ` +
        `${latencies.length}  ${enough && fast ? 'PASS' : 'OVER'}`,
    )
    say(`goal: every alert once, to the table's waiter: ${sound ? 'PASS' : 'FAIL'}`)
    process.exitCode = enough && fast && sound ? 0 : 1
  } finally {
    for (const client of clients) client.disconnect()
    await server?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
