import { randomUUID } from 'node:crypto'
import type { Page } from 'playwright-core'
import type { CartLine } from '@tableside/contracts/cart'
import type { OrderStatus } from '@tableside/contracts/order-status'
import {
  order,
  slots,
  type Contact,
  type Slots,
  type DeliveryAddress,
  type Order,
} from '@tableside/contracts/orders'
import { payment } from '@tableside/contracts/payments'
import { SANDBOX_ACQUIRER_PREFIX } from '@tableside/contracts/sandbox-acquirer'
import { tableSession, type TableSession } from '@tableside/contracts/table-sessions'
import { waiterCall, type WaiterCall } from '@tableside/contracts/waiter-calls'
import { demoTableTokens, type ServerProcess } from '../../../scripts/lib/server-process.mjs'
import { apiPost } from './api-request'
import { baseUrl, restaurantId, restaurantUrl, storageKey, tableToken } from './fixtures'

/** Helpers for stories at a table: what the diner's other phone, or the waiter, does through the API. */
const api = (path: string) => `${baseUrl()}/api/v1${path}`

const send = (
  path: string,
  { body, headers }: { body?: unknown; headers?: Record<string, string> },
) => apiPost(path, body, headers ? { headers } : {})

/** Opens (or joins) the table's session, as scanning its QR code does. */
export async function openTable(tableCode: string): Promise<TableSession> {
  return tableSession.parse(
    await send(`/restaurants/${restaurantId()}/table-sessions`, {
      body: { tableToken: tableToken(tableCode) },
    }),
  )
}

/** Places a dine-in order to the table, paid in cash, once per call (its own Idempotency-Key). */
export async function placeTableOrder(
  session: TableSession,
  lines: CartLine[],
  paymentMethod: 'cash' | 'card' = 'cash',
): Promise<Order> {
  return order.parse(
    await send(`/restaurants/${restaurantId()}/orders`, {
      headers: { 'idempotency-key': randomUUID() },
      body: { type: 'dine_in', lines, paymentMethod, tableSessionId: session.id },
    }),
  )
}

/** Whose phone a request comes from (a signed-in diner's headers) and to which server. */
interface Sender {
  /** A story's own server; the shared one when not given. */
  server?: ServerProcess
  headers?: Record<string, string>
}

/**
 * A dine-in order (in cash unless said) at a demo table (`T3`) of a story's own server, from a
 * session opened there as scanning the table's QR code does.
 */
export async function placeAtOwnDemoTable(
  server: ServerProcess,
  tableCode: string,
  lines: CartLine[],
  { paymentMethod = 'cash', headers = {} }: { paymentMethod?: 'cash' | 'card' } & Sender = {},
): Promise<Order> {
  const post = (path: string, body: unknown, more: Record<string, string> = {}) =>
    apiPost(`/restaurants/demo${path}`, body, {
      headers: { ...headers, ...more },
      server: server.url,
    })
  const tokens = await demoTableTokens(server)
  const tableToken = tokens[tableCode]
  if (tableToken === undefined) throw new Error(`the demo has no table ${tableCode}`)
  const session = tableSession.parse(await post('/table-sessions', { tableToken }))
  return order.parse(
    await post(
      '/orders',
      { type: 'dine_in', lines, paymentMethod, tableSessionId: session.id },
      { 'idempotency-key': randomUUID() },
    ),
  )
}

/**
 * Pays a card order at the sandbox acquirer as its page would, with one of its test cards;
 * the payment's id, which the shop's success and fail pages are opened with.
 */
export async function payOrderByCard(
  placed: Order,
  cardNumber: string,
  { server, headers = {} }: Sender = {},
): Promise<string> {
  const started = payment.parse(
    await apiPost(
      `/orders/${placed.id}/payments`,
      { method: 'card' },
      {
        headers,
        ...(server ? { server: server.url } : {}),
      },
    ),
  )
  const ref = started.redirectUrl?.split('/').at(-1) ?? ''
  const origin = server?.url ?? baseUrl()
  const response = await fetch(`${origin}${SANDBOX_ACQUIRER_PREFIX}/payments/${ref}/card`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ number: cardNumber, expiry: '12/40', cvc: '123' }),
  })
  if (!response.ok) throw new Error(`sandbox card payment → ${String(response.status)}`)
  return started.id
}

/** A delivery in cash to the first slot the restaurant offers (its first open day). */
export const placeDelivery = (lines: CartLine[]): Promise<Order> =>
  placeForLater('delivery', lines, {
    address: { street: 'Арбат', house: '12', apartment: '5', intercom: '5К' },
  })

/**
 * A slot is taken only when it starts at least this long after the earliest the restaurant
 * books (now plus its lead time): a slot listed at 08:39:59.9 for 09:00 with a 20-minute lead
 * is refused when the order lands at 08:40:00.1, as it would be for a diner.
 */
const SLOT_MARGIN_MS = 60_000

/**
 * A delivery or pickup for the first slot the restaurant offers (its first open day), or the
 * first one whose time on the restaurant's clock is `at` ("22:30"); in cash unless
 * `more.paymentMethod` says otherwise. A slot about to pass its lead time is passed over for the
 * next one (or the next day's).
 */
export async function placeForLater(
  type: 'delivery' | 'pickup',
  lines: CartLine[],
  more: {
    address?: DeliveryAddress
    contact?: Contact
    at?: string
    paymentMethod?: 'cash' | 'card'
  } = {},
): Promise<Order> {
  const slotsOn = async (date?: string) => {
    const query = date === undefined ? '' : `&date=${date}`
    const response = await fetch(api(`/restaurants/${restaurantId()}/slots?type=${type}${query}`))
    return slots.parse(await response.json())
  }
  const wanted = (offered: Slots) => {
    const earliest = Date.now() + offered.leadTimeMinutes * 60_000 + SLOT_MARGIN_MS
    return offered.slots.find(
      (slot) =>
        (more.at === undefined || slot.label === more.at) && Date.parse(slot.at) >= earliest,
    )
  }
  const today = await slotsOn()
  let slot = wanted(today)
  for (const day of today.days) {
    if (day !== today.date) slot ??= wanted(await slotsOn(day))
  }
  if (!slot)
    throw new Error(`the restaurant offers no ${type} slot${more.at ? ` at ${more.at}` : ''}`)
  return order.parse(
    await send(`/restaurants/${restaurantId()}/orders`, {
      headers: { 'idempotency-key': randomUUID() },
      body: {
        type,
        lines,
        paymentMethod: more.paymentMethod ?? 'cash',
        contact: more.contact ?? { name: 'Мария', phone: '+79161234567' },
        ...(more.address ? { address: more.address } : {}),
        scheduledFor: slot.at,
      },
    }),
  )
}

/**
 * This browser joins the table and remembers these orders as its own, like after checkout
 * (on the shared server, or at `origin`: another name for it), and reads in `language` when
 * told (`en`: the language the hosted payment page's labels are agreed in).
 */
export async function seatAtTable(
  page: Page,
  session: TableSession,
  myOrders: readonly Order[] = [],
  { origin = baseUrl(), language }: { origin?: string; language?: 'en' | 'ru' } = {},
): Promise<void> {
  await page.goto(restaurantUrl('/menu', origin), { waitUntil: 'networkidle' })
  await page.evaluate(
    ([keys, session, orders, language]) => {
      localStorage.setItem(keys[0], session)
      localStorage.setItem(keys[1], orders)
      if (language) localStorage.setItem('tableside.language', language)
    },
    [
      [storageKey('table-session'), storageKey('my-orders')],
      JSON.stringify(session),
      JSON.stringify(myOrders.map((placed) => placed.id)),
      language ?? null,
    ] as const,
  )
}

/** Анна, the restaurant's waiter, signs in; her token goes in X-Garcon-Token. */
export async function waiterToken(): Promise<string> {
  const data = await send('/auth/garcon/login', {
    body: { restaurantId: restaurantId(), login: 'anna', pin: '1111' },
  })
  if (typeof data !== 'object' || data === null || !('token' in data)) throw new Error('no token')
  return String(data.token)
}

export async function moveOrder(token: string, id: string, status: OrderStatus): Promise<Order> {
  return order.parse(
    await send(`/garcon/orders/${id}/status`, {
      headers: { 'x-garcon-token': token },
      body: { status },
    }),
  )
}

/** The waiter takes the cash for an order. */
export async function takeCash(token: string, id: string): Promise<Order> {
  return order.parse(
    await send(`/garcon/orders/${id}/cash-paid`, { headers: { 'x-garcon-token': token } }),
  )
}

export async function answerCall(
  token: string,
  id: string,
  step: 'acknowledge' | 'done',
): Promise<WaiterCall> {
  return waiterCall.parse(
    await send(`/garcon/waiter-calls/${id}/${step}`, { headers: { 'x-garcon-token': token } }),
  )
}

export async function tableCalls(session: TableSession): Promise<WaiterCall[]> {
  const response = await fetch(api(`/table-sessions/${session.id}/waiter-calls`))
  const data: unknown = await response.json()
  if (typeof data !== 'object' || data === null || !('calls' in data) || !Array.isArray(data.calls))
    throw new Error(`no calls: ${JSON.stringify(data)}`)
  return data.calls.map((call) => waiterCall.parse(call))
}

/** Spaces in prices and times are no-break spaces; compare text as a person reads it. */
export const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim()

/** Roubles as the app shows them: the restaurant's locale (ru-RU), no kopecks when whole. */
export const rub = (minor: number) =>
  plain(
    new Intl.NumberFormat('ru-RU', {
      style: 'currency',
      currency: 'RUB',
      currencyDisplay: 'narrowSymbol',
      maximumFractionDigits: minor % 100 === 0 ? 0 : 2,
    }).format(minor / 100),
  )

export const borscht: CartLine = {
  dishId: 'borscht',
  quantity: 1,
  optionIds: ['salo'],
  comment: 'Без лука',
}
export const kvass: CartLine = { dishId: 'kvass', quantity: 2, optionIds: ['small'] }
export const herring: CartLine = { dishId: 'herring-potatoes', quantity: 1, optionIds: [] }
/** Borscht as it comes, without options or a comment. */
export const plainBorscht: CartLine = { dishId: 'borscht', quantity: 1, optionIds: [] }
