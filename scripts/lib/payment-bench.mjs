// What bench:payments and bench:refunds share: a server with the sandbox acquirer's secret and
// realtime credentials the bench knows (so it can sign webhooks and ask the hub who listens),
// JSON calls to its API, the demo's orderable dish and table sessions, and a card order paid
// by the acquirer's signed webhook.
import { createHmac, randomBytes } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import Pusher from 'pusher'
import { RESTAURANT } from './order-traffic.mjs'
import { demoTableTokens, startServer } from './server-process.mjs'

const SIGNATURE_HEADER = 'sandbox-signature'

/** Epoch milliseconds from the high-resolution timer: the clock the browser's side uses too. */
export const now = () => performance.timeOrigin + performance.now()

/**
 * The sandbox acquirer's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`.
 * @param {string} secret @param {string} body
 */
function sign(secret, body) {
  const t = Math.floor(Date.now() / 1000)
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`
}

/**
 * Starts the server (see lib/server-process.mjs) with a fresh sandbox secret and realtime app.
 * @param {Record<string, string>} [env] more environment for the server
 */
export async function startPaymentBenchServer(env = {}) {
  const secret = randomBytes(24).toString('hex')
  const realtime = { appId: '424242', key: 'bench-key', secret: randomBytes(16).toString('hex') }
  const server = await startServer({
    env: {
      SANDBOX_ACQUIRER_SECRET: secret,
      REALTIME_APP_ID: realtime.appId,
      REALTIME_APP_KEY: realtime.key,
      REALTIME_APP_SECRET: realtime.secret,
      ...env,
    },
  })
  const api = `${server.url}/api/v1`
  const pusher = new Pusher({
    ...realtime,
    host: new URL(server.url).hostname,
    port: new URL(server.url).port,
    useTLS: false,
  })
  /**
   * @param {string} method @param {string} path @param {unknown} [body]
   * @param {Record<string, string>} [headers] @returns {Promise<any>}
   */
  const call = async (method, path, body, headers = {}) => {
    const response = await fetch(`${api}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`)
    return JSON.parse(text)
  }

  /** A dish of the demo menu that needs no choice and no age check. @returns {Promise<{ id: string }>} */
  const plainDish = async () => {
    const menu = await call('GET', `/restaurants/${RESTAURANT}/menu`)
    const dish = menu.dishes.find(
      (
        /** @type {{ id: string, available: boolean, ageRestricted: boolean, modifierGroups: unknown[] }} */ candidate,
      ) => candidate.available && !candidate.ageRestricted && candidate.modifierGroups.length === 0,
    )
    if (!dish) throw new Error('the demo menu has no dish to order')
    return dish
  }

  /** A table session at each demo table. @returns {Promise<string[]>} their ids */
  const tableSessions = async () => {
    /** @type {string[]} */
    const sessions = []
    for (const tableToken of Object.values(await demoTableTokens(server))) {
      sessions.push(
        (await call('POST', `/restaurants/${RESTAURANT}/table-sessions`, { tableToken })).id,
      )
    }
    return sessions
  }

  /** Until the realtime hub counts a subscriber on the channel (the Pusher HTTP API). @param {string} channel */
  const untilListened = async (channel) => {
    for (let attempt = 0; ; attempt++) {
      const info = await pusher.get({ path: `/channels/${channel}`, params: {} })
      if ((await info.json()).occupied) return
      if (attempt > 150) throw new Error(`the phone never joined ${channel}`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }

  /**
   * Sends the sandbox's signed `payment.succeeded` webhook for a payment, as the sandbox does.
   * @param {{ amount: number, currency: string }} payment @param {string} ref the acquirer's
   */
  const sandboxSucceeded = async (payment, ref) => {
    const body = JSON.stringify({
      id: `evt_${randomBytes(12).toString('hex')}`,
      type: 'payment.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: { ref, amount: payment.amount, currency: payment.currency, reason: null },
    })
    const answer = await fetch(`${api}/payments/webhooks/sandbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: sign(secret, body) },
      body,
    })
    await answer.arrayBuffer()
    if (answer.status !== 200) throw new Error(`the webhook answered ${answer.status}`)
  }

  return { server, api, call, plainDish, tableSessions, untilListened, sandboxSucceeded }
}
