// `npm run bench:api`: the menu endpoint under HTTP load with wrk (installed with apt when
// missing and running as root; autocannon otherwise), against the real
// server process, as a browser asks for it (Accept-Encoding: br, gzip):
//  1. GET /api/v1/restaurants/demo/menu                      → 200, brotli body
//  2. GET /bench-menu.json: the very bytes of case 1 as a static file with precompressed
//     .br/.gz siblings, served by the same server (@fastify/static) from a snapshot of the
//     built web app: the baseline
//  3. GET the menu with If-None-Match: its ETag              → 304, no body
// Each case: 50 connections for 10 s after a warm-up. Goals for the menu (case 1) on this
// 2-core machine: ≥ 15,000 req/s and p99 ≤ 10 ms; exits 1 when over a goal or when any
// response is not the expected one.
// The load generator shares the 2 cores with the server: autocannon (JavaScript) needs about
// a core for ~10,000 responses of 11 KB a second and starves the server, wrk (C) about a
// third of that, so wrk measures the server rather than the client.
// Env: BENCH_DURATION_S (10), BENCH_WARMUP_S (3), BENCH_CONNECTIONS (50), BENCH_API_PATH,
// BENCH_CLIENT (wrk | autocannon).
import { spawnSync } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import { buildIfStale, root } from './lib/build.mjs'
import { clockTicks, machineBusyMs, processCpuMs } from './lib/cpu.mjs'
import { startServer } from './lib/server-process.mjs'

const MENU_PATH = process.env.BENCH_API_PATH ?? '/api/v1/restaurants/demo/menu'
const STATIC_NAME = 'bench-menu.json'
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10)
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 3)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const ACCEPT_ENCODING = 'br, gzip'
const GOAL_RPS = 15_000
const GOAL_P99_MS = 10
/** CPU of other processes (in cores) beyond which a case counts as disturbed. */
const BUSY_OTHERS = 0.2

/** @param {string} line */
const say = (line) => process.stdout.write(`${line}\n`)
/** @param {number} ms */
const fmtMs = (ms) => `${ms.toFixed(2)} ms`
/** @param {number} n */
const fmtInt = (n) => Math.round(n).toLocaleString('en-US')
/** @param {number} bytes */
const fmtKb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`

/**
 * One request with the body as it came over the wire (never decompressed).
 * @param {string} url @param {Record<string, string>} headers
 * @returns {Promise<{ status: number, headers: import('node:http').IncomingHttpHeaders, body: Buffer }>}
 */
function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      /** @type {Buffer[]} */
      const chunks = []
      response.on('data', (chunk) => chunks.push(chunk))
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      )
      response.on('error', reject)
    })
      .on('error', reject)
      .end()
  })
}

/** @returns {boolean} whether wrk can be used, installing it with apt when we are root */
function ensureWrk() {
  const has = () => spawnSync('wrk', ['--version'], { encoding: 'utf8' }).error === undefined
  if (has()) return true
  if (process.getuid?.() !== 0) return false
  spawnSync('apt-get', ['install', '-y', 'wrk'], { stdio: 'ignore' })
  return has()
}

/** wrk's "2.30ms", "1.20s", "850.00us" in milliseconds. @param {string} text */
function wrkMs(text) {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim())
  if (!match) return Number.NaN
  const value = Number(match[1])
  const unit = match[2]
  return unit === 'us'
    ? value / 1000
    : unit === 's'
      ? value * 1000
      : unit === 'm'
        ? value * 60_000
        : value
}

/**
 * One wrk run; its CPU is read from the shell that waited for it (cutime + cstime).
 * @param {{ url: string, headers: Record<string, string>, seconds: number, status: number,
 *   server: import('./lib/server-process.mjs').ServerProcess }} run
 */
function loadWithWrk({ url, headers, seconds, status, server }) {
  const serverPid = server.child.pid ?? 0
  const logBefore = server.output().length
  const serverCpuBefore = processCpuMs(serverPid)
  const machineBefore = machineBusyMs()
  const started = performance.now()
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`])
  const args = ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', ...headerArgs, url]
  const run = spawnSync('sh', ['-c', 'wrk "$@" && cat /proc/$$/stat', 'sh', ...args], {
    encoding: 'utf8',
  })
  if (run.status !== 0) throw new Error(`wrk failed: ${run.stderr || run.stdout}`)
  const wallMs = performance.now() - started
  const out = run.stdout
  const statLine = out.trim().split('\n').at(-1) ?? ''
  const fields = statLine.slice(statLine.lastIndexOf(')') + 2).split(' ')
  const clientMs = ((Number(fields[13]) + Number(fields[14])) * 1000) / clockTicks
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0)
  const rejected = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0)
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    out,
  )
  const errors = socketErrors ? socketErrors.slice(1, 4).reduce((sum, n) => sum + Number(n), 0) : 0
  const timeouts = Number(socketErrors?.[4] ?? 0)
  const p99 = wrkMs(/ 99%\s+(\S+)/.exec(out)?.[1] ?? '')
  const clientCpu = clientMs / wallMs
  const serverCpu = (processCpuMs(serverPid) - serverCpuBefore) / wallMs
  const machineCpu = (machineBusyMs() - machineBefore) / wallMs
  /** @type {Record<number, number>} */
  const statuses = { [status]: requests - rejected }
  if (rejected > 0) statuses[0] = rejected
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
    p50: wrkMs(/ 50%\s+(\S+)/.exec(out)?.[1] ?? ''),
    p99,
    autocannonP99: p99,
    // wrk counts 2xx and 3xx alike; what each case answers is checked once before the load.
    statuses,
    errors,
    timeouts,
    clientCpu,
    serverCpu,
    othersCpu: Math.max(0, machineCpu - clientCpu - serverCpu),
    serverLog: server.output().slice(logBefore).split('\n').filter(Boolean),
  }
}

/** @param {Float64Array} sorted @param {number} p */
const percentile = (sorted, p) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN)

/**
 * @param {{ url: string, headers: Record<string, string>, seconds: number,
 *   server: import('./lib/server-process.mjs').ServerProcess }} run
 */
async function load({ url, headers, seconds, server }) {
  const serverPid = server.child.pid ?? 0
  /** @type {number[]} */
  const latencies = []
  /** @type {Record<number, number>} */
  const statuses = {}
  const logBefore = server.output().length
  const serverCpuBefore = processCpuMs(serverPid)
  const machineBefore = machineBusyMs()
  const ownCpuBefore = process.cpuUsage()
  const started = performance.now()
  /** @type {import('autocannon').Result} */
  const result = await new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: CONNECTIONS, duration: seconds }, (error, result) =>
      error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(result),
    ).on('response', (_client, status, _bytes, ms) => {
      latencies.push(ms)
      statuses[status] = (statuses[status] ?? 0) + 1
    })
  })
  if (server.child.exitCode !== null || server.child.signalCode !== null) {
    throw new Error(
      `the server exited during the run (${server.child.exitCode ?? server.child.signalCode}):\n` +
        server.output().slice(-4000),
    )
  }
  const wallMs = performance.now() - started
  const ownCpu = process.cpuUsage(ownCpuBefore)
  const clientCpu = (ownCpu.user + ownCpu.system) / 1000 / wallMs
  const serverCpu = (processCpuMs(serverPid) - serverCpuBefore) / wallMs
  const machineCpu = (machineBusyMs() - machineBefore) / wallMs
  const sorted = Float64Array.from(latencies).sort()
  return {
    rps: result.requests.average,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    autocannonP99: result.latency.p99,
    statuses,
    errors: result.errors,
    timeouts: result.timeouts,
    clientCpu,
    serverCpu,
    othersCpu: Math.max(0, machineCpu - clientCpu - serverCpu),
    serverLog: server.output().slice(logBefore).split('\n').filter(Boolean),
  }
}

const useWrk = process.env.BENCH_CLIENT !== 'autocannon' && ensureWrk()
const client = useWrk ? 'wrk (one thread)' : 'autocannon (this process, one thread)'
/** @param {Parameters<typeof loadWithWrk>[0]} run */
const measure = (run) => (useWrk ? Promise.resolve(loadWithWrk(run)) : load(run))

buildIfStale()
// A snapshot of the built web app, so the static copy of the menu never lands in the shared
// apps/web/dist, and a rebuild there during the run changes nothing here.
const webDist = mkdtempSync(join(tmpdir(), 'tableside-bench-api-'))
cpSync(join(root, 'apps/web/dist'), webDist, { recursive: true })
const server = await startServer({ env: { WEB_DIST: webDist } })
const cleanUp = async () => {
  await server.stop()
  rmSync(server.dataDir, { recursive: true, force: true })
  rmSync(webDist, { recursive: true, force: true })
}
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(signal, () => {
    void cleanUp().finally(() => process.exit(130))
  })
}

let failed = false
try {
  const menuUrl = `${server.url}${MENU_PATH}`
  const staticUrl = `${server.url}/${STATIC_NAME}`

  // The menu as it goes over the wire in each encoding, written beside the web app's files:
  // @fastify/static (wildcard) looks files up per request, so no restart is needed.
  const identity = await rawGet(menuUrl, { 'accept-encoding': 'identity' })
  if (identity.status !== 200)
    throw new Error(`GET ${MENU_PATH} answered ${identity.status}: ${identity.body.toString()}`)
  /** @param {'br' | 'gzip'} encoding */
  const encoded = async (encoding) => {
    const response = await rawGet(menuUrl, { 'accept-encoding': encoding })
    if (response.headers['content-encoding'] === encoding) return response.body
    return encoding === 'br'
      ? brotliCompressSync(identity.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
      : gzipSync(identity.body, { level: 9 })
  }
  const br = await encoded('br')
  const gz = await encoded('gzip')
  writeFileSync(join(webDist, STATIC_NAME), identity.body)
  writeFileSync(join(webDist, `${STATIC_NAME}.br`), br)
  writeFileSync(join(webDist, `${STATIC_NAME}.gz`), gz)
  const etag = identity.headers.etag

  const browserHeaders = { 'accept-encoding': ACCEPT_ENCODING }
  /** @type {Array<{ name: string, url: string, headers: Record<string, string>, status: number }>} */
  const cases = [
    { name: 'menu', url: menuUrl, headers: browserHeaders, status: 200 },
    { name: 'static copy', url: staticUrl, headers: browserHeaders, status: 200 },
  ]
  if (etag) {
    cases.push({
      name: 'menu, If-None-Match',
      url: menuUrl,
      headers: { ...browserHeaders, 'if-none-match': etag },
      status: 304,
    })
  }

  // Every case answers as expected, with the same bytes for menu and static copy.
  for (const c of cases) {
    const response = await rawGet(c.url, c.headers)
    const sameBytes = c.status === 304 || response.body.equals(br)
    if (response.status !== c.status || !sameBytes) {
      throw new Error(
        `${c.name}: expected ${c.status} with the menu's br bytes, got ${response.status} ` +
          `(${response.headers['content-encoding'] ?? 'no encoding'}, ${response.body.length} bytes)`,
      )
    }
  }

  say(
    `bench:api: ${MENU_PATH} and a static copy of the same bytes, ${client} with ` +
      `${CONNECTIONS} connections, ${DURATION_S} s per case after ${WARMUP_S} s of warm-up each, ` +
      `Accept-Encoding: ${ACCEPT_ENCODING}`,
  )
  say(
    `menu body: ${fmtKb(identity.body.length)} JSON, ${fmtKb(br.length)} br, ${fmtKb(gz.length)} gzip; ` +
      `ETag ${etag ?? '(none: no 304 case)'}`,
  )
  say(
    `note: ${client} and the server share this machine's ` +
      `${availableParallelism()} cores; CPU is shown in cores (1.00 = one core busy), "others" is every other process.`,
  )

  for (const c of cases) {
    await measure({ url: c.url, headers: c.headers, seconds: WARMUP_S, status: c.status, server })
  }
  /** @type {Map<string, Awaited<ReturnType<typeof load>>>} */
  const results = new Map()
  for (const c of cases) {
    results.set(
      c.name,
      await measure({
        url: c.url,
        headers: c.headers,
        seconds: DURATION_S,
        status: c.status,
        server,
      }),
    )
  }

  say('')
  say(
    `${'case'.padEnd(27)}${'req/s'.padStart(9)}${'p50'.padStart(10)}${'p99'.padStart(10)}` +
      `${'unexpected'.padStart(12)}${'errors'.padStart(8)}${'client CPU'.padStart(12)}${'server CPU'.padStart(12)}` +
      `${'others'.padStart(8)}`,
  )
  for (const c of cases) {
    const r = results.get(c.name)
    if (!r) continue
    const total = Object.values(r.statuses).reduce((sum, n) => sum + n, 0)
    const unexpected = total - (r.statuses[c.status] ?? 0)
    if (unexpected > 0 || r.errors > 0) failed = true
    say(
      `${`${c.name} (${c.status})`.padEnd(27)}${fmtInt(r.rps).padStart(9)}${fmtMs(r.p50).padStart(10)}` +
        `${fmtMs(r.p99).padStart(10)}${String(unexpected).padStart(12)}${String(r.errors).padStart(8)}` +
        `${r.clientCpu.toFixed(2).padStart(12)}${r.serverCpu.toFixed(2).padStart(12)}` +
        `${r.othersCpu.toFixed(2).padStart(8)}`,
    )
    if (r.othersCpu >= BUSY_OTHERS) {
      say(`  disturbed: other processes used ${r.othersCpu.toFixed(2)} cores meanwhile`)
    }
    if (unexpected > 0) say(`  status codes: ${JSON.stringify(r.statuses)}`)
    if (r.serverLog.length > 0) {
      say(
        `  the server logged ${r.serverLog.length} lines, first: ${r.serverLog[0]?.slice(0, 300)}`,
      )
    }
  }
  say(
    useWrk
      ? '(p50/p99 from wrk --latency)'
      : '(p50/p99 from every response; autocannon’s own latency.p99 is whole milliseconds)',
  )

  const menu = results.get('menu')
  const copy = results.get('static copy')
  if (!menu || !copy) throw new Error('a case did not run')
  say('')
  say(
    `menu / static copy: req/s ${(menu.rps / copy.rps).toFixed(2)}×, ` +
      `p99 ${(menu.p99 / copy.p99).toFixed(2)}×` +
      (useWrk ? '' : ` (autocannon p99 ${menu.autocannonP99} ms / ${copy.autocannonP99} ms)`),
  )
  const rpsOk = menu.rps >= GOAL_RPS
  const p99Ok = menu.p99 <= GOAL_P99_MS
  say(
    `goal: menu ≥ ${fmtInt(GOAL_RPS)} req/s: ${fmtInt(menu.rps)} req/s  ${rpsOk ? 'PASS' : 'OVER'}`,
  )
  say(`goal: menu p99 ≤ ${GOAL_P99_MS} ms: ${fmtMs(menu.p99)}  ${p99Ok ? 'PASS' : 'OVER'}`)
  if (failed) say('FAILED: some responses were not the expected status, or connections failed')
  process.exitCode = rpsOk && p99Ok && !failed ? 0 : 1
} finally {
  await cleanUp()
}
