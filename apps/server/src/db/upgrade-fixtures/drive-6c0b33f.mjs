// Drives release 6c0b33f's API to write every kind of row it stores, for the upgrade fixture:
// `DATABASE_URL=… STAND_INS=http://127.0.0.1:PORT node drive-6c0b33f.mjs http://127.0.0.1:3999
// 0054-6c0b33f.requests.json` (README.md), from the release's checkout, with the stand-ins and
// the server started as for drive-cda386f.mjs (`--stand-ins`; АТОЛ's stand-in bundled from the
// release's source). The script ends once a table session has run out and the birthday sweep has
// run (about seven minutes).
// Beside what drive-cda386f.mjs wrote: a signed-in diner's receipt contact kept on her profile
// (migration 0053); a payment's receipt YooKassa's register refused, which the manager sent again
// as a receipt of its own for that payment (`POST /v3/receipts`, migration 0054: the receipt
// keeps the payment's id in `acquirer_ref` and the new receipt's in `provider_id`).
// Not written, beside what drive-cda386f.mjs lists: a refund whose answer from T-Bank was lost
// (`refund_sends`, migration 0052): its row lives only until the refund is sent again or its fate
// is read, and nothing in the release's API loses an acquirer's answer on purpose.
import { execFileSync } from 'node:child_process'
import { createServer } from 'node:http'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Secret, TOTP } from 'otpauth'
import sharp from 'sharp'

if (process.argv[2] === '--stand-ins') {
  // The stand-ins, from the release's build (АТОЛ's bundled from its source: README.md), and
  // an address to steer them by.
  const [server, first] = process.argv.slice(3)
  const port = Number(first)
  const dist = join(import.meta.dirname, '../../../dist')
  const { startYooKassaStandIn } = await import(join(dist, 'yookassa-stand-in.js'))
  const { startTBankStandIn } = await import(join(dist, 'tbank-stand-in.js'))
  const { startAtolStandIn } = await import(join(dist, 'atol-stand-in.js'))
  const yooKassa = await startYooKassaStandIn({
    port,
    notificationUrl: `${server}/api/v1/payments/webhooks/yookassa`,
  })
  const tBank = await startTBankStandIn({ port: port + 1 })
  const atol = await startAtolStandIn({ port: port + 2 })
  /** YooKassa's refunds still pending at the bank. */
  const pending = () =>
    [
      ...new Set(
        yooKassa.requests.filter((r) => r.path === '/v3/refunds').map((r) => r.body.payment_id),
      ),
    ]
      .flatMap((id) => yooKassa.refundsOf(id))
      .filter((refund) => refund.status === 'pending')
  const steer = {
    'POST /yookassa/hold': ({ hold }) => yooKassa.holdRefunds(hold),
    'POST /yookassa/settle': ({ status }) => {
      for (const refund of pending()) yooKassa.settleRefund(refund.id, status)
    },
    'GET /yookassa/pending': () => pending().length,
    'POST /yookassa/receipts': ({ end }) => yooKassa.receiptsWill(end),
    'POST /atol/reads': ({ reads }) => atol.setReadsUntilDone(reads),
    'POST /atol/refuse': ({ code, text }) => atol.refuseNext(code, text),
  }
  createServer((request, response) => {
    let raw = ''
    request.on('data', (chunk) => (raw += chunk))
    request.on('end', () => {
      const act = steer[`${request.method} ${request.url}`]
      const answer = act?.(raw ? JSON.parse(raw) : {})
      response.writeHead(act ? 200 : 404, { 'content-type': 'application/json' })
      response.end(JSON.stringify(answer ?? null))
    })
  }).listen(port + 3, '127.0.0.1')
  console.log(JSON.stringify({ yooKassa: yooKassa.apiUrl, tBank: tBank.apiUrl, atol: atol.apiUrl }))
  // Serves until stopped.
  await new Promise(() => {})
}

const base = process.argv[2]
const api = `${base}/api/v1`
const acquirer = `${base}/sandbox-acquirer/api`
let n = 0
async function call(method, path, body, headers = {}, root = api) {
  const raw = Buffer.isBuffer(body)
  const res = await fetch(`${root}${path}`, {
    method,
    headers: { ...(body && !raw ? { 'content-type': 'application/json' } : {}), ...headers },
    body: raw ? body : body ? JSON.stringify(body) : undefined,
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`)
  return text ? JSON.parse(text) : undefined
}
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const key = () => `upgrade-fixture-${++n}-${Date.now()}`
const menu = await call('GET', '/restaurants/demo/menu')
const dishes = menu.dishes
const simple = dishes.filter(
  (d) => d.modifierGroups.length === 0 && d.available && !d.ageRestricted,
)
const dish = (id) => simple.find((d) => d.id === id)
const line = (d, quantity = 1) => ({ dishId: d.id, quantity, optionIds: [] })
const withMods = dishes.find((d) => d.modifierGroups.some((g) => g.minChoices > 0))
const requests = []
async function order(body, headers = {}, restaurantId = 'demo') {
  const k = key()
  const placed = await call('POST', `/restaurants/${restaurantId}/orders`, body, {
    'idempotency-key': k,
    ...headers,
  })
  requests.push({
    idempotencyKey: k,
    ...(restaurantId === 'demo' ? {} : { restaurantId }),
    body,
    id: placed.id,
  })
  return placed
}
/** Steers the stand-ins (`--stand-ins`): YooKassa's refunds, АТОЛ's answers. */
const steer = (method, path, body) =>
  call(method, path, body, {}, process.env.STAND_INS ?? 'http://127.0.0.1:3992')
/**
 * The restaurant may be closed now: orders are for a slot (the `index`th) of the first day that
 * has that many left.
 */
async function slotOf(type, index = 2, restaurantId = 'demo') {
  const slots = `/restaurants/${restaurantId}/slots?type=${type}`
  const today = await call('GET', slots)
  for (const date of today.days) {
    const day = date === today.date ? today : await call('GET', `${slots}&date=${date}`)
    if (day.slots.length > index) return day.slots[index].at
  }
  throw new Error(`No ${type} slot ${index} at ${restaurantId}`)
}
/**
 * Pays a payment on the sandbox acquirer's page (a card number, or the SBP app's answer) and
 * waits for the acquirer's webhook to tell the release how it went.
 */
async function payOnPage(payment, how) {
  const ref = new URL(payment.redirectUrl, base).pathname.split('/').pop()
  if (how === 'sbp') {
    await call('POST', `/payments/${ref}/sbp`, { decision: 'confirm' }, {}, acquirer)
  } else {
    await call(
      'POST',
      `/payments/${ref}/card`,
      { number: how, expiry: '12/30', cvc: '123' },
      {},
      acquirer,
    )
  }
  await until(
    `payment ${payment.id} to go through or fail`,
    async () => (await call('GET', `/payments/${payment.id}`)).status !== 'pending',
    30_000,
    200,
  )
}
const CARD_OK = '4242424242424242'
const CARD_DECLINED = '4000000000000002'
/** Waits until `check` is true, asking every `everyMs`, for at most `ms`. */
async function until(what, check, ms, everyMs = 2000) {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(everyMs)) {
    if (await check()) return
  }
  throw new Error(`Gave up waiting for ${what}`)
}

// The manager: table links, and back-office changes that each write an audit entry.
const BROWSER = {
  'user-agent':
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
}
const manager = await call(
  'POST',
  '/auth/admin/login',
  { restaurantId: 'demo', login: 'manager', password: 'tableside-demo' },
  BROWSER,
)
const asManager = { 'x-manager-token': manager.token }
const floor = await call('GET', '/admin/tables', undefined, asManager)
const tokenOf = (code) =>
  new URL(floor.tables.find((t) => t.code === code).qrLink).searchParams.get('table')
const sit = (code) =>
  call('POST', '/restaurants/demo/table-sessions', { tableToken: tokenOf(code) })

// A table whose session runs out: opened while sessions last 5 minutes, the shortest setting.
const settings = await call('GET', '/admin/settings', undefined, asManager)
/** The settings as a save takes them: the one field the server's configuration sets left out. */
const saved = (
  { version, timezone, openingHours, callEscalationSeconds, bonusProgram, smsDailyBudget },
  diners,
  changes = {},
) => ({
  version,
  timezone,
  openingHours,
  settings: diners,
  callEscalationSeconds,
  bonusProgram,
  smsDailyBudget,
  ...changes,
})
// It stays open from 06:00 until 03:00 every day, so that the driver may run late or early: table
// sessions and orders for as soon as possible need it open.
const short = await call(
  'PUT',
  '/admin/settings',
  saved(
    settings,
    { ...settings.settings, tableSessionMinutes: 5 },
    {
      openingHours: settings.openingHours.map((hours) => ({
        ...hours,
        opens: '06:00',
        closes: '03:00',
      })),
    },
  ),
  asManager,
)
const t12 = await sit('T12')
// Back to the restaurant's settings, with a smaller SMS budget, a longer kitchen lead time and
// waiters allowed to refund.
await call(
  'PUT',
  '/admin/settings',
  saved(
    short,
    { ...settings.settings, kitchenLeadMinutes: 45, waiterRefunds: true },
    { smsDailyBudget: 150 },
  ),
  asManager,
)

await call('PUT', '/admin/menu/dishes/golubtsy/availability', { available: false }, asManager)
const stations = await call('GET', '/admin/stations', undefined, asManager)
await call(
  'POST',
  '/admin/stations',
  { name: 'Кондитерский цех', categoryIds: ['desserts'] },
  asManager,
)
await call(
  'PUT',
  '/admin/stations/thresholds',
  {
    warnMinutes: stations.thresholds.warnMinutes + 2,
    lateMinutes: stations.thresholds.lateMinutes + 5,
  },
  asManager,
)
await call(
  'POST',
  '/admin/tables/' + floor.tables.find((t) => t.code === 'T11').id + '/rotate-token',
  {},
  asManager,
)
const oleg = await call(
  'POST',
  '/admin/waiters',
  { name: 'Олег', login: 'oleg', pin: '4444' },
  asManager,
)
await call('PUT', `/admin/waiters/${oleg.id}/tables`, { tableCodes: ['T10', 'T11'] }, asManager)

// A manager added, who signs in, and whose password a colleague resets (her sign-in ends).
const vera = await call(
  'POST',
  '/admin/staff',
  { role: 'manager', name: 'Вера', login: 'vera', password: 'Shift-first-2026' },
  asManager,
)
await call(
  'POST',
  '/auth/admin/login',
  { restaurantId: 'demo', login: 'vera', password: 'Shift-first-2026' },
  BROWSER,
)
await call(
  'PUT',
  `/admin/staff/${vera.id}/password`,
  { password: 'Shift-second-2026', yourPassword: 'tableside-demo' },
  asManager,
)

// Photos: a dish and a story show one; another is uploaded and never used.
const picture = (top, bottom) =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: top } })
    .composite([
      {
        input: { create: { width: 400, height: 150, channels: 3, background: bottom } },
        top: 150,
        left: 0,
      },
    ])
    .jpeg()
    .toBuffer()
const upload = async (bytes) =>
  call('POST', '/admin/menu/photos', bytes, { ...asManager, 'content-type': 'image/jpeg' })
const shown = await upload(await picture('#b5452b', '#f2d49b'))
const unusedPhoto = await upload(await picture('#2b6cb5', '#9bf2c4'))
const logo = await upload(await picture('#1f1f1f', '#e8c547'))

// The restaurant's profile: its name in English, legal details and the logo.
const profile = await call('GET', '/admin/profile', undefined, asManager)
await call(
  'PUT',
  '/admin/profile',
  {
    version: profile.version,
    name: { ru: profile.name.ru, en: 'Tableside Demo' },
    address: profile.address,
    phone: profile.phone,
    logo: { url: logo.url, color: logo.color },
    legalName: 'ООО «Тейблсайд»',
    inn: '7707083893',
    taxSystem: 'usn_income',
    vatRate: 'none',
  },
  asManager,
)
const adminMenu = await call('GET', '/admin/menu', undefined, asManager)
const photoCategory = adminMenu.file.menus[0].categories.find((c) => c.dishes.length > 0)
const dishWithPhoto = photoCategory.dishes[0]
const photo = {
  url: shown.url,
  alt: { ru: 'Фото блюда', en: 'A photo of the dish' },
  color: shown.color,
}
await call(
  'PUT',
  `/admin/menu/dishes/${dishWithPhoto.id}`,
  { categoryId: photoCategory.id, dish: { ...dishWithPhoto, photo } },
  asManager,
)
await call(
  'PUT',
  '/admin/menu/stories',
  {
    stories: [
      ...adminMenu.file.stories,
      { id: 'uploaded-photo', title: { ru: 'Новое фото' }, media: photo, durationMs: 6000 },
    ],
  },
  asManager,
)

// The waiters sign in and start their shifts; a wrong PIN is counted.
const signIn = async (login, pin) => ({
  'x-garcon-token': (await call('POST', '/auth/garcon/login', { restaurantId: 'demo', login, pin }))
    .token,
})
const anna = await signIn('anna', '1111')
const igor = await signIn('igor', '2222')
await call('PUT', '/garcon/me/shift', { onShift: true }, anna)
await call('PUT', '/garcon/me/shift', { onShift: true }, igor)
await call('PATCH', '/garcon/me/profile', { language: 'en' }, igor)
const wrongPin = await fetch(`${api}/auth/garcon/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ restaurantId: 'demo', login: 'igor', pin: '9999' }),
})
if (wrongPin.status !== 401) throw new Error(`a wrong PIN answered ${wrongPin.status}`)
const kitchen = {
  'x-kitchen-token': (
    await call('POST', '/auth/kitchen/login', {
      restaurantId: 'demo',
      login: 'kitchen',
      pin: '3333',
    })
  ).token,
}
const status = (id, to, who = anna, reason) =>
  call('POST', `/garcon/orders/${id}/status`, reason ? { status: to, reason } : { status: to }, who)
const walk = async (id, steps, who = anna) => {
  for (const step of steps) await status(id, step, who)
}

const t1 = await sit('T1')
const t2 = await sit('T2')
const t3 = await sit('T3')
const t8 = await sit('T8')
const olga = { name: 'Ольга', phone: '+79161234567' }

// Dine-in, cooking and paid in cash to the waiter; the kitchen has bumped one of its dishes.
const cash = await order({
  type: 'dine_in',
  tableSessionId: t1.id,
  lines: [line(simple[0], 2), line(simple[1])],
  paymentMethod: 'cash',
  comment: 'Без лука',
})
await walk(cash.id, ['accepted', 'cooking'])
await call('POST', `/garcon/orders/${cash.id}/cash-paid`, {}, anna)
await call('POST', `/kitchen/orders/${cash.id}/bumps`, { lines: [0] }, kitchen)

// Dine-in paid online by card, then cancelled by the waiter: the money is refunded.
const refunded = await order({
  type: 'dine_in',
  tableSessionId: t8.id,
  lines: [
    line(simple[2]),
    {
      dishId: withMods.id,
      quantity: 1,
      optionIds: [withMods.modifierGroups[0].options[1].id],
      comment: 'Погорячее',
    },
  ],
  paymentMethod: 'card',
})
await payOnPage(await call('POST', `/orders/${refunded.id}/payments`, { method: 'card' }), CARD_OK)
await status(refunded.id, 'accepted', igor)
await status(refunded.id, 'cancelled', igor, 'Закончилась икра')

// Pickup waiting to be accepted; delivery the kitchen cooked, out for delivery.
const pickup = await order({
  type: 'pickup',
  contact: olga,
  scheduledFor: await slotOf('pickup'),
  lines: [line(simple[3])],
  paymentMethod: 'cash',
})
const delivery = await order({
  type: 'delivery',
  contact: olga,
  scheduledFor: await slotOf('delivery'),
  address: { street: 'Тверская', house: '7', apartment: '12', intercom: '12К' },
  lines: [line(simple[0], 3), line(simple[4], 3)],
  paymentMethod: 'cash',
})
await status(delivery.id, 'accepted')
await call('POST', `/kitchen/orders/${delivery.id}/bumps`, { lines: [0, 1] }, kitchen)
await status(delivery.id, 'out_for_delivery')

// A pre-order with its card payment still pending on the acquirer's page.
const pre = await order({
  type: 'preorder',
  contact: olga,
  guests: 4,
  scheduledFor: await slotOf('preorder', 0),
  lines: [line(simple[1], 3)],
  paymentMethod: 'card',
})
const pending = await call('POST', `/orders/${pre.id}/payments`, { method: 'card' })

// A pickup the diner cancelled.
const cancelled = await order({
  type: 'pickup',
  scheduledFor: await slotOf('pickup'),
  contact: { name: 'Пётр', phone: '+79031234567' },
  lines: [line(simple[5])],
  paymentMethod: 'cash',
})
await call('POST', `/orders/${cancelled.id}/cancel`, {})

// Table T2: a diner's order and one the waiter placed for guests without phones, both served and
// completed, then the whole bill paid by card with a tip the diner rated: the visit is settled.
const served = await order({
  type: 'dine_in',
  tableSessionId: t2.id,
  lines: [line(simple[6], 2), line(simple[20])],
  paymentMethod: 'card',
})
const byWaiter = await call(
  'POST',
  `/garcon/table-sessions/${t2.id}/orders`,
  { lines: [line(simple[9])], comment: 'Гостю без телефона' },
  { ...anna, 'idempotency-key': key() },
)
for (const id of [served.id, byWaiter.id]) {
  await walk(id, ['accepted', 'cooking', 'ready', 'served', 'completed'])
}
const bill = await call('GET', `/table-sessions/${t2.id}/bill`)
const billPayment = await call('POST', `/table-sessions/${t2.id}/payments`, {
  method: 'card',
  choice: { mode: 'remaining' },
  tip: 20000,
  expectedAmount: bill.totals.due,
})
await payOnPage(billPayment, CARD_OK)
await call('POST', `/payments/${billPayment.id}/feedback`, { rating: 5, comment: 'Спасибо, Анна!' })

// Table T8: a dine-in order ready, one the waiter cancelled, the guests moved to T9 and the
// table's cash taken at once.
const ready = await order({
  type: 'dine_in',
  tableSessionId: t8.id,
  lines: [line(simple[7])],
  paymentMethod: 'cash',
})
await walk(ready.id, ['accepted', 'cooking', 'ready'], igor)
const dropped = await order({
  type: 'dine_in',
  tableSessionId: t8.id,
  lines: [line(simple[8])],
  paymentMethod: 'cash',
})
await status(dropped.id, 'cancelled', igor, 'Гость передумал')
await call('POST', `/garcon/table-sessions/${t8.id}/move`, { tableCode: 'T9' }, igor)
await call('POST', `/garcon/table-sessions/${t8.id}/cash-paid`, undefined, {
  ...igor,
  'idempotency-key': key(),
})

// A delivery completed and paid in cash; a pre-order served, paid in cash.
const delivered = await order({
  type: 'delivery',
  contact: olga,
  address: { street: 'Покровка', house: '17', entrance: '2', floor: '3' },
  lines: [line(simple[13], 2)],
  paymentMethod: 'cash',
})
await walk(delivered.id, ['accepted', 'cooking', 'ready', 'out_for_delivery', 'completed'])
await call('POST', `/garcon/orders/${delivered.id}/cash-paid`, {}, anna)
const preServed = await order({
  type: 'preorder',
  contact: olga,
  guests: 2,
  scheduledFor: await slotOf('preorder', 1),
  lines: [line(simple[14]), line(simple[21], 2)],
  paymentMethod: 'cash',
})
await walk(preServed.id, ['accepted', 'cooking', 'ready', 'served'])
await call('POST', `/garcon/orders/${preServed.id}/cash-paid`, {}, anna)

// A pickup accepted, whose card was declined and whose next payment the diner gave up, then
// paid through SBP.
const accepted = await order({
  type: 'pickup',
  contact: { name: 'Пётр', phone: '+79031234567' },
  lines: [line(simple[10])],
  paymentMethod: 'sbp',
})
await payOnPage(
  await call('POST', `/orders/${accepted.id}/payments`, { method: 'card' }),
  CARD_DECLINED,
)
const givenUp = await call('POST', `/orders/${accepted.id}/payments`, { method: 'card' })
await call('POST', `/payments/${givenUp.id}/cancel`, {})
await payOnPage(await call('POST', `/orders/${accepted.id}/payments`, { method: 'sbp' }), 'sbp')
await status(accepted.id, 'accepted')

// A pickup whose card was declined and nothing paid since: its payment state is failed.
const failed = await order({
  type: 'pickup',
  contact: { name: 'Пётр', phone: '+79031234567' },
  scheduledFor: await slotOf('pickup'),
  lines: [line(simple[11])],
  paymentMethod: 'card',
})
await payOnPage(
  await call('POST', `/orders/${failed.id}/payments`, { method: 'card' }),
  CARD_DECLINED,
)

/** The order as the manager sees it, once the acquirer has taken each of its refunds. */
async function refundsDone(orderId) {
  let detail
  await until(
    `the refunds of order ${orderId} to be done`,
    async () => {
      detail = await call('GET', `/admin/orders/${orderId}`, undefined, asManager)
      return detail.refunds.every((refund) => refund.state !== 'in_progress')
    },
    30_000,
    300,
  )
  if (detail.refunds.some((refund) => refund.state !== 'done')) {
    throw new Error(`A refund of order ${orderId} failed: ${JSON.stringify(detail.refunds)}`)
  }
  return detail
}

// Table T4: a dine-in order paid by card with a tip at checkout (Анна's), served; the manager
// refunds one of two of its first dish, makes its second dish free (money back: it was paid)
// and refunds part of the tip.
const t4 = await sit('T4')
const tipped = await order({
  type: 'dine_in',
  tableSessionId: t4.id,
  lines: [line(simple[15], 2), line(simple[16])],
  paymentMethod: 'card',
})
const tippedPayment = await call('POST', `/orders/${tipped.id}/payments`, {
  method: 'card',
  tip: 15000,
})
await payOnPage(tippedPayment, CARD_OK)
await walk(tipped.id, ['accepted', 'cooking', 'ready', 'served'])
await call(
  'POST',
  `/admin/orders/${tipped.id}/refunds`,
  { kind: 'part', lines: [{ line: 0, quantity: 1 }], reason: 'Пересолено' },
  asManager,
)
await refundsDone(tipped.id)
await call(
  'POST',
  `/admin/orders/${tipped.id}/refunds`,
  { kind: 'comp', lines: [{ line: 1, quantity: 1 }], reason: 'Долго ждали' },
  asManager,
)
await refundsDone(tipped.id)
await call(
  'POST',
  `/admin/orders/${tipped.id}/tip-refunds`,
  { paymentId: tippedPayment.id, amount: 5000, reason: 'Гость ошибся с чаевыми' },
  asManager,
)
await refundsDone(tipped.id)

// Table T5, Анна's, where waiters may refund: an order paid by card with a tip, which she
// cancels with its money and its tip back; one paid in cash to her, one of whose dishes she
// hands back in cash; and one not paid yet, a line of which she makes free.
const t5 = await sit('T5')
const waiterCancelled = await order({
  type: 'dine_in',
  tableSessionId: t5.id,
  lines: [line(simple[17])],
  paymentMethod: 'card',
})
await payOnPage(
  await call('POST', `/orders/${waiterCancelled.id}/payments`, { method: 'card', tip: 5000 }),
  CARD_OK,
)
await status(waiterCancelled.id, 'accepted')
await call(
  'POST',
  `/garcon/orders/${waiterCancelled.id}/cancel`,
  { reason: 'Кухня не успевает', refundTip: true },
  anna,
)
await refundsDone(waiterCancelled.id)
const cashBack = await order({
  type: 'dine_in',
  tableSessionId: t5.id,
  lines: [line(simple[18], 2), line(simple[19])],
  paymentMethod: 'cash',
})
await walk(cashBack.id, ['accepted', 'cooking', 'ready', 'served'])
await call('POST', `/garcon/orders/${cashBack.id}/cash-paid`, {}, anna)
await call(
  'POST',
  `/garcon/orders/${cashBack.id}/refunds`,
  { kind: 'part', lines: [{ line: 0, quantity: 1 }], reason: 'Принесли не то блюдо' },
  anna,
)
const comped = await order({
  type: 'dine_in',
  tableSessionId: t5.id,
  lines: [line(simple[22]), line(simple[3])],
  paymentMethod: 'cash',
})
await walk(comped.id, ['accepted', 'cooking'])
await call(
  'POST',
  `/garcon/orders/${comped.id}/refunds`,
  { kind: 'comp', lines: [{ line: 1, quantity: 1 }], reason: 'Комплимент от шефа' },
  anna,
)

// Table T6: two guests; one pays half the bill by SBP, the waiter takes the rest in cash: the
// order was paid two ways (`paidWith`, read from its payments: decision 0130).
const t6 = await sit('T6')
const halves = await order({
  type: 'dine_in',
  tableSessionId: t6.id,
  lines: [line(dish('pozharsky-cutlets')), line(dish('duck-leg'), 2)],
  paymentMethod: 'cash',
})
await walk(halves.id, ['accepted', 'cooking', 'ready', 'served'])
const t6Bill = await call('GET', `/table-sessions/${t6.id}/bill`)
await payOnPage(
  await call('POST', `/table-sessions/${t6.id}/payments`, {
    method: 'sbp',
    choice: { mode: 'share', parts: 2 },
    tip: 0,
    expectedAmount: Math.min(Math.ceil(t6Bill.totals.due / 2), t6Bill.totals.due),
  }),
  'sbp',
)
await call('POST', `/garcon/orders/${halves.id}/cash-paid`, {}, anna)
const halvesPaid = await call('GET', `/orders/${halves.id}`)
if (halvesPaid.paidWith.join() !== 'sbp,cash' && halvesPaid.paidWith.join() !== 'cash,sbp') {
  throw new Error(`T6's order was paid with ${JSON.stringify(halvesPaid.paidWith)}`)
}

// A pickup paid through SBP with a tip for the pool, which the manager cancels: the money goes
// back, the tip stays.
const pickupCancelled = await order({
  type: 'pickup',
  contact: { name: 'Пётр', phone: '+79031234567' },
  lines: [line(simple[2], 2)],
  paymentMethod: 'sbp',
})
await payOnPage(
  await call('POST', `/orders/${pickupCancelled.id}/payments`, { method: 'sbp', tip: 3000 }),
  'sbp',
)
await call(
  'POST',
  `/admin/orders/${pickupCancelled.id}/cancel`,
  { reason: 'Закрываемся раньше', refundTip: false },
  asManager,
)
await refundsDone(pickupCancelled.id)

// The diner signs in by the code the SMS sandbox sent, taking her orders along; her profile,
// address, bonus card (welcome points) and favourites.
await call('POST', '/auth/client/otp', { restaurantId: 'demo', phone: olga.phone, consent: true })
const sms = await fetch(`${base}/dev/sms?phone=${encodeURIComponent(olga.phone)}`, {
  headers: { accept: 'application/json' },
}).then((res) => res.json())
const code = /\d{6}/.exec(sms.messages[0].text)[0]
const signedIn = await call('POST', '/auth/client/verify', {
  phone: olga.phone,
  code,
  orderIds: [pickup.id, delivery.id, pre.id, delivered.id, preServed.id],
})
const asOlga = { 'x-profile-token': signedIn.token }
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(new Date())
await call(
  'PATCH',
  '/me',
  {
    name: 'Ольга',
    birthday: `1990${today.slice(4)}`,
    language: 'ru',
    receiptContact: 'olga@example.ru',
  },
  asOlga,
)
await call('POST', '/me/addresses', { street: 'Тверская', house: '7', apartment: '12' }, asOlga)
await call('POST', '/me/bonus-card', { restaurantId: 'demo', acceptRules: true }, asOlga)
await call('PUT', `/me/favorites/${simple[6].id}?restaurantId=demo`, undefined, asOlga)
await call('PUT', `/me/favorites/${withMods.id}?restaurantId=demo`, undefined, asOlga)

// She spends points on a pickup paid by card, which earns points once it is completed; and
// gets the points of a pickup she cancelled back.
const withPoints = await order(
  {
    type: 'pickup',
    contact: olga,
    lines: [line(dish('beef-stroganoff'))],
    paymentMethod: 'card',
    bonusPoints: 100,
  },
  asOlga,
)
await payOnPage(
  await call('POST', `/orders/${withPoints.id}/payments`, { method: 'card' }, asOlga),
  CARD_OK,
)
await walk(withPoints.id, ['accepted', 'cooking', 'ready', 'completed'])
// The manager refunds an amount of it: its share of the points it earned is taken back.
await call(
  'POST',
  `/admin/orders/${withPoints.id}/refunds`,
  { kind: 'part', amount: 10000, reason: 'Порция меньше обычной' },
  asManager,
)
await refundsDone(withPoints.id)
const pointsBack = await order(
  {
    type: 'pickup',
    contact: olga,
    lines: [line(dish('chicken-kiev'))],
    paymentMethod: 'cash',
    bonusPoints: 50,
  },
  asOlga,
)
await call('POST', `/orders/${pointsBack.id}/cancel`, {})

// Points spent at checkout come back in parts (migration 0050): a pickup of three dishes she
// spends points on, paid in cash and completed (it earns points), one dish of which the manager
// refunds and then another; each refund gives back its share of the spent points and takes back
// its share of the earned ones.
const inParts = await order(
  {
    type: 'pickup',
    contact: olga,
    lines: [line(dish('beef-stroganoff'), 2), line(dish('chicken-kiev'))],
    paymentMethod: 'cash',
    bonusPoints: 100,
  },
  asOlga,
)
await walk(inParts.id, ['accepted', 'cooking', 'ready'])
await call('POST', `/garcon/orders/${inParts.id}/cash-paid`, {}, anna)
await status(inParts.id, 'completed')
for (const [refundLine, reason] of [
  [0, 'Остыло'],
  [1, 'Гость передумал'],
]) {
  await call(
    'POST',
    `/admin/orders/${inParts.id}/refunds`,
    { kind: 'part', lines: [{ line: refundLine, quantity: 1 }], reason },
    asManager,
  )
}
const inPartsDone = await refundsDone(inParts.id)
const returns = inPartsDone.refunds.filter((refund) => refund.pointsReturned > 0)
if (returns.length < 2 || !inPartsDone.refunds.some((refund) => refund.pointsTakenBack > 0)) {
  throw new Error(`Points did not come back in parts: ${JSON.stringify(inPartsDone.refunds)}`)
}

// Calls: a bill call the waiter acknowledged, a request still open, one nobody answered (it
// escalates after 10 s), and at T3 one dealt with before the waiter closed the table.
const billCall = await call('POST', '/restaurants/demo/waiter-calls', {
  tableSessionId: t1.id,
  reason: 'bill',
})
await call('POST', `/garcon/waiter-calls/${billCall.id}/acknowledge`, {}, anna)
await call('POST', '/restaurants/demo/waiter-calls', {
  tableSessionId: t1.id,
  reason: 'other',
  comment: 'Принесите плед',
})
await call('POST', '/restaurants/demo/waiter-calls', { tableSessionId: t8.id, reason: 'waiter' })
const doneCall = await call('POST', '/restaurants/demo/waiter-calls', {
  tableSessionId: t3.id,
  reason: 'waiter',
})
await call('POST', `/garcon/waiter-calls/${doneCall.id}/acknowledge`, {}, anna)
await call('POST', `/garcon/waiter-calls/${doneCall.id}/done`, {}, anna)
await call('POST', `/garcon/table-sessions/${t3.id}/close`, {}, anna)

// The demo tries YooKassa (the stand-in's test account), its receipts sent with YooKassa's
// payments (migration 0049): a pickup paid by card through it, the receipt to the diner's email,
// an amount of which the manager refunds through it (the refund's receipt goes the same way).
const STAND_IN = { accountId: '100500', secretKey: 'test_StandInSecretKey0000000000000000000000' }
await call(
  'PUT',
  '/admin/payment-account',
  { provider: 'yookassa', ...STAND_IN, live: false, methods: ['card', 'sbp'] },
  asManager,
)
const NO_ATOL = { atol: null, companyEmail: null, paymentAddress: null }
await call('PUT', '/admin/fiscal-settings', { mode: 'acquirer', ...NO_ATOL }, asManager)
const petr = { name: 'Пётр', phone: '+79031234567' }
/** Pays on YooKassa's (or T-Bank's) stand-in page and waits until the release has heard. */
async function payOnStandIn(payment) {
  const page = await fetch(payment.redirectUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'answer=succeed',
    redirect: 'manual',
  })
  if (page.status !== 303) throw new Error(`The acquirer's page answered ${page.status}`)
  await until(
    `payment ${payment.id} to go through`,
    async () => (await call('GET', `/payments/${payment.id}`)).status === 'succeeded',
    30_000,
    200,
  )
}
const byYooKassa = await order({
  type: 'pickup',
  contact: petr,
  lines: [line(simple[24]), line(simple[25])],
  paymentMethod: 'card',
})
await payOnStandIn(
  await call('POST', `/orders/${byYooKassa.id}/payments`, {
    method: 'card',
    receiptContact: 'petr@example.ru',
  }),
)
await call(
  'POST',
  `/admin/orders/${byYooKassa.id}/refunds`,
  { kind: 'part', lines: [{ line: 1, quantity: 1 }], reason: 'Лимонада не было' },
  asManager,
)
await refundsDone(byYooKassa.id)

// YooKassa's register refuses a payment's receipt; the manager sends it again, as a receipt of
// its own for the payment (`POST /v3/receipts`, decision 0147), which is registered.
await steer('POST', '/yookassa/receipts', { end: 'canceled' })
const receiptRefused = await order({
  type: 'pickup',
  contact: petr,
  lines: [line(simple[26])],
  paymentMethod: 'card',
})
await payOnStandIn(
  await call('POST', `/orders/${receiptRefused.id}/payments`, {
    method: 'card',
    receiptContact: 'petr@example.ru',
  }),
)
const [yooKassaRefused] = await receiptsOf(receiptRefused.id, 1, ['failed'])
await steer('POST', '/yookassa/receipts', { end: 'succeeded' })
await call('POST', `/admin/receipts/${yooKassaRefused.id}/retry`, undefined, asManager)
const [yooKassaAgain] = await receiptsOf(receiptRefused.id, 1, ['done'])
// Its own receipt's id now, the payment's kept aside (`acquirer_ref`).
if (yooKassaAgain.providerId === yooKassaRefused.providerId) {
  throw new Error(`The receipt was not sent again: ${JSON.stringify(yooKassaAgain)}`)
}

/** The order's refund, once it is in `state` (the acquirer's answer read back). */
async function refundIn(orderId, refundId, state) {
  await until(
    `refund ${refundId} to be ${state}`,
    async () => {
      const detail = await call('GET', `/admin/orders/${orderId}`, undefined, asManager)
      return detail.refunds.find((refund) => refund.id === refundId)?.state === state
    },
    60_000,
    300,
  )
}
/** Asks for a refund of the order; its new row. */
async function refund(orderId, body) {
  const before = await call('GET', `/admin/orders/${orderId}`, undefined, asManager)
  const after = await call('POST', `/admin/orders/${orderId}/refunds`, body, asManager)
  const known = new Set(before.refunds.map((row) => row.id))
  return after.refunds.find((row) => !known.has(row.id))
}
/** Waits until YooKassa's stand-in holds `count` refunds pending. */
const bankHolds = (count) =>
  until(
    `the bank to hold ${count} refunds`,
    async () => (await steer('GET', '/yookassa/pending')) === count,
    30_000,
    200,
  )

// YooKassa holds refunds at the bank (decisions 0130, 0139): of a pickup paid through it, an
// amount the bank refuses, which the manager asks for again and which is then done; a dish the
// bank refuses, left so (the dish is back on the order); and a dish still pending at the bank.
const heldAtBank = await order({
  type: 'pickup',
  contact: petr,
  lines: [line(simple[0]), line(simple[1]), line(simple[2])],
  paymentMethod: 'card',
})
await payOnStandIn(
  await call('POST', `/orders/${heldAtBank.id}/payments`, {
    method: 'card',
    receiptContact: '+79031234567',
  }),
)
await steer('POST', '/yookassa/hold', { hold: true })
const askedAgain = await refund(heldAtBank.id, {
  kind: 'part',
  amount: 10000,
  reason: 'Долго ждали заказ',
})
await bankHolds(1)
await steer('POST', '/yookassa/settle', { status: 'canceled' })
await refundIn(heldAtBank.id, askedAgain.id, 'failed')
const refused = await refund(heldAtBank.id, {
  kind: 'part',
  lines: [{ line: 0, quantity: 1 }],
  reason: 'Блюдо подали холодным',
})
await bankHolds(1)
await steer('POST', '/yookassa/settle', { status: 'canceled' })
await refundIn(heldAtBank.id, refused.id, 'failed')
await steer('POST', '/yookassa/hold', { hold: false })
await call(
  'POST',
  `/admin/orders/${heldAtBank.id}/refunds/${askedAgain.id}/retry`,
  undefined,
  asManager,
)
await refundIn(heldAtBank.id, askedAgain.id, 'done')
await steer('POST', '/yookassa/hold', { hold: true })
const atBank = await refund(heldAtBank.id, {
  kind: 'part',
  lines: [{ line: 1, quantity: 1 }],
  reason: 'Забыли положить соус',
})
await bankHolds(1)
await until(
  `refund ${atBank.id} to wait at the bank`,
  async () => {
    const detail = await call('GET', `/admin/orders/${heldAtBank.id}`, undefined, asManager)
    const row = detail.refunds.find((candidate) => candidate.id === atBank.id)
    return row?.state === 'in_progress' && row.providerRefundId !== null
  },
  30_000,
  300,
)

// A category and a dish take VAT rates of their own on receipts (migration 0049).
const menuNow = await call('GET', '/admin/menu', undefined, asManager)
/** The category (at any depth) that holds the dish. */
const categoryOf = (categories, dishId) => {
  for (const category of categories) {
    if (category.dishes.some((d) => d.id === dishId)) return category
    const found = categoryOf(category.categories, dishId)
    if (found) return found
  }
  return undefined
}
const allCategories = menuNow.file.menus.flatMap((m) => m.categories)
const vatCategory = categoryOf(allCategories, simple[3].id)
await call(
  'PUT',
  `/admin/menu/categories/${vatCategory.id}`,
  { name: vatCategory.name, description: vatCategory.description, vatRate: 'vat10' },
  asManager,
)
const vatDishCategory = categoryOf(allCategories, simple[4].id)
const vatDish = vatDishCategory.dishes.find((d) => d.id === simple[4].id)
await call(
  'PUT',
  `/admin/menu/dishes/${vatDish.id}`,
  { categoryId: vatDishCategory.id, dish: { ...vatDish, vatRate: 'vat20' } },
  asManager,
)

// Then its receipts go to its own online cash register at АТОЛ Онлайн (the stand-in's test
// account, its password sealed with SECRETS_KEY), and it takes payments through the sandbox
// again, which keeps the YooKassa account and its sealed secret for the payments YooKassa holds.
await call(
  'PUT',
  '/admin/fiscal-settings',
  {
    mode: 'atol',
    atol: {
      login: 'tableside-test',
      password: 'StandInPass1',
      groupCode: 'group_code_0001',
      live: false,
    },
    companyEmail: 'cheki@tableside.example',
    paymentAddress: 'https://tableside.example',
  },
  asManager,
)
await call(
  'PUT',
  '/admin/payment-account',
  { provider: 'sandbox', accountId: null, live: false, methods: ['card', 'sbp'] },
  asManager,
)
/** The order's receipts, once each is in one of `states`. */
async function receiptsOf(orderId, count, states = ['done', 'failed']) {
  let receipts = []
  await until(
    `${count} receipts of order ${orderId} to be ${states.join(' or ')}`,
    async () => {
      receipts = (await call('GET', `/admin/orders/${orderId}`, undefined, asManager)).receipts
      return receipts.length === count && receipts.every((r) => states.includes(r.state))
    },
    60_000,
    300,
  )
  return receipts
}
// Registered: a pickup paid by card, the receipt to the diner's phone, and a dish of it refunded.
await steer('POST', '/atol/reads', { reads: 0 })
const atolPaid = await order({
  type: 'pickup',
  contact: petr,
  lines: [line(simple[3]), line(simple[4]), line(simple[5])],
  paymentMethod: 'card',
})
await payOnPage(
  await call('POST', `/orders/${atolPaid.id}/payments`, {
    method: 'card',
    receiptContact: '+79031234567',
  }),
  CARD_OK,
)
await receiptsOf(atolPaid.id, 1, ['done'])
await call(
  'POST',
  `/admin/orders/${atolPaid.id}/refunds`,
  { kind: 'part', lines: [{ line: 2, quantity: 1 }], reason: 'Не тот десерт' },
  asManager,
)
await refundsDone(atolPaid.id)
await receiptsOf(atolPaid.id, 2, ['done'])
// АТОЛ refuses a receipt (its error 32): a payment's, which the manager sends again and which is
// then registered; and a refund's, left failed.
const REFUSAL = { code: 32, text: 'Ошибка валидации входящего чека' }
await steer('POST', '/atol/refuse', REFUSAL)
const atolRefused = await order({
  type: 'pickup',
  contact: petr,
  lines: [line(simple[6])],
  paymentMethod: 'sbp',
})
await payOnPage(
  await call('POST', `/orders/${atolRefused.id}/payments`, {
    method: 'sbp',
    receiptContact: 'petr@example.ru',
  }),
  'sbp',
)
const [refusedReceipt] = await receiptsOf(atolRefused.id, 1, ['failed'])
await steer('POST', '/atol/refuse', { code: null })
await call('POST', `/admin/receipts/${refusedReceipt.id}/retry`, undefined, asManager)
await receiptsOf(atolRefused.id, 1, ['done'])
await steer('POST', '/atol/refuse', REFUSAL)
await call(
  'POST',
  `/admin/orders/${atolPaid.id}/refunds`,
  { kind: 'part', lines: [{ line: 1, quantity: 1 }], reason: 'Пересушено' },
  asManager,
)
await refundsDone(atolPaid.id)
const atolReceipts = await receiptsOf(atolPaid.id, 3)
if (atolReceipts.filter((r) => r.state === 'failed').length !== 1) {
  throw new Error(`The refund's receipt was not refused: ${JSON.stringify(atolReceipts)}`)
}
await steer('POST', '/atol/refuse', { code: null })
// Being registered: АТОЛ has taken a payment's receipt and not registered it yet.
await steer('POST', '/atol/reads', { reads: 1_000_000 })
const atolWaiting = await order({
  type: 'pickup',
  contact: petr,
  lines: [line(simple[7])],
  paymentMethod: 'card',
})
await payOnPage(
  await call('POST', `/orders/${atolWaiting.id}/payments`, {
    method: 'card',
    receiptContact: 'petr@example.ru',
  }),
  CARD_OK,
)
await receiptsOf(atolWaiting.id, 1, ['sent'])

// The waiter has read one alert; the manager looked at today's report (it is kept).
const alerts = await call('GET', '/garcon/alerts', undefined, anna)
await call('POST', `/garcon/alerts/${alerts.alerts.at(-1).id}/read`, {}, anna)
await call('GET', `/admin/reports/day?from=${today}&to=${today}`, undefined, asManager)

// A second restaurant, from the command line, in another time zone; its manager changes the
// password she was given, turns TOTP on and fills in its profile, budget, a table and a waiter.
const root = join(import.meta.dirname, '../../../../..')
execFileSync(
  'npm',
  [
    'run',
    '--silent',
    'restaurant:create',
    '--',
    '--id',
    'bistro',
    '--name',
    'Бистро',
    '--timezone',
    'Asia/Yekaterinburg',
  ],
  { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] },
)
execFileSync(
  'npm',
  [
    'run',
    '--silent',
    'manager:create',
    '--',
    '--restaurant',
    'bistro',
    '--login',
    'maria',
    '--name',
    'Мария',
    '--password-stdin',
  ],
  { cwd: root, input: 'Bistro-first-2026\n', stdio: ['pipe', 'inherit', 'inherit'] },
)
const maria = {
  'x-manager-token': (
    await call(
      'POST',
      '/auth/admin/login',
      { restaurantId: 'bistro', login: 'maria', password: 'Bistro-first-2026' },
      BROWSER,
    )
  ).token,
}
await call(
  'PUT',
  '/admin/me/password',
  { currentPassword: 'Bistro-first-2026', newPassword: 'Bistro-second-2026' },
  maria,
)
const enrolment = await call('POST', '/admin/me/totp', undefined, maria)
const totp = new TOTP({
  algorithm: 'SHA1',
  digits: 6,
  period: 30,
  secret: Secret.fromBase32(enrolment.secret),
})
await call(
  'PUT',
  '/admin/me/totp',
  { password: 'Bistro-second-2026', code: totp.generate() },
  maria,
)
const bistroProfile = await call('GET', '/admin/profile', undefined, maria)
await call(
  'PUT',
  '/admin/profile',
  {
    version: bistroProfile.version,
    name: { ru: 'Бистро', en: 'Bistro' },
    address: 'Екатеринбург, ул. Вайнера, 9',
    phone: '8 343 123-45-67',
    logo: null,
    legalName: 'ИП Смирнова Мария Ивановна',
    inn: '500100732259',
    taxSystem: 'patent',
    vatRate: 'vat5',
  },
  maria,
)
// Its acquirer is YooKassa, in test mode, card only, its secret key sealed with SECRETS_KEY: the
// account of YooKassa's stand-in (the release's YOOKASSA_API_URL), which the manager checks.
await call(
  'PUT',
  '/admin/payment-account',
  { provider: 'yookassa', ...STAND_IN, live: false, methods: ['card'] },
  maria,
)
const checked = await call('POST', '/admin/payment-account/check', undefined, maria)
if (!checked.ok)
  throw new Error(`YooKassa's stand-in refused the account: ${JSON.stringify(checked)}`)
const bistroSettings = await call('GET', '/admin/settings', undefined, maria)
await call(
  'PUT',
  '/admin/settings',
  saved(bistroSettings, bistroSettings.settings, { smsDailyBudget: 40 }),
  maria,
)
await call('POST', '/admin/tables', { code: 'B1', label: 'У окна', zoneId: null, seats: 2 }, maria)
const pavel = await call(
  'POST',
  '/admin/waiters',
  { name: 'Павел', login: 'pavel', pin: '5555' },
  maria,
)
await call('PUT', `/admin/waiters/${pavel.id}/tables`, { tableCodes: ['B1'] }, maria)

// The bistro's menu, imported, with VAT rates of its own on a category and a dish (migration
// 0049); its receipts go with its acquirer's payments; then it moves from YooKassa to T-Bank (the
// stand-in's test terminal, its password sealed with SECRETS_KEY, checked: migration 0051) and
// takes payments online.
const dishOf = (id, name, price, extra = {}) => ({
  id,
  name: { ru: name },
  price,
  modifierGroups: [],
  allergens: [],
  diet: [],
  ageRestricted: false,
  available: true,
  ...extra,
})
await call(
  'POST',
  '/admin/menu/import',
  {
    format: 'tableside.menu/1',
    menus: [
      {
        id: 'osnovnoe',
        name: { ru: 'Основное меню', en: 'Main menu' },
        categories: [
          {
            id: 'goriachee',
            name: { ru: 'Горячее' },
            vatRate: 'vat10',
            dishes: [dishOf('plov', 'Плов', 52000), dishOf('manty', 'Манты', 48000)],
            categories: [],
          },
          {
            id: 'napitki',
            name: { ru: 'Напитки' },
            dishes: [
              dishOf('kompot', 'Компот', 15000, { vatRate: 'vat20' }),
              dishOf('chai', 'Чай', 12000),
            ],
            categories: [],
          },
        ],
      },
    ],
    stories: [],
  },
  maria,
)
await call('PUT', '/admin/fiscal-settings', { mode: 'acquirer', ...NO_ATOL }, maria)
const TBANK = { accountId: 'TablesideDEMO', secretKey: 'StandInPassword0' }
await call(
  'PUT',
  '/admin/payment-account',
  { provider: 'tbank', ...TBANK, live: false, methods: ['card', 'sbp'] },
  maria,
)
const tBankChecked = await call('POST', '/admin/payment-account/check', undefined, maria)
if (!tBankChecked.ok) {
  throw new Error(`T-Bank's stand-in refused the terminal: ${JSON.stringify(tBankChecked)}`)
}
const bistroNow = await call('GET', '/admin/settings', undefined, maria)
await call(
  'PUT',
  '/admin/settings',
  saved(bistroNow, {
    ...bistroNow.settings,
    paymentMethods: ['cash', 'card', 'sbp'],
    onlinePayment: true,
  }),
  maria,
)
// Two pickups paid through T-Bank, by card and by SBP, the receipts to the diner's email; the
// manager refunds a dish of the first through T-Bank (its receipt goes the same way).
const bistroDiner = { name: 'Ирина', phone: '+79221234567' }
const byTBank = await order(
  {
    type: 'pickup',
    contact: bistroDiner,
    scheduledFor: await slotOf('pickup', 2, 'bistro'),
    lines: [
      { dishId: 'plov', quantity: 2, optionIds: [] },
      { dishId: 'kompot', quantity: 1, optionIds: [] },
    ],
    paymentMethod: 'card',
  },
  {},
  'bistro',
)
await payOnStandIn(
  await call('POST', `/orders/${byTBank.id}/payments`, {
    method: 'card',
    receiptContact: 'irina@example.ru',
  }),
)
const bySbpTBank = await order(
  {
    type: 'pickup',
    contact: bistroDiner,
    scheduledFor: await slotOf('pickup', 3, 'bistro'),
    lines: [
      { dishId: 'manty', quantity: 1, optionIds: [] },
      { dishId: 'chai', quantity: 2, optionIds: [] },
    ],
    paymentMethod: 'sbp',
  },
  {},
  'bistro',
)
await payOnStandIn(
  await call('POST', `/orders/${bySbpTBank.id}/payments`, {
    method: 'sbp',
    receiptContact: 'irina@example.ru',
  }),
)
await call(
  'POST',
  `/admin/orders/${byTBank.id}/refunds`,
  { kind: 'part', lines: [{ line: 1, quantity: 1 }], reason: 'Компот закончился' },
  maria,
)
let tBankRefunded
await until(
  `the refund of order ${byTBank.id} through T-Bank`,
  async () => {
    tBankRefunded = await call('GET', `/admin/orders/${byTBank.id}`, undefined, maria)
    return tBankRefunded.refunds.every((r) => r.state === 'done')
  },
  30_000,
  300,
)
if (tBankRefunded.receipts.length !== 2) {
  throw new Error(`T-Bank's receipts: ${JSON.stringify(tBankRefunded.receipts)}`)
}

// T12's session runs out (its sweep), the birthday points are credited (theirs, every five
// minutes) and the calls escalate; then the outbox delivers what was written before the dump.
await until(
  'the session at T12 to run out and the birthday points',
  async () => {
    const session = await call('GET', `/table-sessions/${t12.id}`)
    const card = await call('GET', '/me/bonus-card?restaurantId=demo', undefined, asOlga)
    return session.status === 'closed' && card.card.entries.some((e) => e.kind === 'birthday')
  },
  8 * 60_000,
  10_000,
)
await sleep(2500)
writeFileSync(process.argv[3], JSON.stringify(requests, null, 2) + '\n')
console.log(
  JSON.stringify({
    cash: cash.id,
    refunded: refunded.id,
    pickup: pickup.id,
    delivery: delivery.id,
    pre: pre.id,
    pending: pending.id,
    cancelled: cancelled.id,
    served: served.id,
    byWaiter: byWaiter.id,
    ready: ready.id,
    dropped: dropped.id,
    delivered: delivered.id,
    preServed: preServed.id,
    accepted: accepted.id,
    failed: failed.id,
    withPoints: withPoints.id,
    pointsBack: pointsBack.id,
    billPayment: billPayment.id,
    tipped: tipped.id,
    tippedPayment: tippedPayment.id,
    waiterCancelled: waiterCancelled.id,
    cashBack: cashBack.id,
    comped: comped.id,
    pickupCancelled: pickupCancelled.id,
    byYooKassa: byYooKassa.id,
    halves: halves.id,
    inParts: inParts.id,
    heldAtBank: heldAtBank.id,
    atolPaid: atolPaid.id,
    atolRefused: atolRefused.id,
    atolWaiting: atolWaiting.id,
    byTBank: byTBank.id,
    bySbpTBank: bySbpTBank.id,
    photo: shown.url,
    unusedPhoto: unusedPhoto.url,
    logo: logo.url,
    dishWithPhoto: dishWithPhoto.id,
  }),
)
