// Drives release 32e1209's API to write every kind of row it stores, for the upgrade fixture:
// `node drive-32e1209.mjs http://127.0.0.1:3999 0006-32e1209.requests.json` (README.md).
import { writeFileSync } from 'node:fs'

const base = process.argv[2]
const api = `${base}/api/v1`
let n = 0
async function call(method, path, body, headers = {}, root = api) {
  const res = await fetch(`${root}${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`)
  return text ? JSON.parse(text) : undefined
}
const key = () => `upgrade-fixture-${++n}-${Date.now()}`
const menu = await call('GET', '/restaurants/demo/menu')
const dishes = menu.dishes
const simple = dishes.filter((d) => d.modifierGroups.length === 0 && d.available)
const line = (d, quantity = 1) => ({ dishId: d.id, quantity, optionIds: [] })
const withMods = dishes.find((d) => d.modifierGroups.some((g) => g.minChoices > 0))
const requests = []
async function order(body) {
  const k = key()
  const placed = await call('POST', '/restaurants/demo/orders', body, { 'idempotency-key': k })
  requests.push({ idempotencyKey: k, body, id: placed.id })
  return placed
}
const t1 = await call('POST', '/restaurants/demo/table-sessions', { tableCode: 'T1' })
const t8 = await call('POST', '/restaurants/demo/table-sessions', { tableCode: 'T8' })
const contact = { name: 'Ольга', phone: '+79161234567' }
/** The restaurant may be closed now: orders are for a slot of today's (the `index`th). */
const slotOf = async (type, index = 2) =>
  (await call('GET', `/restaurants/demo/slots?type=${type}`)).slots[index].at
const cash = await order({
  type: 'dine_in',
  tableSessionId: t1.id,
  lines: [line(simple[0], 2), line(simple[1])],
  paymentMethod: 'cash',
  comment: 'Без лука',
})
const card = await order({
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
const pickup = await order({
  type: 'pickup',
  contact,
  scheduledFor: await slotOf('pickup'),
  lines: [line(simple[3])],
  paymentMethod: 'cash',
})
const delivery = await order({
  type: 'delivery',
  contact,
  scheduledFor: await slotOf('delivery'),
  address: { street: 'Тверская', house: '7', apartment: '12', intercom: '12К' },
  lines: [line(simple[0], 3), line(simple[4], 3)],
  paymentMethod: 'cash',
})
const pre = await order({
  type: 'preorder',
  contact,
  guests: 4,
  scheduledFor: await slotOf('preorder', 0),
  lines: [line(simple[1], 3)],
  paymentMethod: 'cash',
})
const cancelled = await order({
  type: 'pickup',
  scheduledFor: await slotOf('pickup'),
  contact: { name: 'Пётр', phone: '+79031234567' },
  lines: [line(simple[5])],
  paymentMethod: 'cash',
})
await call('POST', `/orders/${cancelled.id}/cancel`, {})
// Online card payment through the sandbox acquirer.
const payment = await call('POST', `/orders/${card.id}/payments`, { method: 'card' })
const ref = new URL(payment.redirectUrl, base).pathname.split('/').pop()
await call(
  'POST',
  `/payments/${ref}/card`,
  { number: '4242424242424242', expiry: '12/30', cvc: '123' },
  {},
  `${base}/sandbox-acquirer/api`,
)
// A waiter: sign in, move orders along, take cash, answer a call.
const { token } = await call('POST', '/auth/garcon/login', {
  restaurantId: 'demo',
  login: 'anna',
  pin: '1111',
})
const auth = { 'x-garcon-token': token }
await call('POST', `/garcon/orders/${cash.id}/status`, { status: 'accepted' }, auth)
await call('POST', `/garcon/orders/${cash.id}/status`, { status: 'cooking' }, auth)
await call('POST', `/garcon/orders/${cash.id}/cash-paid`, {}, auth)
const call1 = await call('POST', '/restaurants/demo/waiter-calls', {
  tableSessionId: t1.id,
  reason: 'bill',
})
await call('POST', '/restaurants/demo/waiter-calls', {
  tableSessionId: t1.id,
  reason: 'other',
  comment: 'Принесите плед',
})
await call('POST', `/garcon/waiter-calls/${call1.id}/acknowledge`, {}, auth)
// Let the release's outbox deliver what these wrote before the server is stopped and dumped.
await new Promise((resolve) => setTimeout(resolve, 2500))
writeFileSync(process.argv[3], JSON.stringify(requests, null, 2) + '\n')
console.log(
  JSON.stringify({
    cash: cash.id,
    card: card.id,
    pickup: pickup.id,
    delivery: delivery.id,
    pre: pre.id,
    cancelled: cancelled.id,
    payment: payment.id,
  }),
)
