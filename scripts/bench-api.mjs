// `npm run bench:api`: the menu endpoint under HTTP load with wrk (installed with apt when
// missing and running as root; autocannon otherwise), against the real server process, as a
// browser asks for it (Accept-Encoding: br, gzip), beside servers of the very same bytes:
//  1. GET /api/v1/restaurants/demo/menu                      → 200, brotli body
//  2. the same with If-None-Match: its ETag                   → 304, no body
//  3. nginx serving the menu's bytes as a file with precompressed .br/.gz siblings
//     (brotli_static, gzip_static) and the same headers, one worker (scripts/lib/nginx.mjs;
//     installed with apt when missing and running as root): the baseline
//  4. a bare node:http server answering the same bytes and headers (scripts/lib/bytes-server.mjs):
//     what any Node server costs at the least
// Without Debian's brotli_static module nginx can serve only the gzip file: then every case asks
// for gzip alone, so that all compare the same bytes.
// The cases take turns, BENCH_ROUNDS times, so that a machine shared with other work disturbs
// them alike; each round's menu / nginx ratio is printed, and their median is held to the goal
// of issue 31: the menu at ≥ 0.7× nginx's requests a second, p99 ≤ 5 ms (decision 0146). CPU
// a request is each server's own (nginx: master and worker), a figure the machine's other work
// moves less than requests a second. Exits 1 when over a goal or when any response is not the
// expected one.
// The load generator shares the 2 cores with the server: autocannon (JavaScript) needs about
// a core for ~10,000 responses of 11 KB a second and starves the server, wrk (C) about a
// third of that, so wrk measures the server rather than the client.
// Env: BENCH_DURATION_S (5, each case each round), BENCH_WARMUP_S (2), BENCH_ROUNDS (3),
// BENCH_CONNECTIONS (50), BENCH_API_PATH, BENCH_CLIENT (wrk | autocannon). A profile of the
// server under the load: TABLESIDE_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof".
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { buildIfStale, root } from './lib/build.mjs'
import { clockTicks, machineBusyMs, processCpuMs } from './lib/cpu.mjs'
import { ensureNginx, startNginx } from './lib/nginx.mjs'
import { freePort, startServer } from './lib/server-process.mjs'

const MENU_PATH = process.env.BENCH_API_PATH ?? '/api/v1/restaurants/demo/menu'
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5)
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 2)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
/** Issue 31: the menu at 0.7× nginx serving the same bytes or better, p99 ≤ 5 ms. */
const GOAL_RATIO = 0.7
const GOAL_P99_MS = 5
/** CPU of other processes (in cores) beyond which a case counts as disturbed. */
const BUSY_OTHERS = 0.2
/** Response headers that are the connection's or the moment's, not the menu's. */
const PER_RESPONSE = new Set(['date', 'connection', 'keep-alive', 'content-length'])

/** @param {string} line */
const say = (line) => process.stdout.write(`${line}\n`)
/** @param {number} ms */
const fmtMs = (ms) => `${ms.toFixed(2)} ms`
/** @param {number} n */
const fmtInt = (n) => Math.round(n).toLocaleString('en-US')
/** @param {number} bytes */
const fmtKb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
/** @param {number[]} values */
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2
}

/**
 * A process a case loads: its CPU so far, and what it wrote.
 * @typedef {{ name: string, cpuMs: () => number, output: () => string, exited: () => boolean }} Target
 */

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
 * @typedef {{ url: string, headers: Record<string, string>, seconds: number, status: number,
 *   target: Target }} Run
 * @typedef {{ rps: number, requests: number, p50: number, p99: number, autocannonP99: number,
 *   statuses: Record<number, number>, errors: number, timeouts: number, clientCpu: number,
 *   targetCpu: number, targetCpuMs: number, othersCpu: number, targetLog: string[] }} Measured
 */

/**
 * One wrk run; its CPU is read from the shell that waited for it (cutime + cstime).
 * @param {Run} run @returns {Measured}
 */
function loadWithWrk({ url, headers, seconds, status, target }) {
  const logBefore = target.output().length
  const targetCpuBefore = target.cpuMs()
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
  const targetCpuMs = target.cpuMs() - targetCpuBefore
  const clientCpu = clientMs / wallMs
  const targetCpu = targetCpuMs / wallMs
  const machineCpu = (machineBusyMs() - machineBefore) / wallMs
  /** @type {Record<number, number>} */
  const statuses = { [status]: requests - rejected }
  if (rejected > 0) statuses[0] = rejected
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
    requests,
    p50: wrkMs(/ 50%\s+(\S+)/.exec(out)?.[1] ?? ''),
    p99,
    autocannonP99: p99,
    // wrk counts 2xx and 3xx alike; what each case answers is checked once before the load.
    statuses,
    errors,
    timeouts,
    clientCpu,
    targetCpu,
    targetCpuMs,
    othersCpu: Math.max(0, machineCpu - clientCpu - targetCpu),
    targetLog: target.output().slice(logBefore).split('\n').filter(Boolean),
  }
}

/** @param {Float64Array} sorted @param {number} p */
const percentile = (sorted, p) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN)

/** @param {Run} run @returns {Promise<Measured>} */
async function load({ url, headers, seconds, target }) {
  /** @type {number[]} */
  const latencies = []
  /** @type {Record<number, number>} */
  const statuses = {}
  const logBefore = target.output().length
  const targetCpuBefore = target.cpuMs()
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
  const wallMs = performance.now() - started
  const ownCpu = process.cpuUsage(ownCpuBefore)
  const targetCpuMs = target.cpuMs() - targetCpuBefore
  const clientCpu = (ownCpu.user + ownCpu.system) / 1000 / wallMs
  const targetCpu = targetCpuMs / wallMs
  const machineCpu = (machineBusyMs() - machineBefore) / wallMs
  const sorted = Float64Array.from(latencies).sort()
  return {
    rps: result.requests.average,
    requests: result.requests.total,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    autocannonP99: result.latency.p99,
    statuses,
    errors: result.errors,
    timeouts: result.timeouts,
    clientCpu,
    targetCpu,
    targetCpuMs,
    othersCpu: Math.max(0, machineCpu - clientCpu - targetCpu),
    targetLog: target.output().slice(logBefore).split('\n').filter(Boolean),
  }
}

/**
 * The bare node:http server of the same bytes and headers, in a process of its own.
 * @param {{ body: Buffer, headers: Record<string, string>, dir: string }} options
 */
async function startBytesServer({ body, headers, dir }) {
  const port = await freePort()
  const bodyFile = join(dir, 'body')
  writeFileSync(bodyFile, body)
  const child = spawn(
    process.execPath,
    [join(root, 'scripts/lib/bytes-server.mjs'), String(port), bodyFile, JSON.stringify(headers)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  child.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise((resolve) => child.once('exit', resolve))
  await new Promise((resolve, reject) => {
    child.stdout.on('data', resolve)
    child.once('exit', (code) => reject(new Error(`bytes-server exited with ${code}: ${output}`)))
  })
  return {
    url: `http://127.0.0.1:${port}${MENU_PATH}`,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}

const useWrk = process.env.BENCH_CLIENT !== 'autocannon' && ensureWrk()
const client = useWrk ? 'wrk (one thread)' : 'autocannon (this process, one thread)'
/** @param {Run} run */
const measure = (run) => (useWrk ? Promise.resolve(loadWithWrk(run)) : load(run))
const nginx = ensureNginx()

buildIfStale()
const scratch = mkdtempSync(join(tmpdir(), 'tableside-bench-api-'))
const server = await startServer()
/** @type {Array<{ stop: () => Promise<unknown> }>} */
const started = []
const cleanUp = async () => {
  for (const baseline of started) await baseline.stop()
  await server.stop()
  rmSync(server.dataDir, { recursive: true, force: true })
  rmSync(scratch, { recursive: true, force: true })
}
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(signal, () => {
    void cleanUp().finally(() => process.exit(130))
  })
}

let failed = false
try {
  const menuUrl = `${server.url}${MENU_PATH}`
  // The menu as it goes over the wire in each encoding, and the headers it goes with.
  const identity = await rawGet(menuUrl, { 'accept-encoding': 'identity' })
  if (identity.status !== 200)
    throw new Error(`GET ${MENU_PATH} answered ${identity.status}: ${identity.body.toString()}`)
  /** @param {'br' | 'gzip'} encoding */
  const encoded = async (encoding) => {
    const response = await rawGet(menuUrl, { 'accept-encoding': encoding })
    if (response.status !== 200 || response.headers['content-encoding'] !== encoding) {
      throw new Error(`GET ${MENU_PATH} with Accept-Encoding: ${encoding} was not ${encoding}`)
    }
    return response
  }
  const br = await encoded('br')
  const gz = await encoded('gzip')
  // Without brotli_static nginx serves gzip only: then all cases compare gzip bytes.
  const encoding = nginx && !nginx.brotli ? 'gzip' : 'br'
  const served = encoding === 'br' ? br : gz
  const acceptEncoding = encoding === 'br' ? 'br, gzip' : 'gzip'
  /** @type {Record<string, string>} */
  const menuHeaders = {}
  for (const [name, value] of Object.entries(served.headers)) {
    if (typeof value === 'string' && !PER_RESPONSE.has(name)) menuHeaders[name] = value
  }
  const etag = identity.headers.etag

  /** @param {number} pid @param {string} name @param {() => string} output @returns {Target} */
  const nodeTarget = (pid, name, output) => ({
    name,
    cpuMs: () => processCpuMs(pid),
    output,
    exited: () => Number.isNaN(processCpuMs(pid)),
  })
  const serverTarget = nodeTarget(server.child.pid ?? 0, 'the server', server.output)
  const browserHeaders = { 'accept-encoding': acceptEncoding }
  /** @type {Array<{ name: string, url: string, headers: Record<string, string>, status: number, target: Target }>} */
  const cases = [
    { name: 'menu', url: menuUrl, headers: browserHeaders, status: 200, target: serverTarget },
  ]
  if (etag) {
    cases.push({
      name: 'menu, If-None-Match',
      url: menuUrl,
      headers: { ...browserHeaders, 'if-none-match': etag },
      status: 304,
      target: serverTarget,
    })
  }
  if (nginx) {
    const baseline = await startNginx({
      nginx,
      path: MENU_PATH,
      files: { identity: identity.body, gzip: gz.body, br: br.body },
      contentType: menuHeaders['content-type'] ?? 'application/json',
      headers: menuHeaders,
    })
    started.push(baseline)
    cases.push({
      name: 'nginx, same bytes',
      url: baseline.url,
      headers: browserHeaders,
      status: 200,
      target: {
        name: 'nginx',
        cpuMs: () => baseline.pids().reduce((sum, pid) => sum + processCpuMs(pid), 0),
        output: baseline.output,
        exited: () => Number.isNaN(processCpuMs(baseline.pid)),
      },
    })
  }
  const bare = await startBytesServer({ body: served.body, headers: menuHeaders, dir: scratch })
  started.push(bare)
  cases.push({
    name: 'node:http, same bytes',
    url: bare.url,
    headers: browserHeaders,
    status: 200,
    target: nodeTarget(bare.child.pid ?? 0, 'node:http', bare.output),
  })

  // Every case answers as expected, with the menu's bytes.
  for (const c of cases) {
    const response = await rawGet(c.url, c.headers)
    const sameBytes = c.status === 304 || response.body.equals(served.body)
    if (response.status !== c.status || !sameBytes) {
      throw new Error(
        `${c.name}: expected ${c.status} with the menu's ${encoding} bytes, got ${response.status} ` +
          `(${response.headers['content-encoding'] ?? 'no encoding'}, ${response.body.length} bytes)`,
      )
    }
  }

  say(
    `bench:api: ${MENU_PATH} beside nginx and node:http serving the same bytes, ${client} with ` +
      `${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_S} s a case in turn after ` +
      `${WARMUP_S} s of warm-up each, Accept-Encoding: ${acceptEncoding}`,
  )
  say(
    `menu body: ${fmtKb(identity.body.length)} JSON, ${fmtKb(br.body.length)} br, ` +
      `${fmtKb(gz.body.length)} gzip; ETag ${etag ?? '(none: no 304 case)'}`,
  )
  if (!nginx) {
    say(
      'no nginx: install it (apt-get install nginx libnginx-mod-http-brotli-static) to measure the goal',
    )
  } else if (!nginx.brotli) {
    say('nginx without its brotli_static module: every case asks for gzip')
  }
  say(
    `note: ${client} and the servers share this machine's ` +
      `${availableParallelism()} cores; CPU is shown in cores (1.00 = one core busy), "others" is every other process.`,
  )

  for (const c of cases) {
    await measure({ ...c, seconds: WARMUP_S })
  }
  /** @type {Map<string, Measured[]>} */
  const results = new Map(cases.map((c) => [c.name, []]))
  const header =
    `${'case'.padEnd(30)}${'req/s'.padStart(9)}${'p50'.padStart(10)}${'p99'.padStart(10)}` +
    `${'CPU/req'.padStart(10)}${'unexpected'.padStart(12)}${'errors'.padStart(8)}` +
    `${'client CPU'.padStart(12)}${'server CPU'.padStart(12)}${'others'.padStart(8)}`
  for (let round = 1; round <= ROUNDS; round += 1) {
    say('')
    say(`round ${round}`)
    say(header)
    for (const c of cases) {
      const r = await measure({ ...c, seconds: DURATION_S })
      if (c.target.exited()) {
        throw new Error(
          `${c.target.name} exited during the run:\n${c.target.output().slice(-4000)}`,
        )
      }
      results.get(c.name)?.push(r)
      const total = Object.values(r.statuses).reduce((sum, n) => sum + n, 0)
      const unexpected = total - (r.statuses[c.status] ?? 0)
      if (unexpected > 0 || r.errors > 0) failed = true
      say(
        `${`${c.name} (${c.status})`.padEnd(30)}${fmtInt(r.rps).padStart(9)}${fmtMs(r.p50).padStart(10)}` +
          `${fmtMs(r.p99).padStart(10)}${`${((r.targetCpuMs * 1000) / r.requests).toFixed(1)} µs`.padStart(10)}` +
          `${String(unexpected).padStart(12)}${String(r.errors).padStart(8)}` +
          `${r.clientCpu.toFixed(2).padStart(12)}${r.targetCpu.toFixed(2).padStart(12)}` +
          `${r.othersCpu.toFixed(2).padStart(8)}`,
      )
      if (r.othersCpu >= BUSY_OTHERS) {
        say(`  disturbed: other processes used ${r.othersCpu.toFixed(2)} cores meanwhile`)
      }
      if (unexpected > 0) say(`  status codes: ${JSON.stringify(r.statuses)}`)
      if (r.targetLog.length > 0) {
        say(
          `  ${c.target.name} logged ${r.targetLog.length} lines, first: ${r.targetLog[0]?.slice(0, 300)}`,
        )
      }
    }
  }
  say(
    useWrk
      ? '(p50/p99 from wrk --latency; CPU/req: the server’s own CPU time over its requests)'
      : '(p50/p99 from every response; autocannon’s own latency.p99 is whole milliseconds)',
  )

  /** @param {string} name */
  const rounds = (name) => results.get(name) ?? []
  /** @param {Measured[]} runs */
  const cpuPerRequestUs = (runs) =>
    (runs.reduce((sum, r) => sum + r.targetCpuMs, 0) * 1000) /
    runs.reduce((sum, r) => sum + r.requests, 0)
  const menu = rounds('menu')
  say('')
  say(
    `${'median of the rounds'.padEnd(30)}${'req/s'.padStart(9)}${'p99'.padStart(10)}${'CPU/req'.padStart(10)}`,
  )
  for (const c of cases) {
    const runs = rounds(c.name)
    say(
      `${c.name.padEnd(30)}${fmtInt(median(runs.map((r) => r.rps))).padStart(9)}` +
        `${fmtMs(median(runs.map((r) => r.p99))).padStart(10)}` +
        `${`${cpuPerRequestUs(runs).toFixed(1)} µs`.padStart(10)}`,
    )
  }
  /** @param {string} name @param {string} label */
  const compare = (name, label) => {
    const other = rounds(name)
    const ratios = menu.map((r, i) => r.rps / (other[i]?.rps ?? Number.NaN))
    say(
      `menu / ${label}: req/s ${median(ratios).toFixed(2)}× (rounds: ${ratios.map((x) => x.toFixed(2)).join(', ')}), ` +
        `CPU a request ${(cpuPerRequestUs(menu) / cpuPerRequestUs(other)).toFixed(2)}×`,
    )
    return median(ratios)
  }
  say('')
  const ratio = nginx ? compare('nginx, same bytes', 'nginx') : Number.NaN
  compare('node:http, same bytes', 'node:http')
  const p99 = median(menu.map((r) => r.p99))
  const ratioOk = ratio >= GOAL_RATIO
  const p99Ok = p99 <= GOAL_P99_MS
  say(
    `goal: menu ≥ ${GOAL_RATIO}× nginx's req/s: ${nginx ? `${ratio.toFixed(2)}×` : 'not measured'}  ${ratioOk ? 'PASS' : 'OVER'}`,
  )
  say(`goal: menu p99 ≤ ${GOAL_P99_MS} ms: ${fmtMs(p99)}  ${p99Ok ? 'PASS' : 'OVER'}`)
  if (failed) say('FAILED: some responses were not the expected status, or connections failed')
  process.exitCode = ratioOk && p99Ok && !failed ? 0 : 1
} finally {
  await cleanUp()
}
