// `npm run bench:orders:crash`: orders survive the server being killed mid-stream.
// Several clients stream orders, each retried with its same Idempotency-Key and body until it
// is answered 201 (connection errors, timeouts and 5xx are retried with backoff; any other
// answer fails the test). At a random moment after BENCH_CRASH_KILL_AFTER acknowledged orders
// the server gets SIGKILL, and is started again on the same data directory (the lock file of the
// killed process must not stop it); the clients go on to the end. Then:
//  - every key sent again comes back as a replay of the order acknowledged for it (same id and
//    number), those acknowledged before the kill included;
//  - the server stopped, the database itself holds exactly one order per key, with the id and
//    number acknowledged: none lost, none duplicated, none nobody was told about.
// Orders in flight at the kill are counted: committed before it (their retry is answered as a
// replay) or placed after the restart. Runs on the embedded database, then on a PostgreSQL
// server (a database of the run's own, dropped afterwards) when TEST_DATABASE_URL or
// DATABASE_URL is set. Prints PASS or FAIL for each; exits 1 on a FAIL.
// Env: BENCH_CRASH_ORDERS (5000), BENCH_CRASH_CLIENTS (16), BENCH_CRASH_KILL_AFTER (2000),
// BENCH_CRASH_ONLY (embedded | postgres).
import { existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { buildIfStale } from './lib/build.mjs'
import {
  compareWithDatabase,
  createHttpClient,
  createScratchDatabase,
  fmtInt,
  fmtMs,
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

const env = process.env
const ORDERS = Number(env.BENCH_CRASH_ORDERS ?? 5_000)
const CLIENTS = Number(env.BENCH_CRASH_CLIENTS ?? 16)
const KILL_AFTER = Number(env.BENCH_CRASH_KILL_AFTER ?? 2_000)
const ONLY = env.BENCH_CRASH_ONLY
const ORDERS_PATH = `/restaurants/${RESTAURANT}/orders`
const REQUEST_TIMEOUT_MS = 10_000
const FIRST_BACKOFF_MS = 20
const MAX_BACKOFF_MS = 500

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * @typedef {import('./lib/order-traffic.mjs').OrderBody} OrderBody
 * @typedef {{ body: OrderBody, id: string, number: number, attempts: number,
 *   beforeKill: boolean, asReplay: boolean }} Ack
 */

/** @param {'embedded' | 'postgres'} kind @param {string | undefined} adminUrl */
async function crashTest(kind, adminUrl) {
  const scratch =
    kind === 'postgres' && adminUrl
      ? await createScratchDatabase(adminUrl, 'crash_orders')
      : undefined
  const serverEnv = { DATABASE_URL: scratch?.url ?? '' }
  let server = await startServer({ env: serverEnv, timeoutMs: 60_000 })
  const dataDir = server.dataDir
  const cleanUp = async () => {
    await server.stop('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
    await scratch?.drop()
  }
  const stopOnSignal = () => void cleanUp().finally(() => process.exit(130))
  process.once('SIGINT', stopOnSignal)
  process.once('SIGTERM', stopOnSignal)
  const client = createHttpClient({
    baseUrl: () => server.url,
    connections: CLIENTS,
    timeoutMs: REQUEST_TIMEOUT_MS,
  })
  try {
    say('')
    say(
      kind === 'embedded'
        ? `== embedded PGlite in ${dataDir}`
        : `== PostgreSQL (database ${scratch?.name ?? '?'}, dropped afterwards)`,
    )
    const keyPrefix = runKeyPrefix('crash')
    const demo = await prepareDemo(
      client.post,
      server.url,
      `${keyPrefix}-probe`,
      await demoTableTokens(server),
    )
    if (!demo.pickup) say(`pickup refused now, so all dine-in: ${demo.pickupRefusal}`)

    /** @type {Map<string, Ack>} */
    const acked = new Map()
    /** @type {Set<string>} keys sent and not yet answered */
    const inFlight = new Set()
    /** @type {string[]} */
    const failures = []
    let killed = false
    /** @type {Set<string>} */
    let inFlightAtKill = new Set()
    let retries = 0
    /** @type {Map<string, number>} */
    const retryReasons = new Map()
    const killAt = KILL_AFTER + Math.floor(Math.random() * (KILL_AFTER / 2))
    let restartMs = 0

    /** @param {number} i */
    const placeUntilAcknowledged = async (i) => {
      const key = `${keyPrefix}-${i}`
      const body = orderBody(i, demo)
      let backoff = FIRST_BACKOFF_MS
      for (let attempt = 1; ; attempt++) {
        inFlight.add(key)
        /** @type {string} */
        let reason
        try {
          const reply = await client.post(ORDERS_PATH, body, { 'idempotency-key': key })
          if (reply.status === 201) {
            acked.set(key, {
              body,
              ...orderOf(reply.text),
              attempts: attempt,
              beforeKill: !killed,
              asReplay: reply.replayed,
            })
            inFlight.delete(key)
            return
          }
          if (reply.status < 500) {
            failures.push(`${key}: ${reply.status} ${reply.text.slice(0, 200)}`)
            inFlight.delete(key)
            return
          }
          reason = String(reply.status)
        } catch (error) {
          reason =
            error instanceof Error
              ? 'code' in error && typeof error.code === 'string'
                ? error.code
                : error.message
              : String(error)
        }
        inFlight.delete(key)
        retries++
        retryReasons.set(reason, (retryReasons.get(reason) ?? 0) + 1)
        await sleep(backoff * (0.5 + Math.random()))
        backoff = Math.min(MAX_BACKOFF_MS, backoff * 2)
      }
    }

    const kill = async () => {
      while (acked.size < killAt && failures.length === 0) await sleep(1)
      await sleep(Math.random() * 20)
      const pid = server.child.pid
      inFlightAtKill = new Set(inFlight)
      const ackedAtKill = acked.size
      killed = true
      await server.stop('SIGKILL')
      const lockLeft = kind === 'embedded' && existsSync(join(dataDir, 'tableside.lock'))
      say(
        `SIGKILL to the server (pid ${pid}) after ${fmtInt(ackedAtKill)} acknowledged orders, ` +
          `${inFlightAtKill.size} in flight` +
          (kind === 'embedded' ? `; its lock file ${lockLeft ? 'is left behind' : 'is gone'}` : ''),
      )
      const restartStarted = performance.now()
      server = await startServer({ env: serverEnv, dataDir, timeoutMs: 60_000 })
      restartMs = performance.now() - restartStarted
      say(
        `started again on the same ${kind === 'embedded' ? 'data directory' : 'database'} in ${fmtMs(restartMs)}`,
      )
    }

    let next = 0
    const started = performance.now()
    const killer = kill()
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < ORDERS) await placeUntilAcknowledged(next++)
      }),
    )
    await killer
    const streamSeconds = (performance.now() - started) / 1000

    const beforeKill = [...acked.values()].filter((ack) => ack.beforeKill).length
    const inFlightKeys = [...inFlightAtKill]
    const committedBeforeKill = inFlightKeys.filter((key) => acked.get(key)?.asReplay).length
    // A replay on the first attempt would mean the key was taken before it was ever sent.
    const unexpectedReplays = [...acked.values()].filter(
      (ack) => ack.asReplay && ack.attempts === 1,
    ).length
    say(
      `${fmtInt(acked.size)} of ${fmtInt(ORDERS)} orders acknowledged in ${streamSeconds.toFixed(1)} s ` +
        `by ${CLIENTS} clients (${fmtInt(beforeKill)} before the kill); ${fmtInt(retries)} retries ` +
        `(${[...retryReasons].map(([reason, n]) => `${fmtInt(n)} × ${reason}`).join(', ') || 'none'})`,
    )
    say(
      `in flight at the kill: ${inFlightKeys.length}; committed before it (answered as a replay ` +
        `after the restart): ${committedBeforeKill}; placed after the restart: ${inFlightKeys.length - committedBeforeKill}`,
    )
    for (const failure of failures.slice(0, 5)) say(`  refused: ${failure}`)

    const replay = await replayAll(client.post, acked, CLIENTS)
    say(
      `replay of every key: ${fmtInt(acked.size - replay.problems.length)} of ${fmtInt(acked.size)} ` +
        `the acknowledged order (same id and number)`,
    )
    for (const problem of replay.problems.slice(0, 5)) say(`  ${problem}`)
    client.close()
    const exitCode = await server.stop()
    if (exitCode !== 0) throw new Error(`the restarted server exited with ${exitCode} on SIGTERM`)

    const stored = await ordersInDatabase(scratch ? { url: scratch.url } : { dataDir }, keyPrefix)
    const ackedOrders = new Map([...acked].map(([key, { id, number }]) => [key, { id, number }]))
    const probe = stored.byKey.get(`${keyPrefix}-probe`)
    if (probe) ackedOrders.set(`${keyPrefix}-probe`, probe)
    const integrity = compareWithDatabase(ackedOrders, stored)
    const lostBeforeKill = [...acked].filter(([key, ack]) => {
      const row = stored.byKey.get(key)
      return ack.beforeKill && row?.id !== ack.id
    }).length
    say(
      `database: ${fmtInt(stored.rows)} orders for ${fmtInt(ackedOrders.size)} keys, ` +
        `${fmtInt(stored.distinctIds)} distinct ids, ${fmtInt(stored.distinctNumbers)} distinct numbers; ` +
        `lost ${integrity.lost} (acknowledged before the kill: ${lostBeforeKill}), ` +
        `duplicated ${integrity.duplicated}, unacknowledged ${integrity.unacknowledged}`,
    )
    const pass =
      failures.length === 0 &&
      acked.size === ORDERS &&
      unexpectedReplays === 0 &&
      replay.problems.length === 0 &&
      integrity.lost === 0 &&
      integrity.duplicated === 0 &&
      integrity.unacknowledged === 0 &&
      stored.rows === ackedOrders.size
    if (unexpectedReplays > 0) {
      say(`  ${unexpectedReplays} keys were answered as a replay on their first attempt`)
    }
    say(`${kind}: ${pass ? 'PASS' : 'FAIL'}`)
    return pass
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
  `bench:orders:crash: ${fmtInt(ORDERS)} orders from ${CLIENTS} retrying clients, SIGKILL to the ` +
    `server after ${fmtInt(KILL_AFTER)}–${fmtInt(KILL_AFTER * 1.5)} acknowledged, then a restart`,
)
/** @type {boolean[]} */
const passes = []
if (ONLY !== 'postgres') passes.push(await crashTest('embedded', undefined))
if (ONLY !== 'embedded') {
  if (postgresUrl) passes.push(await crashTest('postgres', postgresUrl))
  else say('\n(PostgreSQL skipped: set TEST_DATABASE_URL or DATABASE_URL to run it too)')
}
process.exitCode = passes.every(Boolean) ? 0 : 1
