// `npm run bench:orders`: placing orders against the real server process at a fixed rate.
// Open loop: order i is due at start + i/rate whatever the answers before it, and its latency
// runs from that moment, so a slow server cannot hide its queue (no coordinated omission).
// Every order has its own Idempotency-Key; three in four are dine-in round the twelve demo
// tables (their sessions are opened first), one in four a pickup with a contact, cash.
//  1. warm-up, then the measured run at BENCH_ORDERS_RATE: latency p50/p90/p99/max, the rate
//     answered, answers by status, CPU of the server, this client and everything else
//  2. the ceiling: the same orders in a closed loop over every connection, as fast as it goes
//  3. every acknowledged key sent again: each must come back as a replay of the same order
//  4. the server stopped, its database read directly: exactly the acknowledged orders, with
//     their ids and numbers (none lost, none duplicated, none nobody was told about)
// Runs on the embedded database (PGlite in a temporary data directory), then on a PostgreSQL
// server when TEST_DATABASE_URL or DATABASE_URL is set (in a database of the run's own,
// dropped afterwards). Goals on both databases, issue 31's: the offered 500 orders/s sustained
// (all answered 201 and answered at ≥ 99 % of the offered rate), p99 ≤ 25 ms over ≥ 10,000
// orders, 0 lost, 0 duplicated; and the server's CPU an order on the embedded database at most
// half the 2.2 ms the issue measured. On PostgreSQL the database server's own CPU an order (its
// postmaster and every connection, past and present) is printed beside the server's when it runs
// on this machine. Exits 1 when a goal is missed.
// Env: BENCH_ORDERS_RATE (500), BENCH_ORDERS_COUNT (10000), BENCH_ORDERS_WARMUP (1000),
// BENCH_ORDERS_CONNECTIONS (50), BENCH_ORDERS_CEILING (orders in the closed loop, 5000; 0 skips
// it), BENCH_ORDERS_ONLY (embedded | postgres), BENCH_ORDERS_PROFILE (a directory: the server
// is profiled over the measured run (lib/cpu-profile-preload.mjs) and its hottest packages and
// functions are printed).
import { mkdirSync, rmSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join, resolve } from 'node:path'
import { buildIfStale } from './lib/build.mjs'
import { profileReport, profilingEnv } from './lib/cpu-profile.mjs'
import { machineBusyMs, processCpuMs, serverTreeCpuMs } from './lib/cpu.mjs'
import {
  compareWithDatabase,
  createHttpClient,
  createScratchDatabase,
  fmtInt,
  fmtMs,
  latencySummary,
  orderBody,
  orderOf,
  ordersInDatabase,
  prepareDemo,
  replayAll,
  RESTAURANT,
  runKeyPrefix,
  say,
} from './lib/order-traffic.mjs'
import { demoTableTokens, startServer } from './lib/server-process.mjs'

/**
 * The embedded engine's vacuum statements that held it ≥ SLOW_VACUUM_MS over the server's whole
 * run (the server logs those at info, decision 0143): each held every order meanwhile.
 * @param {string} output the server's log
 */
function slowVacuums(output) {
  /** @type {{ statement: string, ms: number }[]} */
  const slow = []
  for (const line of output.split('\n')) {
    if (!line.includes('embedded database vacuumed')) continue
    try {
      const { done } = JSON.parse(line)
      for (const entry of done) if (entry.ms >= 50) slow.push(entry)
    } catch {
      // Not a log line of the server's.
    }
  }
  if (slow.length === 0) return 'embedded vacuum: no statement held the engine 50 ms or more'
  slow.sort((a, b) => b.ms - a.ms)
  const list = slow.slice(0, 5).map(({ statement, ms }) => `${statement} ${fmtMs(ms)}`)
  return `embedded vacuum: ${slow.length} statements held the engine ≥ 50 ms (longest: ${list.join(', ')})`
}

const env = process.env
const RATE = Number(env.BENCH_ORDERS_RATE ?? 500)
const COUNT = Number(env.BENCH_ORDERS_COUNT ?? 10_000)
const WARMUP = Number(env.BENCH_ORDERS_WARMUP ?? 1_000)
const CONNECTIONS = Number(env.BENCH_ORDERS_CONNECTIONS ?? 50)
const CEILING = Number(env.BENCH_ORDERS_CEILING ?? 5_000)
const PROFILE_DIR = env.BENCH_ORDERS_PROFILE ? resolve(env.BENCH_ORDERS_PROFILE) : undefined
const ONLY = env.BENCH_ORDERS_ONLY
const GOAL_RATE = 500
const GOAL_P99_MS = 25
/** Issue 31: half the server's CPU an order it measured on the embedded database (2.2 ms). */
const GOAL_CPU_MS = 1.1
const GOAL_COUNT = 10_000
/** Share of the offered rate the answers must keep up with. */
const KEEP_PACE = 0.99
/** CPU of other processes (in cores) beyond which a run counts as disturbed. */
const BUSY_OTHERS = 0.2
const ORDERS_PATH = `/restaurants/${RESTAURANT}/orders`

/**
 * @typedef {import('./lib/order-traffic.mjs').OrderBody} OrderBody
 * @typedef {Map<string, { body: OrderBody, id: string, number: number }>} Acked
 * @typedef {{ ok: number, statuses: Map<string, number>, latency: ReturnType<typeof latencySummary>,
 *   sendLag: ReturnType<typeof latencySummary>, seconds: number, rate: number }} Phase
 */

/**
 * Orders `first` … `first + count - 1` at `rate` a second (rate Infinity: closed loop, one
 * order per free connection).
 * @param {{ post: import('./lib/order-traffic.mjs').Post, demo: import('./lib/order-traffic.mjs').Demo,
 *   keyPrefix: string, first: number, count: number, rate: number, acked: Acked }} run
 * @returns {Promise<Phase>}
 */
async function placeOrders({ post, demo, keyPrefix, first, count, rate, acked }) {
  /** @type {number[]} */
  const latencies = []
  /** @type {number[]} */
  const lags = []
  /** @type {Map<string, number>} */
  const statuses = new Map()
  let ok = 0
  let lastDone = 0
  const start = performance.now()

  /** @param {number} n @param {number} dueAt */
  const send = (n, dueAt) => {
    const i = first + n
    const key = `${keyPrefix}-${i}`
    const body = orderBody(i, demo)
    return post(ORDERS_PATH, body, { 'idempotency-key': key }).then(
      (reply) => {
        lastDone = performance.now()
        latencies.push(lastDone - dueAt)
        const label = reply.replayed ? `${reply.status} replayed` : String(reply.status)
        statuses.set(label, (statuses.get(label) ?? 0) + 1)
        if (reply.status === 201 && !reply.replayed) {
          ok++
          acked.set(key, { body, ...orderOf(reply.text) })
        }
      },
      (/** @type {unknown} */ error) => {
        lastDone = performance.now()
        const label = error instanceof Error ? error.message.slice(0, 60) : String(error)
        statuses.set(label, (statuses.get(label) ?? 0) + 1)
      },
    )
  }

  if (rate === Infinity) {
    let next = 0
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (next < count) await send(next++, performance.now())
      }),
    )
  } else {
    /** @type {Promise<void>[]} */
    const pending = []
    await new Promise((done) => {
      const tick = () => {
        const now = performance.now()
        const due = Math.min(count, Math.floor(((now - start) * rate) / 1000) + 1)
        while (pending.length < due) {
          const dueAt = start + (pending.length * 1000) / rate
          lags.push(now - dueAt)
          pending.push(send(pending.length, dueAt))
        }
        if (pending.length < count) setTimeout(tick, 1)
        else done(undefined)
      }
      tick()
    })
    await Promise.all(pending)
  }
  const seconds = (lastDone - start) / 1000
  return {
    ok,
    statuses,
    latency: latencySummary(latencies),
    sendLag: latencySummary(lags),
    seconds,
    rate: ok / seconds,
  }
}

/**
 * @param {'embedded' | 'postgres'} kind @param {string | undefined} adminUrl
 */
async function benchmark(kind, adminUrl) {
  const scratch =
    kind === 'postgres' && adminUrl
      ? await createScratchDatabase(adminUrl, 'bench_orders')
      : undefined
  const profileDir = PROFILE_DIR ? join(PROFILE_DIR, kind) : undefined
  if (profileDir) mkdirSync(profileDir, { recursive: true })
  const server = await startServer({
    env: {
      DATABASE_URL: scratch?.url ?? '',
      // The vacuum's slow statements are logged at info (see slowVacuums); requests are not.
      LOG_LEVEL: 'info',
      ...profilingEnv(profileDir),
    },
    timeoutMs: 60_000,
  })
  const cleanUp = async () => {
    await server.stop()
    rmSync(server.dataDir, { recursive: true, force: true })
    await scratch?.drop()
  }
  const stopOnSignal = () => void cleanUp().finally(() => process.exit(130))
  process.once('SIGINT', stopOnSignal)
  process.once('SIGTERM', stopOnSignal)
  const client = createHttpClient({ baseUrl: () => server.url, connections: CONNECTIONS })
  try {
    say('')
    say(
      kind === 'embedded'
        ? `== embedded PGlite (a temporary data directory), server started in ${fmtMs(server.startedInMs)}`
        : `== PostgreSQL (database ${scratch?.name ?? '?'}, dropped afterwards), server started in ${fmtMs(server.startedInMs)}`,
    )
    const keyPrefix = runKeyPrefix('bench')
    const demo = await prepareDemo(
      client.post,
      server.url,
      `${keyPrefix}-probe`,
      await demoTableTokens(server),
    )
    say(
      `${demo.dishIds.length} orderable dishes, ${demo.sessionIds.length} table sessions open; ` +
        (demo.pickup
          ? `one order in four is a pickup${demo.pickupAt ? ` (closed now: for ${demo.pickupAt})` : ''}`
          : `pickup refused now, so all dine-in: ${demo.pickupRefusal}`),
    )
    /** @type {Acked} */
    const acked = new Map()
    const pid = server.child.pid ?? 0

    await placeOrders({
      post: client.post,
      demo,
      keyPrefix,
      first: 0,
      count: WARMUP,
      rate: RATE,
      acked,
    })
    // The profile covers the measured run only (lib/cpu-profile-preload.mjs).
    if (profileDir) process.kill(pid, 'SIGUSR2')
    const serverCpuBefore = processCpuMs(pid)
    // The PostgreSQL server's CPU (its postmaster's tree), when it runs on this machine.
    const postmaster = await scratch?.postmaster()
    const databaseCpuBefore = postmaster ? serverTreeCpuMs(postmaster) : Number.NaN
    const ownCpuBefore = process.cpuUsage()
    const machineBefore = machineBusyMs()
    const wallBefore = performance.now()
    const run = await placeOrders({
      post: client.post,
      demo,
      keyPrefix,
      first: WARMUP,
      count: COUNT,
      rate: RATE,
      acked,
    })
    const wallMs = performance.now() - wallBefore
    if (profileDir) process.kill(pid, 'SIGUSR2')
    const ownCpu = process.cpuUsage(ownCpuBefore)
    const serverCpu = (processCpuMs(pid) - serverCpuBefore) / wallMs
    const clientCpu = (ownCpu.user + ownCpu.system) / 1000 / wallMs
    const databaseCpuMs = postmaster ? serverTreeCpuMs(postmaster) - databaseCpuBefore : Number.NaN
    const databaseCpu = Number.isFinite(databaseCpuMs) ? databaseCpuMs / wallMs : undefined
    const othersCpu = Math.max(
      0,
      (machineBusyMs() - machineBefore) / wallMs - serverCpu - clientCpu - (databaseCpu ?? 0),
    )
    const serverCpuMs = (serverCpu * wallMs) / Math.max(1, run.ok)

    const ceiling =
      CEILING > 0
        ? await placeOrders({
            post: client.post,
            demo,
            keyPrefix,
            first: WARMUP + COUNT,
            count: CEILING,
            rate: Infinity,
            acked,
          })
        : undefined

    const replay = await replayAll(client.post, acked, CONNECTIONS)
    client.close()
    const exitCode = await server.stop()
    if (exitCode !== 0) throw new Error(`the server exited with ${exitCode} on SIGTERM`)
    const stored = await ordersInDatabase(
      scratch ? { url: scratch.url } : { dataDir: server.dataDir },
      keyPrefix,
    )
    const ackedOrders = new Map([...acked].map(([key, { id, number }]) => [key, { id, number }]))
    // The pickup probe is an order of this run too.
    const probe = stored.byKey.get(`${keyPrefix}-probe`)
    if (probe) ackedOrders.set(`${keyPrefix}-probe`, probe)
    const integrity = compareWithDatabase(ackedOrders, stored)

    const statusText = [...run.statuses].map(([status, n]) => `${fmtInt(n)} × ${status}`).join(', ')
    say(
      `offered ${fmtInt(RATE)} orders/s × ${fmtInt(COUNT)} (after ${fmtInt(WARMUP)} of warm-up) over ` +
        `${CONNECTIONS} keep-alive connections`,
    )
    say(
      `answered: ${statusText} in ${run.seconds.toFixed(2)} s → ${fmtInt(run.rate)} orders/s placed`,
    )
    say(
      `latency from the scheduled send: p50 ${fmtMs(run.latency.p50)}, p90 ${fmtMs(run.latency.p90)}, ` +
        `p99 ${fmtMs(run.latency.p99)}, max ${fmtMs(run.latency.max)} ` +
        `(send lag of this client: p99 ${fmtMs(run.sendLag.p99)}, max ${fmtMs(run.sendLag.max)})`,
    )
    const databaseText =
      databaseCpu === undefined
        ? ''
        : `, PostgreSQL ${databaseCpu.toFixed(2)} ` +
          `(${((databaseCpu * wallMs) / Math.max(1, run.ok)).toFixed(2)} ms an order)`
    say(
      `CPU in cores of ${availableParallelism()}: server ${serverCpu.toFixed(2)} ` +
        `(${serverCpuMs.toFixed(2)} ms an order)${databaseText}, ` +
        `this client ${clientCpu.toFixed(2)}, others ${othersCpu.toFixed(2)}` +
        (othersCpu >= BUSY_OTHERS ? '  (disturbed: other processes were busy)' : ''),
    )
    if (kind === 'embedded') say(slowVacuums(server.output()))
    if (ceiling) {
      say(
        `ceiling, closed loop over ${CONNECTIONS} connections: ${fmtInt(ceiling.rate)} orders/s ` +
          `(${fmtInt(ceiling.ok)} placed), p50 ${fmtMs(ceiling.latency.p50)}, p99 ${fmtMs(ceiling.latency.p99)}`,
      )
    }
    say(
      `replay of all ${fmtInt(acked.size)} acknowledged keys: ${fmtInt(acked.size - replay.problems.length)} ` +
        `the same order, ${fmtInt(replay.rate)} req/s, p50 ${fmtMs(replay.latency.p50)}, ` +
        `p99 ${fmtMs(replay.latency.p99)}`,
    )
    for (const problem of replay.problems.slice(0, 5)) say(`  ${problem}`)
    say(
      `database after the server stopped: ${fmtInt(stored.rows)} orders of this run, ` +
        `${fmtInt(stored.distinctIds)} distinct ids, ${fmtInt(stored.distinctNumbers)} distinct numbers; ` +
        `lost ${integrity.lost}, duplicated ${integrity.duplicated}, unacknowledged ${integrity.unacknowledged}`,
    )
    if (profileDir) {
      for (const line of profileReport(profileDir, { count: run.ok, per: 1, what: 'an order' }))
        say(line)
    }

    const answeredAll = run.ok === COUNT
    const rateOk = RATE >= GOAL_RATE && answeredAll && run.rate >= KEEP_PACE * RATE
    const p99Ok = COUNT >= GOAL_COUNT && run.latency.p99 <= GOAL_P99_MS
    const intact =
      replay.problems.length === 0 &&
      integrity.lost === 0 &&
      integrity.duplicated === 0 &&
      integrity.unacknowledged === 0 &&
      stored.rows === ackedOrders.size
    say(
      `goal: ${fmtInt(GOAL_RATE)} orders/s sustained: ${fmtInt(run.ok)}/${fmtInt(COUNT)} placed at ` +
        `${fmtInt(run.rate)}/s of ${fmtInt(RATE)}/s offered  ${rateOk ? 'PASS' : 'OVER'}`,
    )
    say(
      `goal: p99 ≤ ${GOAL_P99_MS} ms over ≥ ${fmtInt(GOAL_COUNT)} orders: ${fmtMs(run.latency.p99)}  ` +
        `${p99Ok ? 'PASS' : 'OVER'}`,
    )
    say(`goal: 0 lost, 0 duplicated: ${intact ? 'PASS' : 'FAIL'}`)
    const cpuOk = kind === 'postgres' || serverCpuMs <= GOAL_CPU_MS
    if (kind === 'embedded') {
      say(
        `goal: the server's CPU ≤ ${GOAL_CPU_MS.toFixed(2)} ms an order: ${serverCpuMs.toFixed(2)} ms  ` +
          `${cpuOk ? 'PASS' : 'OVER'}`,
      )
    }
    return { kind, rateOk, p99Ok, cpuOk, intact, run, serverCpu }
  } finally {
    process.off('SIGINT', stopOnSignal)
    process.off('SIGTERM', stopOnSignal)
    client.close()
    await cleanUp()
  }
}

buildIfStale({ only: ['server'] })
const postgresUrl = env.TEST_DATABASE_URL ?? env.DATABASE_URL
say(
  `bench:orders: POST ${ORDERS_PATH} at ${fmtInt(RATE)}/s, open loop, ${fmtInt(COUNT)} orders; ` +
    `${availableParallelism()} cores shared by the server and this client`,
)
/** @type {Array<Awaited<ReturnType<typeof benchmark>>>} */
const results = []
if (ONLY !== 'postgres') results.push(await benchmark('embedded', undefined))
if (ONLY !== 'embedded') {
  if (postgresUrl) results.push(await benchmark('postgres', postgresUrl))
  else say('\n(PostgreSQL skipped: set TEST_DATABASE_URL or DATABASE_URL to run it too)')
}
process.exitCode = results.every((r) => r.intact && r.rateOk && r.p99Ok && r.cpuOk) ? 0 : 1
