import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorBody } from '@tableside/contracts/errors'
import { payment } from '@tableside/contracts/payments'
import { SANDBOX_TEST_CARDS, sandboxPayment } from '@tableside/contracts/sandbox-acquirer'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import {
  createOrderingRestaurant,
  numberedTables,
  openTableSession,
} from '../../test/test-restaurants'
import { paymentActions } from '../../test/test-payments'

const [pglite] = testDatabaseKinds
if (!pglite) throw new Error('PGlite is always among the test databases')

const DINER_HOST = 'tableside.test:41234'

/**
 * Where the acquirer sends the diner and brings them back: the address they reached the
 * restaurant at (a phone on the restaurant's Wi-Fi), unless PUBLIC_URL says otherwise.
 */
interface Case {
  name: string
  env: Record<string, string>
  headers: Record<string, string>
  origin: string
}

describe.each<Case>([
  { name: 'without PUBLIC_URL or a proxy', env: {}, headers: {}, origin: `http://${DINER_HOST}` },
  {
    name: 'with PUBLIC_URL',
    env: { PUBLIC_URL: 'https://bistro.example/' },
    headers: {},
    origin: 'https://bistro.example',
  },
  {
    name: 'behind an untrusted proxy',
    env: {},
    headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    origin: `http://${DINER_HOST}`,
  },
  {
    name: 'behind a trusted proxy (TRUST_PROXY=1)',
    env: { TRUST_PROXY: '1' },
    headers: { 'x-forwarded-host': 'menu.bistro.example', 'x-forwarded-proto': 'https' },
    origin: 'https://menu.bistro.example',
  },
])('Payment links $name', ({ env, headers, origin }) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(pglite, env)
    await createOrderingRestaurant(t, 'bistro', {
      tables: numberedTables(2),
      settings: { paymentMethods: ['cash', 'card', 'sbp'], onlinePayment: true },
    })
  })
  afterAll(async () => {
    await t.close()
  })

  it('sends the diner to the acquirer and back at the address they came by', async () => {
    const actions = paymentActions(() => t.app)
    const session = await openTableSession(t, 'bistro', 'T1')
    const placed = await actions.place(session.id, 'card')
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${placed.id}/payments`,
      headers: { host: DINER_HOST, ...headers },
      payload: { method: 'card' },
    })
    expect(started.statusCode).toBe(201)
    const pending = payment.parse(started.json())
    expect(pending.redirectUrl).toBe(`${origin}/sandbox-acquirer/pay/${actions.refOf(pending)}`)
    const paid = sandboxPayment.parse(
      (await actions.payCard(pending, SANDBOX_TEST_CARDS.succeeds)).json(),
    )
    expect(paid.returnUrl).toBe(
      `${origin}/rest/bistro/order/${placed.id}/success?payment=${pending.id}`,
    )
  })

  it('sends a table paying its bill back to the bill at the same address', async () => {
    const session = await openTableSession(t, 'bistro', 'T2')
    const actions = paymentActions(() => t.app)
    await actions.place(session.id, 'card')
    const due = (await t.app.inject({ url: `/api/v1/table-sessions/${session.id}/bill` })).json<{
      totals: { due: number }
    }>().totals.due
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/v1/table-sessions/${session.id}/payments`,
      headers: { host: DINER_HOST, ...headers },
      payload: { method: 'card', choice: { mode: 'remaining' }, tip: 0, expectedAmount: due },
    })
    expect(started.statusCode).toBe(201)
    const pending = payment.parse(started.json())
    expect(pending.redirectUrl?.startsWith(`${origin}/sandbox-acquirer/pay/`)).toBe(true)
    const page = sandboxPayment.parse(
      (
        await t.app.inject({ url: `/sandbox-acquirer/api/payments/${actions.refOf(pending)}` })
      ).json(),
    )
    expect(page.shopUrl).toBe(`${origin}/rest/bistro/bill?payment=${pending.id}`)
  })
})

describe('A malformed Host header', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(pglite, { TRUST_PROXY: '1' })
  })
  afterAll(async () => {
    await t.close()
  })

  it.each([
    ['a space', { host: 'tableside test' }],
    ['markup', { host: '<script>' }],
    ['a user name', { host: 'user@tableside.test' }],
    ['a port out of range', { host: 'tableside.test:99999' }],
    ['a path', { host: 'tableside.test/rest' }],
    ['a forwarded host from the trusted proxy', { 'x-forwarded-host': 'a"b' }],
    ['a forwarded scheme from the trusted proxy', { 'x-forwarded-proto': 'javascript' }],
  ])('with %s is refused with 400 in the one error shape', async (_name, headers) => {
    const response = await t.app.inject({ url: '/api/v1/restaurants/demo', headers })
    expect(response.statusCode).toBe(400)
    expect(errorBody.parse(response.json()).error).toMatchObject({ code: 'bad_request' })
  })

  it.each(['tableside.test:3000', '192.168.1.20:3000', '[fe80::1]:3000', 'localhost', 'my_host'])(
    'lets %s through',
    async (host) => {
      const response = await t.app.inject({ url: '/api/v1/restaurants/demo', headers: { host } })
      expect(response.statusCode).toBe(200)
    },
  )
})

/** The acquirer's page speaks as the app did and writes amounts as the app does. */
describe("The acquirer's page in the diner's language", () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(pglite)
    await createOrderingRestaurant(t, 'bistro', {
      tables: numberedTables(2),
      settings: { paymentMethods: ['cash', 'card', 'sbp'], onlinePayment: true },
    })
  })
  afterAll(async () => {
    await t.close()
  })

  const bankPageOf = async (cookie?: string) => {
    const actions = paymentActions(() => t.app)
    const session = await openTableSession(t, 'bistro', 'T1')
    const placed = await actions.place(session.id, 'card')
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${placed.id}/payments`,
      headers: cookie ? { cookie } : {},
      payload: { method: 'card' },
    })
    const pending = payment.parse(started.json())
    return sandboxPayment.parse(
      (
        await t.app.inject({ url: `/sandbox-acquirer/api/payments/${actions.refOf(pending)}` })
      ).json(),
    )
  }

  it('is in the language the diner chose in the app, amounts as the restaurant writes them', async () => {
    expect(await bankPageOf('other=1; tableside_language=en')).toMatchObject({
      language: 'en',
      locale: 'ru-RU',
    })
  })

  it("is in the restaurant's language when the diner chose none", async () => {
    expect(await bankPageOf()).toMatchObject({ language: 'ru', locale: 'ru-RU' })
  })
})
