// `npm run bench:refunds`: from a manager's refund request to the diner's screen showing it.
// The real server process (embedded PGlite) and the real app in Debian Chromium at phone size.
// For each of BENCH_REFUNDS_COUNT orders (two of a dish, card, at the demo tables):
//  1. the order is placed and paid over the API (the acquirer's signed webhook, as the sandbox
//     signs it), and the phone opens the order's screen (`/order/{id}`), which listens on the
//     order's realtime channel;
//  2. once the hub counts the phone on that channel (the Pusher HTTP API), the bench, signed in
//     as the demo's manager, refunds one of the two dishes with a reason of its own
//     (`POST /admin/orders/{id}/refunds`, decision 0119);
//  3. the page notes the moment that reason appears on screen (a MutationObserver).
// The latency is from just before the refund request to that moment (one clock: epoch ms from
// each side's high-resolution timer). Polling could not win: the order screen does not poll.
// Env: BENCH_REFUNDS_COUNT (100), BENCH_REFUNDS_WARMUP (5).
import { randomUUID } from 'node:crypto'
import { buildIfStale } from './lib/build.mjs'
import { launchChromium, PHONE } from './lib/chromium.mjs'
import { fmtMs, latencySummary, RESTAURANT, say } from './lib/order-traffic.mjs'
import { now, startPaymentBenchServer } from './lib/payment-bench.mjs'

const COUNT = Number(process.env.BENCH_REFUNDS_COUNT ?? 100)
const WARMUP = Number(process.env.BENCH_REFUNDS_WARMUP ?? 5)

async function main() {
  buildIfStale()
  const { server, call, plainDish, tableSessions, untilListened, sandboxSucceeded } =
    await startPaymentBenchServer()

  const browser = await launchChromium()
  try {
    const dish = await plainDish()
    const sessions = await tableSessions()
    const context = await browser.newContext({ viewport: PHONE, locale: 'en-US' })
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)

    const login = await call('POST', '/auth/admin/login', {
      restaurantId: RESTAURANT,
      login: 'manager',
      password: 'tableside-demo',
    })
    const manager = { 'x-manager-token': login.token }

    /** One refund, from the manager's request to its reason on the diner's screen; ms. @param {number} i */
    const measure = async (i) => {
      const order = await call(
        'POST',
        `/restaurants/${RESTAURANT}/orders`,
        {
          type: 'dine_in',
          lines: [{ dishId: dish.id, quantity: 2, optionIds: [] }],
          paymentMethod: 'card',
          tableSessionId: sessions[i % sessions.length],
        },
        { 'idempotency-key': randomUUID() },
      )
      const payment = await call('POST', `/orders/${order.id}/payments`, { method: 'card' })
      const ref = /\/(sbx_\w+)$/.exec(payment.redirectUrl ?? '')?.[1]
      if (!ref) throw new Error(`payment ${payment.id} has no acquirer page`)
      await sandboxSucceeded(payment, ref)
      await page.goto(`${server.url}/rest/${RESTAURANT}/order/${order.id}`)
      await untilListened(`private-order.${order.id}`)
      const reason = `Bench refund ${i}`
      await page.evaluate((text) => {
        ;/** @type {any} */ (window).refundAt = new Promise((resolve) => {
          const seen = () => document.body.innerText.includes(text)
          if (seen()) resolve(-1)
          new MutationObserver((_, observer) => {
            if (!seen()) return
            observer.disconnect()
            resolve(performance.timeOrigin + performance.now())
          }).observe(document.body, { childList: true, subtree: true, characterData: true })
        })
      }, reason)
      const sentAt = now()
      await call(
        'POST',
        `/admin/orders/${order.id}/refunds`,
        { kind: 'part', lines: [{ line: 0, quantity: 1 }], reason },
        manager,
      )
      /** @type {number} */
      const shownAt = await page.evaluate(() => /** @type {any} */ (window).refundAt)
      if (shownAt < 0) throw new Error(`order ${order.number} showed the refund before it was made`)
      return shownAt - sentAt
    }

    say(`Warm-up: ${WARMUP} refunds`)
    for (let i = 0; i < WARMUP; i++) await measure(i)
    say(`Measuring ${COUNT} refunds, one at a time…`)
    /** @type {number[]} */
    const latencies = []
    for (let i = 0; i < COUNT; i++) latencies.push(await measure(WARMUP + i))
    const summary = latencySummary(latencies)
    say('')
    say(`Manager's refund request → its reason on the diner's order screen, ${COUNT} refunds`)
    say(
      `  p50 ${fmtMs(summary.p50)}  p90 ${fmtMs(summary.p90)}  p99 ${fmtMs(summary.p99)}  max ${fmtMs(summary.max)}`,
    )
  } finally {
    await browser.close()
    await server.stop()
  }
}

await main()
