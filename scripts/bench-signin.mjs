// `npm run bench:signin`: a waiter signing in on their own phone while 50 addresses guess
// their PIN (issue 27, decision 0108). The built server as a process (embedded PGlite) behind
// one trusted proxy hop (`TRUST_PROXY=1`), so each request's `X-Forwarded-For` is its address.
//  1. quiet: the demo waiter Анна signs in BENCH_SIGNIN_QUIET (50) times from her phone (the
//     device cookie her first sign-in left), one after another.
//  2. attack: 50 addresses guess Анна's PIN as fast as the server answers, one request at a
//     time each, for the whole phase; the phone sits behind the first attacker's address (the
//     restaurant's Wi-Fi) and signs in every BENCH_SIGNIN_EVERY_MS (100 ms) until it has done
//     BENCH_SIGNIN_COUNT sign-ins. Then a new phone (no cookie) tries once from a fresh address.
// Reports the phone's sign-in time (p50/p90/p99, max) in both phases, the guesses by answer,
// and whether the phone was ever refused. Exits 1 when it was.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { buildIfStale } from './lib/build.mjs'
import { fmtInt, fmtMs, latencySummary, RESTAURANT, say } from './lib/order-traffic.mjs'
import { startServer } from './lib/server-process.mjs'

const env = process.env
const QUIET = Number(env.BENCH_SIGNIN_QUIET ?? 50)
const COUNT = Number(env.BENCH_SIGNIN_COUNT ?? 100)
const EVERY_MS = Number(env.BENCH_SIGNIN_EVERY_MS ?? 100)
const ATTACKERS = 50
const WIFI = '203.0.113.10'
const LOGIN = 'anna'
const PIN = '1111'

/**
 * @param {string} url @param {unknown} body @param {{ address: string, cookie?: string }} from
 * @returns {Promise<{ status: number, cookie: string | undefined, ms: number }>}
 */
async function signIn(url, body, { address, cookie }) {
  const started = performance.now()
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': address,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  })
  await response.arrayBuffer()
  const ms = performance.now() - started
  const issued = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .find((pair) => pair.startsWith('tableside_device='))
  return { status: response.status, cookie: issued, ms }
}

/** @param {string} label @param {number[]} times */
function report(label, times) {
  const s = latencySummary(times)
  say(
    `  ${label}: ${s.count} sign-ins  p50 ${fmtMs(s.p50)}  p90 ${fmtMs(s.p90)}  ` +
      `p99 ${fmtMs(s.p99)}  max ${fmtMs(s.max)}`,
  )
}

async function main() {
  buildIfStale()
  const dataDir = mkdtempSync(join(tmpdir(), 'tableside-signin-bench-'))
  let server
  try {
    say(
      `bench:signin: waiter «${LOGIN}» signs in on her phone ${QUIET} times quiet, ${COUNT} while ` +
        `${ATTACKERS} addresses guess her PIN (built server, TRUST_PROXY=1, embedded PGlite)`,
    )
    server = await startServer({
      dataDir,
      // Limits on: the exemption the benches usually set is for an address never used here.
      env: { TRUST_PROXY: '1', RATE_LIMIT_EXEMPT: '192.0.2.255' },
    })
    const url = `${server.url}/api/v1/auth/garcon/login`
    const right = { restaurantId: RESTAURANT, login: LOGIN, pin: PIN }

    const first = await signIn(url, right, { address: '198.51.100.1' })
    if (first.status !== 200 || !first.cookie) {
      throw new Error(`the phone's first sign-in: ${first.status}, cookie ${String(first.cookie)}`)
    }
    const phone = { address: WIFI, cookie: first.cookie }

    /** @type {number[]} */
    const quiet = []
    /** @type {Map<number, number>} */
    const refusedQuiet = new Map()
    for (let i = 0; i < QUIET; i++) {
      const answer = await signIn(url, right, phone)
      quiet.push(answer.ms)
      if (answer.status !== 200)
        refusedQuiet.set(answer.status, (refusedQuiet.get(answer.status) ?? 0) + 1)
    }

    let attacking = true
    /** @type {Map<number, number>} */
    const guesses = new Map()
    const guessing = Array.from({ length: ATTACKERS }, async (_, a) => {
      const address =
        a === 0 ? WIFI : `10.66.${String(Math.floor(a / 250))}.${String((a % 250) + 1)}`
      let n = 0
      while (attacking) {
        const pin = String(2000 + ((a * 7919 + n++) % 8000)).padStart(4, '0')
        const answer = await signIn(url, { ...right, pin }, { address })
        guesses.set(answer.status, (guesses.get(answer.status) ?? 0) + 1)
      }
    })
    const attackStarted = performance.now()
    /** @type {number[]} */
    const underAttack = []
    /** @type {Map<number, number>} */
    const refused = new Map()
    for (let i = 0; i < COUNT; i++) {
      const due = attackStarted + i * EVERY_MS
      const wait = due - performance.now()
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait))
      const answer = await signIn(url, right, phone)
      underAttack.push(answer.ms)
      if (answer.status !== 200) refused.set(answer.status, (refused.get(answer.status) ?? 0) + 1)
    }
    const fresh = await signIn(url, right, { address: '192.0.2.77' })
    attacking = false
    await Promise.all(guessing)
    const attackS = (performance.now() - attackStarted) / 1000

    say('')
    report('quiet        ', quiet)
    report('under attack ', underAttack)
    const total = [...guesses.values()].reduce((sum, n) => sum + n, 0)
    const byStatus = [...guesses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}: ${fmtInt(n)}`)
      .join(', ')
    say(
      `  guesses: ${fmtInt(total)} in ${attackS.toFixed(1)} s from ${ATTACKERS} addresses ` +
        `(${byStatus}); wrong PINs checked: ${fmtInt(guesses.get(401) ?? 0)}`,
    )
    say(
      `  a new phone at a fresh address during the attack: ${fresh.status}` +
        (fresh.status === 429 ? ' (the account-wide cap on places it never signed in on)' : ''),
    )
    const refusals = [...refusedQuiet.entries(), ...refused.entries()]
    say(
      refusals.length === 0
        ? '  the waiter on her phone was never refused: PASS'
        : `  the waiter on her phone was refused: ${refusals.map(([s, n]) => `${s} ×${n}`).join(', ')}: FAIL`,
    )
    if (refusals.length > 0) process.exitCode = 1
  } finally {
    await server?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
