// Order traffic for bench:orders and bench:orders:crash: keep-alive HTTP, the demo restaurant's
// orderable dishes and table sessions, the orders themselves, and counting them in the database
// (not through the API) once the run is over.
import { randomBytes } from 'node:crypto'
import { processStat } from './cpu.mjs'
import { existsSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { join } from 'node:path'

export const RESTAURANT = 'demo'
const API = '/api/v1'

/** @param {string} line */
export const say = (line) => process.stdout.write(`${line}\n`)
/** @param {number} ms */
export const fmtMs = (ms) => `${ms < 10 ? ms.toFixed(2) : ms.toFixed(1)} ms`
/** @param {number} n */
export const fmtInt = (n) => Math.round(n).toLocaleString('en-US')

/** @param {Float64Array} sorted @param {number} p */
export const percentile = (sorted, p) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN)

/** @param {number[]} values */
export function latencySummary(values) {
  const sorted = Float64Array.from(values).sort()
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.length === 0 ? Number.NaN : (sorted[sorted.length - 1] ?? Number.NaN),
  }
}

/**
 * @typedef {{ status: number, replayed: boolean, text: string }} Reply
 * @typedef {(path: string, body: unknown, headers?: Record<string, string>) => Promise<Reply>} Post
 */

/**
 * POSTs JSON over at most `connections` keep-alive sockets; requests beyond that wait in the
 * agent's queue, which the caller's clock counts as latency. Rejects on a connection error or
 * after `timeoutMs` without an answer.
 * @param {{ baseUrl: () => string, connections: number, timeoutMs?: number }} options
 * @returns {{ post: Post, close: () => void }}
 */
export function createHttpClient({ baseUrl, connections, timeoutMs = 30_000 }) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections })
  /** @type {Post} */
  const post = (path, body, headers = {}) =>
    new Promise((resolve, reject) => {
      const payload = JSON.stringify(body)
      const req = request(
        `${baseUrl()}${API}${path}`,
        {
          method: 'POST',
          agent,
          timeout: timeoutMs,
          headers: {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(payload)),
            ...headers,
          },
        },
        (response) => {
          let text = ''
          response.setEncoding('utf8')
          response.on('data', (chunk) => (text += chunk))
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              replayed: response.headers['idempotent-replayed'] === 'true',
              text,
            }),
          )
          response.on('error', reject)
        },
      )
      req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)))
      req.on('error', reject)
      req.end(payload)
    })
  return { post, close: () => agent.destroy() }
}

/** @param {string} text @returns {string} the `id` of a JSON object */
function idOf(text) {
  /** @type {unknown} */
  const parsed = JSON.parse(text)
  if (typeof parsed === 'object' && parsed !== null && 'id' in parsed) {
    if (typeof parsed.id === 'string') return parsed.id
  }
  throw new Error(`no id in ${text.slice(0, 200)}`)
}

/** @param {string} text @returns {{ id: string, number: number }} */
export function orderOf(text) {
  /** @type {unknown} */
  const parsed = JSON.parse(text)
  if (
    typeof parsed === 'object' &&
    parsed !== null &&
    'id' in parsed &&
    typeof parsed.id === 'string' &&
    'number' in parsed &&
    typeof parsed.number === 'number'
  ) {
    return { id: parsed.id, number: parsed.number }
  }
  throw new Error(`not an order: ${text.slice(0, 200)}`)
}

/**
 * @typedef {{ dishIds: string[], sessionIds: string[], pickup: boolean, pickupAt: string | null,
 *   pickupRefusal: string }} Demo
 * @typedef {{ type: 'dine_in' | 'pickup', lines: Array<{ dishId: string, quantity: number,
 *   optionIds: string[] }>, paymentMethod: 'cash', tableSessionId?: string,
 *   contact?: { name: string, phone: string }, scheduledFor?: string }} OrderBody
 */

/**
 * What orders can be made of at the demo restaurant right now: available dishes without a
 * required choice that the cart quote accepts (breakfast is refused outside its hours), and an
 * open session at every table, joined by its QR token (`tableTokens` by code, as the server
 * printed them at start). Pickup is probed with a real order (`probeKey`): for now, or when the
 * restaurant is closed at this hour, for its first pickup slot.
 * @param {Post} post @param {string} baseUrl @param {string} probeKey
 * @param {Record<string, string>} tableTokens
 * @returns {Promise<Demo>}
 */
export async function prepareDemo(post, baseUrl, probeKey, tableTokens) {
  const menuResponse = await fetch(`${baseUrl}${API}/restaurants/${RESTAURANT}/menu`)
  if (!menuResponse.ok) throw new Error(`GET menu answered ${menuResponse.status}`)
  const menu =
    /** @type {{ dishes: Array<{ id: string, available: boolean,
     *   modifierGroups: Array<{ minChoices: number }> }> }} */ (await menuResponse.json())
  const candidates = menu.dishes
    .filter((d) => d.available && d.modifierGroups.every((g) => g.minChoices === 0))
    .map((d) => d.id)
  const quoted = await post(`/restaurants/${RESTAURANT}/cart/quote`, {
    lines: candidates.map((dishId) => ({ dishId, quantity: 1, optionIds: [] })),
  })
  if (quoted.status !== 200) throw new Error(`cart quote answered ${quoted.status}: ${quoted.text}`)
  const quote = /** @type {{ lines: Array<{ dishId: string, problem: unknown }> }} */ (
    JSON.parse(quoted.text)
  )
  const dishIds = quote.lines.filter((line) => line.problem === null).map((line) => line.dishId)
  if (dishIds.length === 0) throw new Error('no dish of the demo menu can be ordered now')

  /** @type {string[]} */
  const sessionIds = []
  for (const [tableCode, tableToken] of Object.entries(tableTokens)) {
    const opened = await post(`/restaurants/${RESTAURANT}/table-sessions`, { tableToken })
    if (opened.status !== 201 && opened.status !== 200) {
      throw new Error(
        `opening the session of ${tableCode} answered ${opened.status}: ${opened.text}`,
      )
    }
    sessionIds.push(idOf(opened.text))
  }

  /** @type {Demo} */
  const demo = { dishIds, sessionIds, pickup: true, pickupAt: null, pickupRefusal: '' }
  // Closed now, the restaurant still takes pickups for its first slot (its next opening).
  // A refused order writes nothing, so the second probe may take the same key.
  const now = await post(`/restaurants/${RESTAURANT}/orders`, orderBody(3, demo), {
    'idempotency-key': probeKey,
  })
  if (now.status === 201) return demo
  if (now.status !== 409 && now.status !== 400) {
    throw new Error(`the pickup probe answered ${now.status}: ${now.text}`)
  }
  demo.pickupAt = await firstPickupSlot(baseUrl)
  const later = demo.pickupAt
    ? await post(`/restaurants/${RESTAURANT}/orders`, orderBody(3, demo), {
        'idempotency-key': probeKey,
      })
    : now
  if (later.status !== 201) {
    demo.pickup = false
    demo.pickupAt = null
    demo.pickupRefusal = later.text.slice(0, 200)
  }
  return demo
}

/** The first time the restaurant offers for a pickup, on its first day with one; null if none. */
async function firstPickupSlot(/** @type {string} */ baseUrl) {
  const url = `${baseUrl}${API}/restaurants/${RESTAURANT}/slots?type=pickup`
  /** @param {string} address */
  const read = async (address) => {
    const response = await fetch(address)
    if (!response.ok) throw new Error(`GET slots answered ${response.status}`)
    return /** @type {{ days: string[], slots: Array<{ at: string }> }} */ (await response.json())
  }
  let offered = await read(url)
  if (offered.slots.length === 0 && offered.days[0]) {
    offered = await read(`${url}&date=${offered.days[0]}`)
  }
  return offered.slots[0]?.at ?? null
}

/**
 * Order `i`: every fourth a pickup (when the restaurant takes them now), the others dine-in
 * round the twelve tables; one to three lines. The same `i` always gives the same body.
 * @param {number} i @param {Demo} demo @returns {OrderBody}
 */
export function orderBody(i, demo) {
  const { dishIds, sessionIds } = demo
  const lines = Array.from({ length: 1 + (i % 3) }, (_, k) => ({
    dishId: dishIds[(i * 7 + k * 13) % dishIds.length] ?? '',
    quantity: 1 + ((i + k) % 2),
    optionIds: [],
  }))
  if (demo.pickup && i % 4 === 3) {
    return {
      type: 'pickup',
      lines,
      paymentMethod: 'cash',
      contact: { name: `Guest ${i}`, phone: `+79${String(i % 1e9).padStart(9, '0')}` },
      ...(demo.pickupAt ? { scheduledFor: demo.pickupAt } : {}),
    }
  }
  return {
    type: 'dine_in',
    lines,
    paymentMethod: 'cash',
    tableSessionId: sessionIds[i % sessionIds.length] ?? '',
  }
}

/** A prefix for the run's idempotency keys, so the database count sees only this run's orders. */
export const runKeyPrefix = (/** @type {string} */ name) =>
  `${name}-${randomBytes(4).toString('hex')}`

/**
 * A database of the run's own on a PostgreSQL server, dropped afterwards.
 * @param {string} url @param {string} prefix
 */
export async function createScratchDatabase(url, prefix) {
  const { default: pg } = await import('pg')
  const name = `${prefix}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  try {
    await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
  const target = new URL(url)
  target.pathname = `/${name}`
  return {
    name,
    url: target.toString(),
    /**
     * The server's postmaster, read as the parent of a connection while it is open; undefined
     * when the server is not on this machine.
     */
    async postmaster() {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        const { rows } = await client.query('select pg_backend_pid() as pid')
        return processStat(Number(rows[0]?.pid))?.parent
      } finally {
        await client.end()
      }
    },
    async drop() {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        await client.query(`drop database if exists ${name} with (force)`)
      } finally {
        await client.end()
      }
    },
  }
}

/**
 * Every order of this run as the database holds it: key → id and number. Embedded: opens the
 * data directory itself, so the server must have stopped (its lock file gone).
 * @param {{ dataDir: string } | { url: string }} where @param {string} keyPrefix
 * @returns {Promise<{ rows: number, byKey: Map<string, { id: string, number: number }>,
 *   distinctIds: number, distinctNumbers: number }>}
 */
export async function ordersInDatabase(where, keyPrefix) {
  const query =
    'select idempotency_key as key, id::text as id, number from orders ' +
    'where restaurant_id = $1 and starts_with(idempotency_key, $2)'
  /** @type {Array<{ key: string, id: string, number: number }>} */
  let rows
  if ('dataDir' in where) {
    if (existsSync(join(where.dataDir, 'tableside.lock'))) {
      throw new Error(
        `${where.dataDir} is still locked: a server holds it, or did not stop cleanly`,
      )
    }
    const { PGlite } = await import('@electric-sql/pglite')
    const db = await PGlite.create({ dataDir: join(where.dataDir, 'pgdata') })
    try {
      rows = (await db.query(/** @type {string} */ (query), [RESTAURANT, keyPrefix])).rows.map(
        (row) => /** @type {{ key: string, id: string, number: number }} */ (row),
      )
    } finally {
      await db.close()
    }
  } else {
    const { default: pg } = await import('pg')
    const client = new pg.Client({ connectionString: where.url })
    await client.connect()
    try {
      rows = (await client.query(query, [RESTAURANT, keyPrefix])).rows.map(
        (row) => /** @type {{ key: string, id: string, number: number }} */ (row),
      )
    } finally {
      await client.end()
    }
  }
  /** @type {Map<string, { id: string, number: number }>} */
  const byKey = new Map()
  for (const row of rows) byKey.set(row.key, { id: row.id, number: Number(row.number) })
  return {
    rows: rows.length,
    byKey,
    distinctIds: new Set(rows.map((row) => row.id)).size,
    distinctNumbers: new Set(rows.map((row) => Number(row.number))).size,
  }
}

/**
 * Sends every key's order again and checks the answer is a replay of the order acknowledged
 * for it: 201, `idempotent-replayed: true`, the same id and number. `concurrency` at a time.
 * @param {Post} post @param {Map<string, { body: OrderBody, id: string, number: number }>} acked
 * @param {number} concurrency
 */
export async function replayAll(post, acked, concurrency) {
  const entries = [...acked]
  /** @type {number[]} */
  const latencies = []
  /** @type {string[]} */
  const problems = []
  let next = 0
  const started = performance.now()
  const worker = async () => {
    while (next < entries.length) {
      const entry = entries[next++]
      if (!entry) break
      const [key, { body, id, number }] = entry
      const sent = performance.now()
      try {
        const reply = await post(`/restaurants/${RESTAURANT}/orders`, body, {
          'idempotency-key': key,
        })
        latencies.push(performance.now() - sent)
        if (reply.status !== 201 || !reply.replayed) {
          problems.push(
            `${key}: ${reply.status}, replayed=${reply.replayed} ${reply.text.slice(0, 120)}`,
          )
          continue
        }
        const order = orderOf(reply.text)
        if (order.id !== id || order.number !== number) {
          problems.push(
            `${key}: acknowledged ${id} #${number}, replayed ${order.id} #${order.number}`,
          )
        }
      } catch (error) {
        problems.push(`${key}: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  const seconds = (performance.now() - started) / 1000
  return { problems, rate: entries.length / seconds, latency: latencySummary(latencies) }
}

/**
 * Compares the acknowledged orders with the database: lost (acknowledged, absent or another
 * id), duplicated (two rows of one key cannot exist; two keys sharing an id or number would
 * show as fewer distinct ids or numbers), and rows nobody was told about.
 * @param {Map<string, { id: string, number: number }>} acked
 * @param {Awaited<ReturnType<typeof ordersInDatabase>>} stored
 */
export function compareWithDatabase(acked, stored) {
  let lost = 0
  for (const [key, { id, number }] of acked) {
    const row = stored.byKey.get(key)
    if (row?.id !== id || row.number !== number) lost++
  }
  const unacknowledged = [...stored.byKey.keys()].filter((key) => !acked.has(key)).length
  const duplicated =
    stored.rows -
    stored.byKey.size +
    (stored.rows - stored.distinctIds) +
    (stored.rows - stored.distinctNumbers)
  return { lost, duplicated, unacknowledged }
}
