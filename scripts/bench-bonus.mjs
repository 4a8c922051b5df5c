// `npm run bench:bonus`: the bonus card's rules under load, on the real server process
// (embedded PGlite; with TEST_DATABASE_URL or DATABASE_URL also on PostgreSQL), for issue 16's
// report. BENCH_BONUS_DINERS (40) diners sign in (SMS sandbox) and register a card at the
// demo restaurant: 200 welcome points each. Then:
// 1. Races: each diner's phones send BENCH_BONUS_PHONES (8) orders at once, each paying 60
//    points: 200 points pay three of them; the others must be refused `bonus_insufficient`.
//    Counted: orders that spent more than the card had (must be 0), cards below zero (0),
//    cards whose balance is not 200 less what their accepted orders spent (0).
// 2. Earning: the waiter takes the cash for each diner's first order and serves and completes
//    it: 5 % of the money paid comes back, pending until completed, then available; the
//    waiter cancels the second: its 60 points come back. Cards whose balance is not what the
//    rules say (must be 0).
// 3. Latency: BENCH_BONUS_TIMED (200) orders with points one after another, and as many
//    without, p50/p99 of each: what spending in the order's transaction costs.
// Exits 1 when a rule is broken.
import { randomUUID } from 'node:crypto'
import { rmSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import { buildIfStale } from './lib/build.mjs'
import {
  createScratchDatabase,
  fmtMs,
  latencySummary,
  RESTAURANT,
  say,
} from './lib/order-traffic.mjs'
import { demoTableTokens, startServer } from './lib/server-process.mjs'

const env = process.env
const DINERS = Number(env.BENCH_BONUS_DINERS ?? 40)
const PHONES = Number(env.BENCH_BONUS_PHONES ?? 8)
const TIMED = Number(env.BENCH_BONUS_TIMED ?? 200)
const SPEND = 60
const WELCOME = 200
/** The demo programme: 5 % back on money paid, in whole points. */
const earnedOn = (/** @type {number} */ paidMinor) => Math.floor((paidMinor * 500) / 10_000 / 100)
const KVASS = { dishId: 'kvass', quantity: 2, optionIds: ['small'] }
/** @type {{ dishId: string, quantity: number, optionIds: string[] }} */
const BORSCHT = { dishId: 'borscht', quantity: 2, optionIds: [] }

/** @param {string} label @param {Record<string, string>} serverEnv */
async function run(label, serverEnv) {
  const server = await startServer({
    env: { APP_ENV: 'development', RATE_LIMIT_EXEMPT: '127.0.0.1', DATABASE_URL: '', ...serverEnv },
    timeoutMs: 60_000,
  })
  try {
    const api = `${server.url}/api/v1`
    /** @param {string} path @param {{ body?: unknown, headers?: Record<string, string> }} init */
    const call = async (path, init = {}) => {
      const response = await fetch(`${api}${path}`, {
        method: init.body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json', ...init.headers },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      })
      return { status: response.status, json: /** @type {any} */ (await response.json()) }
    }
    const must = async (/** @type {string} */ path, init = {}) => {
      const answer = await call(path, init)
      if (answer.status >= 300)
        throw new Error(`${path} → ${answer.status} ${JSON.stringify(answer.json)}`)
      return answer.json
    }
    const tokens = await demoTableTokens(server)
    const codes = Object.keys(tokens)
    const sessions = await Promise.all(
      codes.map((code) =>
        must(`/restaurants/${RESTAURANT}/table-sessions`, { body: { tableToken: tokens[code] } }),
      ),
    )
    const waiter = (
      await must('/auth/garcon/login', {
        body: { restaurantId: RESTAURANT, login: 'anna', pin: '1111' },
      })
    ).token
    const asWaiter = { 'x-garcon-token': waiter }

    /** @type {{ token: string, session: string }[]} */
    const diners = []
    for (let i = 0; i < DINERS; i += 1) {
      const phone = `+79168${String(i).padStart(6, '0')}`
      await must('/auth/client/otp', { body: { restaurantId: RESTAURANT, phone, consent: true } })
      const sms = await (
        await fetch(`${server.url}/dev/sms?phone=${encodeURIComponent(phone)}`)
      ).json()
      const code = /^\d{6}/.exec(sms.messages[0]?.text ?? '')?.[0]
      const { token } = await must('/auth/client/verify', { body: { phone, code } })
      await must('/me/bonus-card', {
        headers: { 'x-profile-token': token },
        body: { restaurantId: RESTAURANT, acceptRules: true },
      })
      diners.push({ token, session: sessions[i % sessions.length].id })
    }
    const order = (
      /** @type {{ token: string, session: string } | undefined} */ diner,
      /** @type {number} */ points,
      lines = [BORSCHT],
    ) =>
      call(`/restaurants/${RESTAURANT}/orders`, {
        headers: { 'idempotency-key': randomUUID(), 'x-profile-token': diner?.token ?? '' },
        body: {
          type: 'dine_in',
          lines,
          paymentMethod: 'cash',
          tableSessionId: diner?.session,
          ...(points ? { bonusPoints: points } : {}),
        },
      })
    const cardOf = async (/** @type {string} */ token) =>
      (
        await must(`/me/bonus-card?restaurantId=${RESTAURANT}`, {
          headers: { 'x-profile-token': token },
        })
      ).card

    // 1. Races.
    say(
      `bench:bonus on ${label}: ${DINERS} diners, ${PHONES} phones each spending ${SPEND} of ${WELCOME} points at once`,
    )
    const raceStart = performance.now()
    const raced = await Promise.all(
      diners.map((diner) => Promise.all(Array.from({ length: PHONES }, () => order(diner, SPEND)))),
    )
    const raceMs = performance.now() - raceStart
    let accepted = 0
    let refused = 0
    let otherAnswers = 0
    let overspent = 0
    let negative = 0
    let drift = 0
    /** @type {any[][]} */
    const placedBy = []
    for (const [index, answers] of raced.entries()) {
      const placed = answers.filter((answer) => answer.status === 201).map((answer) => answer.json)
      placedBy.push(placed)
      accepted += placed.length
      refused += answers.filter(
        (answer) => answer.json?.error?.code === 'bonus_insufficient',
      ).length
      otherAnswers += answers.filter(
        (answer) => answer.status !== 201 && answer.json?.error?.code !== 'bonus_insufficient',
      ).length
      if (placed.length * SPEND > WELCOME) overspent += 1
      const card = await cardOf(diners[index]?.token ?? '')
      if (card.balance < 0) negative += 1
      if (card.balance !== WELCOME - placed.length * SPEND) drift += 1
    }
    const expected = DINERS * Math.floor(WELCOME / SPEND)
    say(
      `  ${DINERS * PHONES} orders in ${fmtMs(raceMs)}: ${accepted} took their points (expected ${expected}), ${refused} refused bonus_insufficient, ${otherAnswers} other answers`,
    )
    say(
      `  cards overspent: ${overspent}; cards below zero: ${negative}; balances not 200 less what was spent: ${drift}`,
    )

    // 2. Earning, releasing, giving back.
    let wrong = 0
    for (const [index, diner] of diners.entries()) {
      const [first, second] = placedBy[index] ?? []
      if (!first || !second) {
        wrong += 1
        continue
      }
      const before = await cardOf(diner.token)
      await must(`/garcon/orders/${first.id}/cash-paid`, { headers: asWaiter, body: {} })
      const pending = await cardOf(diner.token)
      for (const status of ['accepted', 'cooking', 'ready', 'served', 'completed']) {
        await must(`/garcon/orders/${first.id}/status`, { headers: asWaiter, body: { status } })
      }
      const released = await cardOf(diner.token)
      await must(`/garcon/orders/${second.id}/status`, {
        headers: asWaiter,
        body: { status: 'cancelled', reason: 'bench' },
      })
      const after = await cardOf(diner.token)
      const earned = earnedOn(first.totals.total)
      if (
        pending.pending !== earned ||
        pending.balance !== before.balance ||
        released.pending !== 0 ||
        released.balance !== before.balance + earned ||
        after.balance !== released.balance + SPEND
      ) {
        wrong += 1
      }
    }
    say(
      `  earned 5 % on cash (pending, then available once completed) and a cancel's points given back: cards not as the rules say: ${wrong} of ${DINERS}`,
    )

    // 3. What spending costs an order.
    const timed = async (/** @type {number} */ points) => {
      /** @type {number[]} */
      const ms = []
      for (let i = 0; i < TIMED; i += 1) {
        const diner = diners[i % diners.length]
        const start = performance.now()
        const answer = await order(diner, points, [KVASS])
        ms.push(performance.now() - start)
        if (answer.status !== 201 && answer.json?.error?.code !== 'bonus_insufficient') {
          throw new Error(`order → ${answer.status} ${JSON.stringify(answer.json)}`)
        }
      }
      return latencySummary(ms)
    }
    const line = (/** @type {ReturnType<typeof latencySummary>} */ s) =>
      `p50 ${fmtMs(s.p50)}, p99 ${fmtMs(s.p99)}, max ${fmtMs(s.max)} (n=${s.count})`
    say(`  an order without points: ${line(await timed(0))}`)
    say(`  an order paying 1 point:  ${line(await timed(1))}`)
    return overspent + negative + drift + wrong + otherAnswers === 0 && accepted === expected
  } finally {
    await server.stop()
    rmSync(server.dataDir, { recursive: true, force: true })
  }
}

buildIfStale()
let ok = await run('embedded PGlite', {})
const postgres = env.TEST_DATABASE_URL ?? env.DATABASE_URL
if (postgres) {
  const scratch = await createScratchDatabase(postgres, 'bench_bonus')
  try {
    ok = (await run('PostgreSQL', { DATABASE_URL: scratch.url })) && ok
  } finally {
    await scratch.drop()
  }
} else {
  say('(PostgreSQL skipped: set TEST_DATABASE_URL or DATABASE_URL to run it too)')
}
say(`rules held: ${ok ? 'PASS' : 'FAIL'}`)
process.exitCode = ok ? 0 : 1
