// Runs the built server as a real process on a free port, for end-to-end tests and benchmarks.
import { spawn } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { root } from './build.mjs'

/**
 * Options for the server's Node (`TABLESIDE_SERVER_NODE_ARGS`, space-separated). The story
 * projects set `--liftoff-only`: a server that lives for one story file never earns back what V8
 * spends optimising the embedded engine's WebAssembly, about a second of CPU a start (decision 0128).
 * Benches leave it unset, so they measure the server as it runs in production.
 */
function serverNodeArgs() {
  return (process.env.TABLESIDE_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)
}

/** @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

/**
 * The servers this process started and that still run. A story that times out never reaches its
 * `stop()`; when its worker exits, they go with it rather than outliving the test run (issue 25:
 * a loaded run left four servers behind, busy on the next run's cores).
 * @type {Set<import('node:child_process').ChildProcess>}
 */
const running = new Set()
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL')
})

/**
 * @typedef {{ url: string, port: number, dataDir: string, child: import('node:child_process').ChildProcess,
 *   output: () => string, startedInMs: number, stop: (signal?: NodeJS.Signals) => Promise<number | null> }} ServerProcess
 * @param {{ env?: Record<string, string>, dataDir?: string, timeoutMs?: number, publicHost?: string }} [options]
 *   `publicHost`: the host name the browser uses (mapped to 127.0.0.1 in Chromium), for
 *   PUBLIC_URL; `url` stays 127.0.0.1 for the tests' own requests.
 * @returns {Promise<ServerProcess>}
 */
export async function startServer({
  env = {},
  dataDir,
  // A first start makes its database (initdb in WebAssembly): 3.4 s on a quiet machine, 34 s
  // with CI's two workers and a third job busy on its two cores.
  timeoutMs = 90_000,
  publicHost = '127.0.0.1',
} = {}) {
  const port = await freePort()
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'tableside-data-'))
  // A new directory starts from a copy of an already created and seeded database, as a
  // server would leave it after its first start (decision 0095).
  if (dataDir === undefined && !('DATABASE_URL' in env) && !process.env.DATABASE_URL) {
    cpSync(await firstStartTemplate(env), join(dir, 'pgdata'), { recursive: true })
  }
  /** A directory made here for a server that never came up is nobody's to clean but ours. */
  const discard = () => {
    if (dataDir === undefined) rmSync(dir, { recursive: true, force: true })
  }
  const started = performance.now()
  const child = spawn(
    process.execPath,
    [...serverNodeArgs(), join(root, 'apps/server/dist/server.js')],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        // Where the acquirer sends the browser back: the address the tests and benches open.
        PUBLIC_URL: `http://${publicHost}:${port}`,
        DATA_DIR: dir,
        LOG_LEVEL: 'warn',
        // Benches send a restaurant's evening from this one address; the limits are not under test.
        RATE_LIMIT_EXEMPT: '127.0.0.1',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  running.add(child)
  child.once('exit', () => running.delete(child))
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)))
  const url = `http://127.0.0.1:${port}`

  const deadline = started + timeoutMs
  for (;;) {
    if (child.exitCode !== null) {
      discard()
      throw new Error(`The server exited with ${child.exitCode}:\n${output}`)
    }
    try {
      const response = await fetch(`${url}/api/v1/health`)
      if (response.ok) break
    } catch {
      // not listening yet
    }
    if (performance.now() > deadline) {
      child.kill('SIGKILL')
      await exited
      discard()
      throw new Error(`The server did not answer /api/v1/health within ${timeoutMs} ms:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  const startedInMs = performance.now() - started

  return {
    url,
    port,
    dataDir: dir,
    child,
    output: () => output,
    startedInMs,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal)
      return /** @type {Promise<number | null>} */ (exited)
    },
  }
}

/** Environment a server's first start writes into its database with (the demo seed). */
const SEED_SETTINGS = ['DEMO_SEED', 'DEMO_CALL_ESCALATION_SECONDS']

/** @param {string} path @param {import('node:crypto').Hash} hash */
function hashTree(path, hash) {
  for (const entry of readdirSync(path, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    const full = join(path, entry.name)
    hash.update(entry.name)
    if (entry.isDirectory()) hashTree(full, hash)
    else hash.update(readFileSync(full))
  }
}

/** @type {Map<string, Promise<string>>} */
const templates = new Map()

/**
 * The database directory (`pgdata`) a first start of this build makes with these seed
 * settings: initdb in WebAssembly, the migrations and the demo seed take 3–4 s of CPU (over
 * 30 s on a loaded machine), a copy a fraction of a second. Made once per machine by starting
 * the server itself, so it is exactly what a first start writes; kept under a name made of the
 * built server, its migrations and demo data, and the seed settings, so a change to any of them
 * makes a new one. Only the database is kept: the secrets and credentials a server writes
 * beside it are made again by each copy's first start, as on a fresh directory.
 * @param {Record<string, string>} env
 * @returns {Promise<string>}
 */
function firstStartTemplate(env) {
  const settings = Object.fromEntries(
    SEED_SETTINGS.map((name) => [name, env[name] ?? process.env[name] ?? null]),
  )
  const hash = createHash('sha256').update(JSON.stringify(settings))
  hash.update(readFileSync(join(root, 'apps/server/dist/server.js')))
  hashTree(join(root, 'apps/server/migrations'), hash)
  hashTree(join(root, 'apps/server/demo'), hash)
  const key = hash.digest('hex').slice(0, 16)
  const existing = templates.get(key)
  if (existing) return existing
  const made = (async () => {
    const path = join(tmpdir(), `tableside-first-start-${key}`)
    if (existsSync(path)) return path
    const scratch = mkdtempSync(join(tmpdir(), 'tableside-first-start-'))
    try {
      // Made once for all the stories waiting on it: a first start on a loaded machine may be slow.
      const server = await startServer({ dataDir: scratch, env, timeoutMs: 300_000 })
      const code = await server.stop('SIGTERM')
      if (code !== 0)
        throw new Error(`The template server exited with ${code}:\n${server.output()}`)
      // Another worker may have made it meanwhile: the first rename wins, the same bytes.
      const partial = `${path}.${randomBytes(4).toString('hex')}`
      renameSync(join(scratch, 'pgdata'), partial)
      try {
        renameSync(partial, path)
      } catch (error) {
        if (!existsSync(path)) throw error
        rmSync(partial, { recursive: true, force: true })
      }
      return path
    } finally {
      rmSync(scratch, { recursive: true, force: true })
    }
  })()
  templates.set(key, made)
  made.catch(() => templates.delete(key))
  return made
}

/**
 * The demo tables' QR tokens by table code, as the server prints them when it starts
 * (`npm start`): the tokens are random on every data directory, so this is how tests and
 * benchmarks sit at a table.
 * @param {ServerProcess} server
 * @returns {Promise<Record<string, string>>}
 */
export async function demoTableTokens(server, timeoutMs = 10_000) {
  const deadline = performance.now() + timeoutMs
  while (!server.output().includes('API docs:')) {
    if (performance.now() > deadline || server.child.exitCode !== null) {
      throw new Error(`The server printed no start banner:\n${server.output()}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  return Object.fromEntries(
    [...server.output().matchAll(/^ +(\S+) +\S+\/rest\/demo\/init\?table=([A-Za-z0-9_-]+)$/gm)].map(
      (match) => [match[1], match[2]],
    ),
  )
}
