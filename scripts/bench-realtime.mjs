// `npm run bench:realtime`: the built-in realtime hub under load, in one run.
//  1. 5,000 websocket clients across 100 public channels (50 each) while 1,000 events a second
//     are published through the Pusher HTTP API with the official `pusher` SDK: delivery latency
//     from the publish call to receipt at every subscriber, deliveries expected and received,
//     the server's CPU a thousand deliveries, and the server's RSS.
//  2. 10,000 idle connections, one subscription each, on a freshly started server: its RSS.
//  3. A baseline: a bare `ws` WebSocketServer in a child process, fed by one plain HTTP POST per
//     event, under the same clients, channel layout and rate; its CPU a thousand deliveries
//     beside the hub's (issue 31).
// Parts 1 and 3 run BENCH_REALTIME_RUNS times each (3 by default), alternating, because on two
// cores shared by server, clients and publisher one run's p99 swings with the scheduler; the
// goal is judged on the median run.
// The clients and the publisher share this process (and its clock). Goals: p99 ≤ 15 ms, and
// ≤ 300 MB server RSS with 10,000 connections. Exits 0 whether or not the goals are met.
// BENCH_REALTIME_PROFILE (a directory): each hub run's server is profiled over its measured
// window (lib/cpu-profile-preload.mjs) and its hottest packages and functions are printed.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { availableParallelism, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import Pusher from 'pusher'
import { buildIfStale, root } from './lib/build.mjs'
import { profileReport, profilingEnv } from './lib/cpu-profile.mjs'
import {
  createSubscriberPool,
  monotonicUs,
  startSubscriberWorkers,
} from './lib/pusher-subscribers.mjs'
import { startServer } from './lib/server-process.mjs'

const CHANNELS = 100
const SUBSCRIBERS_PER_CHANNEL = 50
const LOAD_CONNECTIONS = CHANNELS * SUBSCRIBERS_PER_CHANNEL
const IDLE_CONNECTIONS = 10_000
const IDLE_CHANNELS = 1_000
const EVENTS_PER_SECOND = 1_000
const WARMUP_MS = 2_000
const MEASURE_MS = 10_000
const DRAIN_TIMEOUT_MS = 5_000
const CONNECT_BATCH = 200
const CONNECT_TIMEOUT_MS = 15_000
const RSS_SAMPLE_EVERY_MS = 250
const LOOP_DELAY_RESOLUTION_MS = 10
const HTTP_SOCKETS = 32
/** Hub and baseline load runs, interleaved; the goal is judged on the median run's p99. */
const LOAD_RUNS = Math.max(1, Number(process.env.BENCH_REALTIME_RUNS ?? 3))
const RUN_DEADLINE_MS = 60_000 + LOAD_RUNS * 60_000
const P99_GOAL_MS = 15
/** Event-loop utilisation of this process beyond which its own queueing dominates latency. */
const SATURATED_LOOP = 0.9
/** CPU share of a core taken by other processes beyond which a run counts as disturbed. */
const BUSY_OTHERS = 0.2
const IDLE_RSS_GOAL_MB = 300
const EVENT_NAME = 'bench'
const APP = { id: 'bench', key: 'bench-key', secret: 'bench-secret-not-for-production' }
/** Worker threads for the subscribers; 0 runs them in the publisher's thread. */
const CLIENT_THREADS = Number(process.env.BENCH_REALTIME_CLIENT_THREADS ?? 1)
/** Which parts run: hub, baseline, idle (comma-separated; all by default). */
const parts = new Set((process.env.BENCH_REALTIME_ONLY ?? 'hub,baseline,idle').split(','))
const PROFILE_DIR = process.env.BENCH_REALTIME_PROFILE
  ? resolve(process.env.BENCH_REALTIME_PROFILE)
  : undefined
if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true })

const WARMUP_EVENTS = (EVENTS_PER_SECOND * WARMUP_MS) / 1000
const MEASURED_EVENTS = (EVENTS_PER_SECOND * MEASURE_MS) / 1000
const TOTAL_EVENTS = WARMUP_EVENTS + MEASURED_EVENTS

/** Wall-clock milliseconds with sub-millisecond resolution, the same on publisher and clients. */
const now = () => performance.timeOrigin + performance.now()
/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
/** @param {string} line */
const say = (line) => process.stdout.write(`${line}\n`)
/** @param {number} ms */
const fmtMs = (ms) => `${ms < 10 ? ms.toFixed(2) : ms.toFixed(1)} ms`
/** @param {number} mb */
const fmtMb = (mb) => `${mb.toFixed(1)} MB`

/** @type {Set<import('node:child_process').ChildProcess>} servers to kill if this script dies */
const children = new Set()
/** @type {string[]} */
const tempDirs = []

// ---------------------------------------------------------------------------------------------
// Process measurements

/** @param {number} pid @returns {number} resident set size in MB (VmRSS of /proc/PID/status) */
function rssMb(pid) {
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  if (!match?.[1]) throw new Error(`No VmRSS in /proc/${pid}/status`)
  return Number(match[1]) / 1024
}

const clockTicks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100

/** @param {number} pid @returns {number} user + system CPU time in ms */
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks
}

/**
 * CPU time so far of every process except this one and `pid` (kernel threads included), to show
 * whether anything else competed for the CPUs. Processes that exit in between are missed.
 * @param {number} pid @returns {Map<number, number>} pid → ms
 */
function otherProcessesCpu(pid) {
  /** @type {Map<number, number>} */
  const times = new Map()
  for (const entry of readdirSync('/proc')) {
    const other = Number(entry)
    if (!Number.isInteger(other) || other === pid || other === process.pid) continue
    try {
      times.set(other, cpuMs(other))
    } catch {
      // exited meanwhile
    }
  }
  return times
}

/** @param {Map<number, number>} before @param {Map<number, number>} after */
function cpuSpent(before, after) {
  let total = 0
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0)
  return total
}

function openFileLimit() {
  const out = spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim()
  return out === 'unlimited' ? Infinity : Number(out)
}

// ---------------------------------------------------------------------------------------------
// Clients: raw TCP subscribers (lib/pusher-subscribers.mjs), in CLIENT_THREADS worker threads
// or, with 0, in this thread beside the publisher

/**
 * Connects `channels.length` subscribers, socket i to channels[i], CONNECT_BATCH at a time so
 * the listen backlog is never flooded.
 * @param {import('./lib/pusher-subscribers.mjs').Endpoint} endpoint @param {string[]} channels
 */
async function connectMany(endpoint, channels) {
  const report = await clients.connect(endpoint, channels, CONNECT_BATCH, CONNECT_TIMEOUT_MS)
  if (report.emfile) {
    throw new Error(
      `Too many open files (EMFILE) with ${clients.openSockets()} client sockets open: the ` +
        `open-file limit (ulimit -n) is ${openFileLimit()}, and this benchmark needs about ` +
        `${IDLE_CONNECTIONS + 500} descriptors in this process and in the server. Raise the ` +
        `limit for your shell (e.g. \`ulimit -n 20000\`) and run it again.`,
    )
  }
  if (report.failures > 0) {
    throw new Error(
      `${report.failures} connections failed after ${report.connected} were subscribed; ` +
        `first: ${report.firstError ?? '?'}`,
    )
  }
  return report.connected
}

/**
 * @param {{ port: number, path: string }} target
 * @returns {import('./lib/pusher-subscribers.mjs').Endpoint}
 */
const endpointOf = ({ port, path }) => ({ host: '127.0.0.1', port, path })

// ---------------------------------------------------------------------------------------------
// The load run, shared by the hub and the baseline

/**
 * @typedef {{ sockets: number, connectMs: number, publishMs: number, published: number,
 *   failedPublishes: number, firstPublishError: string | undefined, expected: number,
 *   received: number, eventsShort: number, eventsOver: number, p50: number, p99: number,
 *   max: number, rssBefore: number, rssConnected: number, rssPeak: number, rssMean: number,
 *   serverCpu: number, cpuPerThousandMs: number, benchCpu: number, publisherElu: number,
 *   clientsElu: number,
 *   othersCpu: number, loopDelayP99: number, scheduleLagP99: number, scheduleLagMax: number,
 *   maxInFlight: number, unexpectedCloses: number, closeCodes: [number, number][] }} LoadResult
 * @param {{ endpoint: import('./lib/pusher-subscribers.mjs').Endpoint, pid: number,
 *   publish: (channel: string, data: string) => Promise<void>, profiled?: boolean }} target
 *   `profiled`: the server, started with lib/cpu-profile-preload.mjs, is signalled at the
 *   measured window's start and end
 * @returns {Promise<LoadResult>}
 */
async function loadRun({ endpoint, pid, publish, profiled = false }) {
  await clients.startRun({
    eventName: EVENT_NAME,
    totalEvents: TOTAL_EVENTS,
    warmupEvents: WARMUP_EVENTS,
    latencyCapacity: MEASURED_EVENTS * SUBSCRIBERS_PER_CHANNEL,
  })
  const rssBefore = rssMb(pid)
  const connectStart = now()
  const sockets = await connectMany(
    endpoint,
    Array.from({ length: LOAD_CONNECTIONS }, (_, i) => `restaurant.bench-${i % CHANNELS}`),
  )
  const connectMs = now() - connectStart
  await sleep(500)
  const rssConnected = rssMb(pid)

  // Publisher, open loop: event `seq` is due at publishStart + seq / rate and goes to channel
  // seq % CHANNELS; a 1 ms timer sends whatever is due, so a late tick never slows the rate.
  // Each event's data is "SEQ|SENT_AT_US", stamped just before the publish call.
  let sent = 0
  let inFlight = 0
  let maxInFlight = 0
  let failedPublishes = 0
  /** @type {string | undefined} */
  let firstPublishError
  const scheduleLagUs = new Float64Array(MEASURED_EVENTS)
  /** @type {number[]} */
  const rssSamples = []
  const loopDelay = monitorEventLoopDelay({ resolution: LOOP_DELAY_RESOLUTION_MS })
  let measureStart = 0
  let serverCpuStart = 0
  let benchCpuStart = process.cpuUsage()
  let othersStart = otherProcessesCpu(pid)
  let eluStart = performance.eventLoopUtilization()
  const publishStartUs = monotonicUs()
  const publishStart = now()
  const publishDeadline = publishStart + WARMUP_MS + MEASURE_MS + 5_000
  const usPerEvent = 1e6 / EVENTS_PER_SECOND
  await new Promise((resolve) => {
    const tick = setInterval(() => {
      const due = Math.min(
        TOTAL_EVENTS,
        Math.floor((monotonicUs() - publishStartUs) / usPerEvent) + 1,
      )
      while (sent < due) {
        const seq = sent++
        if (seq === WARMUP_EVENTS) {
          measureStart = now()
          // The profile covers the measured window only (lib/cpu-profile-preload.mjs).
          if (profiled) process.kill(pid, 'SIGUSR2')
          serverCpuStart = cpuMs(pid)
          benchCpuStart = process.cpuUsage()
          othersStart = otherProcessesCpu(pid)
          eluStart = performance.eventLoopUtilization()
          loopDelay.enable()
        }
        inFlight++
        maxInFlight = Math.max(maxInFlight, inFlight)
        const sentAt = monotonicUs()
        if (seq >= WARMUP_EVENTS) {
          scheduleLagUs[seq - WARMUP_EVENTS] = sentAt - (publishStartUs + seq * usPerEvent)
        }
        publish(`restaurant.bench-${seq % CHANNELS}`, `${seq}|${sentAt.toFixed(1)}`)
          .catch((/** @type {unknown} */ error) => {
            failedPublishes++
            firstPublishError ??= error instanceof Error ? error.message : String(error)
          })
          .finally(() => inFlight--)
      }
      if (sent >= TOTAL_EVENTS || now() > publishDeadline) {
        clearInterval(tick)
        resolve(undefined)
      }
    }, 1)
    const sampler = setInterval(() => {
      if (measureStart > 0) rssSamples.push(rssMb(pid))
      if (sent >= TOTAL_EVENTS || now() > publishDeadline) clearInterval(sampler)
    }, RSS_SAMPLE_EVERY_MS)
  })
  const published = Math.max(0, sent - WARMUP_EVENTS)
  const expected = published * SUBSCRIBERS_PER_CHANNEL
  const publisherElu = performance.eventLoopUtilization(eluStart).utilization
  const publishMs = now() - measureStart
  const serverCpu = (cpuMs(pid) - serverCpuStart) / publishMs
  const benchUsage = process.cpuUsage(benchCpuStart)
  const benchCpu = (benchUsage.user + benchUsage.system) / 1000 / publishMs
  const othersCpu = cpuSpent(othersStart, otherProcessesCpu(pid)) / publishMs
  loopDelay.disable()
  rssSamples.push(rssMb(pid))

  // Drain: wait for answers to the last publishes and for the last deliveries, within bounds.
  const drainDeadline = now() + DRAIN_TIMEOUT_MS
  while (inFlight > 0 && now() < drainDeadline) await sleep(20)
  await sleep(200)
  let report = await clients.finishRun()
  while (report.received < expected && now() < drainDeadline) {
    await sleep(100)
    report = await clients.finishRun()
  }
  // The server's CPU from the first measured event to the last delivery in: the publish path,
  // the fan-out and the writes of every delivery counted (issue 31 compares it with the bare ws).
  const serverCpuMs = cpuMs(pid) - serverCpuStart
  if (profiled) process.kill(pid, 'SIGUSR2')
  await clients.closeAll()

  let eventsShort = 0
  let eventsOver = 0
  for (let seq = WARMUP_EVENTS; seq < WARMUP_EVENTS + published; seq++) {
    const count = report.deliveries[seq] ?? 0
    if (count < SUBSCRIBERS_PER_CHANNEL) eventsShort++
    if (count > SUBSCRIBERS_PER_CHANNEL) eventsOver++
  }
  const latency = percentiles(report.latenciesUs.sort(), 1e-3)
  const lag = percentiles(scheduleLagUs.subarray(0, published).sort(), 1e-3)
  return {
    sockets,
    connectMs,
    publishMs,
    published,
    failedPublishes,
    firstPublishError,
    expected,
    received: report.received,
    eventsShort,
    eventsOver,
    p50: latency(0.5),
    p99: latency(0.99),
    max: latency(1),
    rssBefore,
    rssConnected,
    rssPeak: Math.max(...rssSamples),
    rssMean: rssSamples.reduce((sum, value) => sum + value, 0) / rssSamples.length,
    serverCpu,
    cpuPerThousandMs: report.received > 0 ? serverCpuMs / (report.received / 1000) : NaN,
    benchCpu,
    publisherElu,
    clientsElu: report.elu,
    othersCpu,
    // The histogram records the sampling interval plus the lag; keep only the lag.
    loopDelayP99: Math.max(0, loopDelay.percentile(99) / 1e6 - LOOP_DELAY_RESOLUTION_MS),
    scheduleLagP99: lag(0.99),
    scheduleLagMax: lag(1),
    maxInFlight,
    unexpectedCloses: report.unexpectedCloses,
    closeCodes: report.closeCodes,
  }
}

/**
 * @param {Float64Array} sorted @param {number} scale
 * @returns {(p: number) => number} the p-quantile (nearest rank) times `scale`
 */
function percentiles(sorted, scale) {
  return (p) =>
    sorted.length === 0
      ? NaN
      : (sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ??
          NaN) * scale
}

/**
 * @param {LoadResult[]} runs
 * @returns {LoadResult | undefined} the run with the median p99 (the lower middle of an even count)
 */
function medianRun(runs) {
  const sorted = [...runs].sort((a, b) => a.p99 - b.p99)
  return sorted[Math.floor((sorted.length - 1) / 2)]
}

/** @param {string} label @param {LoadResult} r */
function printLoad(label, r) {
  const seconds = MEASURE_MS / 1000
  say(`${label}:`)
  say(`  ${r.sockets} sockets connected and subscribed in ${(r.connectMs / 1000).toFixed(1)} s`)
  say(
    `  published ${r.published} events in the ${seconds} s window (${(r.published / seconds).toFixed(0)}/s), ` +
      `${r.failedPublishes} failed${r.firstPublishError ? ` (first: ${r.firstPublishError})` : ''}, ` +
      `at most ${r.maxInFlight} in flight`,
  )
  say(
    `  deliveries: expected ${r.expected}, received ${r.received} ` +
      `(${r.expected > 0 ? ((100 * r.received) / r.expected).toFixed(3) : '0'} %); ` +
      `events short of ${SUBSCRIBERS_PER_CHANNEL} deliveries: ${r.eventsShort}, over: ${r.eventsOver}`,
  )
  say(
    `  latency publish call → receipt: p50 ${fmtMs(r.p50)}, p99 ${fmtMs(r.p99)}, max ${fmtMs(r.max)}`,
  )
  say(
    `  server RSS: ${fmtMb(r.rssBefore)} before clients, ${fmtMb(r.rssConnected)} with them, ` +
      `${fmtMb(r.rssMean)} mean and ${fmtMb(r.rssPeak)} peak while publishing`,
  )
  say(
    `  CPU while publishing: server ${(100 * r.serverCpu).toFixed(0)} % of a core, ` +
      `this process (clients + publisher) ${(100 * r.benchCpu).toFixed(0)} % ` +
      `(event loop busy: publisher ${(100 * r.publisherElu).toFixed(0)} %, lag p99 ` +
      `${fmtMs(r.loopDelayP99)}; ${CLIENT_THREADS > 0 ? 'busiest client thread' : 'same loop'} ` +
      `${(100 * r.clientsElu).toFixed(0)} %), all other processes ${(100 * r.othersCpu).toFixed(0)} %`,
  )
  say(
    `  server CPU a thousand deliveries: ${fmtMs(r.cpuPerThousandMs)} ` +
      '(from the first measured event to the last delivery in)' +
      (r.received < r.expected
        ? '; not every delivery was made, so this counts CPU spent on some that never arrived'
        : ''),
  )
  say(
    `  publish calls behind their schedule: p99 ${fmtMs(r.scheduleLagP99)}, ` +
      `max ${fmtMs(r.scheduleLagMax)}`,
  )
  if (r.unexpectedCloses > 0) {
    say(
      `  sockets closed by the server mid-run: ${r.unexpectedCloses} ` +
        `(codes: ${r.closeCodes.map(([code, n]) => `${code}×${n}`).join(', ')})`,
    )
  }
  const clientsBusy = Math.max(r.clientsElu, r.publisherElu)
  if (clientsBusy >= SATURATED_LOOP || r.maxInFlight > EVENTS_PER_SECOND / 10) {
    say(
      `  note: the clients and publisher here could not keep up (event loop busy ` +
        `${(100 * clientsBusy).toFixed(0)} %, ${r.maxInFlight} publishes awaiting an answer at ` +
        `once), so these latencies include queueing on the client side, not only the server's`,
    )
  }
  if (r.othersCpu >= BUSY_OTHERS) {
    say(
      `  note: other processes used ${(100 * r.othersCpu).toFixed(0)} % of a core meanwhile; ` +
        `these figures are disturbed`,
    )
  }
}

// ---------------------------------------------------------------------------------------------
// The baseline: a bare `ws` server that fans each POSTed event out to the channel's sockets

const BASELINE_SOURCE = `
import { createServer } from 'node:http'
import { WebSocketServer } from 'ws'
const channels = new Map()
const server = createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/publish') return void res.writeHead(404).end()
  const chunks = []
  req.on('data', (chunk) => chunks.push(chunk))
  req.on('end', () => {
    let body
    try { body = JSON.parse(Buffer.concat(chunks).toString()) } catch { return void res.writeHead(400).end() }
    const subscribers = channels.get(body.channel)
    if (subscribers) {
      const frame = JSON.stringify({ event: body.name, channel: body.channel, data: body.data })
      for (const ws of subscribers) ws.send(frame)
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
  })
})
const wss = new WebSocketServer({ server, perMessageDeflate: false, clientTracking: false })
wss.on('connection', (ws) => {
  const mine = new Set()
  ws.on('message', (raw) => {
    let frame
    try { frame = JSON.parse(raw.toString()) } catch { return }
    if (frame.event !== 'pusher:subscribe' || typeof frame.data?.channel !== 'string') return
    const channel = frame.data.channel
    mine.add(channel)
    let subscribers = channels.get(channel)
    if (!subscribers) channels.set(channel, (subscribers = new Set()))
    subscribers.add(ws)
    ws.send(JSON.stringify({ event: 'pusher_internal:subscription_succeeded', channel, data: '{}' }))
  })
  ws.on('close', () => { for (const channel of mine) channels.get(channel)?.delete(ws) })
  ws.on('error', () => ws.terminate())
  ws.send(JSON.stringify({ event: 'pusher:connection_established', data: JSON.stringify({ socket_id: '1.1', activity_timeout: 120 }) }))
})
server.listen(0, '127.0.0.1', () => process.stdout.write('listening ' + server.address().port + '\\n'))
process.on('SIGTERM', () => process.exit(0))
`

/** @returns {Promise<{ child: import('node:child_process').ChildProcess, port: number }>} */
function startBaseline() {
  const child = spawn(process.execPath, ['--input-type=module', '-e', BASELINE_SOURCE], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.add(child)
  return new Promise((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => {
      reject(new Error(`The baseline server did not start within 10 s:\n${output}`))
    }, 10_000)
    child.stderr.on('data', (chunk) => (output += String(chunk)))
    child.stdout.on('data', (chunk) => {
      output += String(chunk)
      const match = /listening (\d+)/.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve({ child, port: Number(match[1]) })
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`The baseline server exited with ${code}:\n${output}`))
    })
  })
}

/** @param {import('node:child_process').ChildProcess} child @param {number} [graceMs] */
async function stopChild(child, graceMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)))
  child.kill('SIGTERM')
  const code = await Promise.race([exited, sleep(graceMs).then(() => 'timeout')])
  if (code === 'timeout') {
    child.kill('SIGKILL')
    await exited
    throw new Error(`A child process ignored SIGTERM for ${graceMs} ms and was killed`)
  }
  return /** @type {number | null} */ (code)
}

// ---------------------------------------------------------------------------------------------

function cleanupNow() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true })
}
process.once('exit', cleanupNow)
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(signal, () => {
    process.stderr.write(`\n${signal}: stopping\n`)
    process.exit(130)
  })
}
setTimeout(() => {
  process.stderr.write(`The benchmark did not finish within ${RUN_DEADLINE_MS / 1000} s\n`)
  process.exit(1)
}, RUN_DEADLINE_MS).unref()

const httpAgent = () => new Agent({ keepAlive: true, maxSockets: HTTP_SOCKETS, noDelay: true })
// With a PostgreSQL server (BENCH_DATABASE_URL, else TEST_DATABASE_URL) the server runs as it
// does in production, and its memory is the hub's; embedded PGlite alone holds ~300 MB.
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
const benchDatabase = postgresUrl ? await createBenchDatabase(postgresUrl) : undefined
/** @type {Record<string, string>} */
const serverEnv = {
  REALTIME_APP_ID: APP.id,
  REALTIME_APP_KEY: APP.key,
  REALTIME_APP_SECRET: APP.secret,
  // Every bench socket comes from 127.0.0.1: one address, far over the per-address cap.
  REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '100000',
  LOG_LEVEL: 'warn',
  ...(benchDatabase ? { DATABASE_URL: benchDatabase.url } : {}),
}
say(
  benchDatabase
    ? `Database: a PostgreSQL server (a database of this run's own, dropped afterwards)`
    : 'Database: embedded PGlite (set BENCH_DATABASE_URL or TEST_DATABASE_URL for a PostgreSQL server)',
)

/**
 * A database of the run's own on the server, so the benchmark never touches other data.
 * @param {string} url
 */
async function createBenchDatabase(url) {
  const { default: pg } = await import('pg')
  const name = `tableside_bench_${process.pid}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const target = new URL(url)
  target.pathname = `/${name}`
  return {
    url: target.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      await client.query(`drop database if exists ${name} with (force)`)
      await client.end()
    },
  }
}

/** @param {Awaited<ReturnType<typeof startServer>>} server */
async function stopServer(server) {
  const code = await stopChild(server.child)
  children.delete(server.child)
  if (code !== 0) throw new Error(`The server exited with ${code} on SIGTERM:\n${server.output()}`)
}

buildIfStale({ only: ['server'] })
const clients = CLIENT_THREADS > 0 ? startSubscriberWorkers(CLIENT_THREADS) : createSubscriberPool()
if (!existsSync('/proc/self/status')) throw new Error('This benchmark reads /proc: run it on Linux')

const fileLimit = openFileLimit()
say(
  `Realtime benchmark: ${availableParallelism()} CPUs, open-file limit ${fileLimit}, ` +
    `Node ${process.version}`,
)
if (fileLimit < IDLE_CONNECTIONS + 500) {
  say(
    `  warning: ${IDLE_CONNECTIONS} idle connections need about ${IDLE_CONNECTIONS + 500} open ` +
      `files here and in the server; expect EMFILE (raise it with \`ulimit -n 20000\`)`,
  )
}
say(
  `Load: ${LOAD_CONNECTIONS} connections on ${CHANNELS} channels × ${SUBSCRIBERS_PER_CHANNEL}, ` +
    `${EVENTS_PER_SECOND} events/s round-robin over the channels, ${WARMUP_MS / 1000} s warm-up ` +
    `then ${MEASURE_MS / 1000} s measured; every delivery counts`,
)

const dataDir = mkdtempSync(join(tmpdir(), 'tableside-bench-realtime-'))
tempDirs.push(dataDir)

// A first start creates, migrates and seeds the database and leaves the process far larger
// than a normal start does; do it once up front so the servers measured below start normally.
const firstStart = await startServer({ env: serverEnv, dataDir })
children.add(firstStart.child)
await stopServer(firstStart)

/** @returns {Promise<LoadResult>} the built-in hub, published to with the official SDK */
async function runHub() {
  const profileDir = PROFILE_DIR ? mkdtempSync(join(PROFILE_DIR, 'hub-')) : undefined
  const server = await startServer({ env: { ...serverEnv, ...profilingEnv(profileDir) }, dataDir })
  children.add(server.child)
  const agent = httpAgent()
  const pusher = new Pusher({
    appId: APP.id,
    key: APP.key,
    secret: APP.secret,
    host: '127.0.0.1',
    port: String(server.port),
    useTLS: false,
    agent,
  })
  const result = await loadRun({
    endpoint: endpointOf({ port: server.port, path: `/app/${APP.key}?protocol=7` }),
    pid: /** @type {number} */ (server.child.pid),
    async publish(channel, data) {
      const response = await pusher.trigger(channel, EVENT_NAME, data)
      await response.text()
    },
    profiled: profileDir !== undefined,
  })
  agent.destroy()
  printLoad('Built-in hub (Pusher HTTP API via the `pusher` SDK, one trigger per event)', result)
  await stopServer(server)
  if (profileDir) {
    const work = { count: result.received, per: 1000, what: 'a thousand deliveries' }
    for (const line of profileReport(profileDir, work)) say(`  ${line}`)
  }
  return result
}

/** @returns {Promise<LoadResult>} the baseline: same clients and rate, one plain POST per event */
async function runBaseline() {
  const baseline = await startBaseline()
  const agent = httpAgent()
  const result = await loadRun({
    endpoint: endpointOf({ port: baseline.port, path: '/' }),
    pid: /** @type {number} */ (baseline.child.pid),
    publish(channel, data) {
      const body = JSON.stringify({ name: EVENT_NAME, channel, data })
      return new Promise((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: baseline.port,
            path: '/publish',
            method: 'POST',
            agent,
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
            },
          },
          (res) => {
            res.resume()
            res.on('end', () => {
              if (res.statusCode === 200) resolve()
              else reject(new Error(`status ${res.statusCode}`))
            })
          },
        )
        req.on('error', reject)
        req.end(body)
      })
    },
  })
  agent.destroy()
  printLoad('Baseline (bare `ws` WebSocketServer, one plain HTTP POST per event)', result)
  await stopChild(baseline.child)
  children.delete(baseline.child)
  return result
}

/** @returns {Promise<number>} server RSS in MB with IDLE_CONNECTIONS idle subscribers */
async function runIdle() {
  // A freshly started server (same data directory).
  const server = await startServer({ env: serverEnv, dataDir })
  children.add(server.child)
  const pid = /** @type {number} */ (server.child.pid)
  await sleep(1_000)
  const before = rssMb(pid)
  await clients.startRun({ eventName: '', totalEvents: 0, warmupEvents: 0, latencyCapacity: 0 })
  const start = now()
  const connected = await connectMany(
    endpointOf({ port: server.port, path: `/app/${APP.key}?protocol=7` }),
    Array.from({ length: IDLE_CONNECTIONS }, (_, i) => `restaurant.idle-${i % IDLE_CHANNELS}`),
  )
  const connectMs = now() - start
  /** @type {number[]} */
  const samples = []
  for (let i = 0; i < 8; i++) {
    await sleep(RSS_SAMPLE_EVERY_MS)
    samples.push(rssMb(pid))
  }
  const rss = Math.max(...samples)
  const report = await clients.finishRun()
  await clients.closeAll()
  await stopServer(server)
  say(
    `Idle: ${connected} connections on a fresh server, one subscription each ` +
      `(${IDLE_CHANNELS} channels), connected in ${(connectMs / 1000).toFixed(1)} s:`,
  )
  say(
    `  server RSS ${fmtMb(before)} before, ${fmtMb(rss)} with them (peak of ` +
      `${samples.length} samples over 2 s): +${fmtMb(rss - before)}, ` +
      `${(((rss - before) * 1024) / IDLE_CONNECTIONS).toFixed(1)} KB per connection`,
  )
  if (report.unexpectedCloses > 0) {
    say(`  sockets closed by the server meanwhile: ${report.unexpectedCloses}`)
  }
  return rss
}

/** @type {LoadResult[]} */
const hubRuns = []
/** @type {LoadResult[]} */
const bareRuns = []
for (let run = 1; run <= LOAD_RUNS; run++) {
  if (LOAD_RUNS > 1) say(`Run ${run} of ${LOAD_RUNS}`)
  if (parts.has('hub')) hubRuns.push(await runHub())
  if (parts.has('baseline')) bareRuns.push(await runBaseline())
}
const hub = medianRun(hubRuns)
const bare = medianRun(bareRuns)
if (LOAD_RUNS > 1) {
  for (const [label, runs] of /** @type {const} */ ([
    ['built-in hub', hubRuns],
    ['baseline', bareRuns],
  ])) {
    if (runs.length > 0) {
      say(`p99 per run, ${label}: ${runs.map((r) => fmtMs(r.p99)).join(', ')}`)
      say(
        `server CPU a thousand deliveries per run, ${label}: ` +
          runs.map((r) => fmtMs(r.cpuPerThousandMs)).join(', '),
      )
    }
  }
}
/** @param {LoadResult[]} runs */
const medianCpu = (runs) => {
  const sorted = runs.map((r) => r.cpuPerThousandMs).sort((a, b) => a - b)
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN
}
if (hub && bare) {
  say(`Hub p99 / baseline p99 (median runs): ${(hub.p99 / bare.p99).toFixed(2)}×`)
  say(
    `Hub / baseline server CPU a thousand deliveries (medians): ${fmtMs(medianCpu(hubRuns))} / ` +
      `${fmtMs(medianCpu(bareRuns))} = ${(medianCpu(hubRuns) / medianCpu(bareRuns)).toFixed(2)}×`,
  )
}
const idleRss = parts.has('idle') ? await runIdle() : undefined
await clients.stop()

say('Goals:')
if (hub) {
  say(
    `  delivery latency p99 ≤ ${P99_GOAL_MS} ms${LOAD_RUNS > 1 ? ` (median of ${LOAD_RUNS} runs)` : ''}: ${fmtMs(hub.p99)} ` +
      `${hub.p99 <= P99_GOAL_MS ? 'PASS' : 'OVER'}${bare ? ` (baseline ${fmtMs(bare.p99)})` : ''}`,
  )
}
if (idleRss !== undefined) {
  say(
    `  server RSS with ${IDLE_CONNECTIONS} connections ≤ ${IDLE_RSS_GOAL_MB} MB: ${fmtMb(idleRss)} ` +
      `${idleRss <= IDLE_RSS_GOAL_MB ? 'PASS' : 'OVER'}`,
  )
}
await benchDatabase?.drop()
