import { randomUUID } from 'node:crypto'
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { errorBody } from '@tableside/contracts/errors'
import { order } from '@tableside/contracts/orders'
import { payment } from '@tableside/contracts/payments'
import { restaurant } from '@tableside/contracts/restaurants'
import { runtimeConfig } from '@tableside/contracts/runtime-config'
import { buildApp } from '../../app'
import { loadConfig } from '../../config/env'
import type { DatabaseHandle } from '../../db/database'
import { seedDemo } from '../../db/seed-demo'
import { menuOf, TEST_SANDBOX_SECRET } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { orderOlivierAt, tableQrToken } from '../../test/test-restaurants'
import { createTestRestaurant, testMenuFile } from '../menu/test-menu-file'

const [embedded] = testDatabaseKinds

interface Booted {
  app: FastifyInstance
  database: DatabaseHandle
  /** What the server logged while it started. */
  log: { level: number; msg: string }[]
}

/** The app as `npm start` builds it for `env`, on the demo data and a second restaurant. */
async function boot(env: Record<string, string>): Promise<Booted> {
  if (!embedded) throw new Error('No test database')
  const database = await embedded.open()
  await seedDemo(database.db)
  await createTestRestaurant(database.db, 'bistro')
  await database.db
    .updateTable('restaurants')
    .set({
      settings: JSON.stringify({ paymentMethods: ['cash', 'card', 'sbp'], onlinePayment: true }),
    })
    .where('id', '=', 'bistro')
    .execute()
  // Both open round the clock, so that a pickup for now is taken whatever the hour of the run.
  await database.db
    .updateTable('restaurants')
    .set({
      openingHours: JSON.stringify(
        [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, opens: '00:00', closes: '00:00' })),
      ),
    })
    .where('id', 'in', ['demo', 'bistro'])
    .execute()
  const log: Booted['log'] = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log.push(JSON.parse(chunk.toString()) as Booted['log'][number])
      done()
    },
  })
  const config = loadConfig({
    DATA_DIR: '/nonexistent',
    WEB_DIST: '/nonexistent',
    SANDBOX_ACQUIRER_SECRET: TEST_SANDBOX_SECRET,
    ...env,
  })
  const app = await buildApp({ config, database, logger: { level: 'info', stream } })
  await app.ready()
  await menuOf(app).importMenu('bistro', testMenuFile())
  return { app, database, log }
}

const WARN = 40

describe('Where the sandbox acquirer runs (PAYMENT_PROVIDER, APP_ENV, DEMO_SEED)', () => {
  let booted: Booted | undefined
  afterEach(async () => {
    await booted?.app.close()
    await booted?.database.close()
    booted = undefined
  })

  const profile = async (app: FastifyInstance, id: string) =>
    restaurant.parse((await app.inject(`/api/v1/restaurants/${id}`)).json()).settings
  const placeCash = async (app: FastifyInstance, restaurantId: string) => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/v1/restaurants/${restaurantId}/orders`,
      headers: { 'idempotency-key': randomUUID() },
      payload: {
        type: 'pickup',
        lines: [
          {
            dishId: restaurantId === 'demo' ? 'olivier' : 'borscht',
            quantity: 1,
            optionIds: restaurantId === 'demo' ? [] : ['regular'],
          },
        ],
        paymentMethod: 'cash',
        contact: { name: 'Анна', phone: '+79123456789' },
      },
    })
    expect(response.statusCode).toBe(201)
    return order.parse(response.json())
  }
  const payOnline = (app: FastifyInstance, orderId: string) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/orders/${orderId}/payments`,
      payload: { method: 'card' },
    })

  it('keeps online payment off without a provider: no sandbox, 404s in the one shape, 409 for payments, and says what to set', async () => {
    booted = await boot({ DEMO_SEED: 'false' })
    const { app, log } = booted
    const notice = log.find((line) => line.msg.startsWith('Online payment is off'))
    expect(notice?.level).toBe(WARN)
    expect(notice?.msg).toContain('PAYMENT_PROVIDER=sandbox')

    for (const url of [
      '/sandbox-acquirer/api/payments/sbx_aaaaaaaaaaaaaaaaaaaaaaaa',
      '/sandbox-acquirer/pay/sbx_aaaaaaaaaaaaaaaaaaaaaaaa',
    ]) {
      const response = await app.inject(url)
      expect(response.statusCode).toBe(404)
      expect(errorBody.parse(response.json()).error.code).toBe('not_found')
    }
    // A browser asking for the acquirer's page gets the app's "Page Not Found", not the page.
    const page = await app.inject({
      url: '/sandbox-acquirer/pay/sbx_aaaaaaaaaaaaaaaaaaaaaaaa',
      headers: { accept: 'text/html' },
    })
    expect(page.statusCode).toBe(404)
    for (const provider of ['sandbox', 'none']) {
      const webhook = await app.inject({
        method: 'POST',
        url: `/api/v1/payments/webhooks/${provider}`,
        headers: { 'content-type': 'application/json', 'sandbox-signature': 't=1,v1=00' },
        payload: '{}',
      })
      expect(webhook.statusCode).toBe(404)
      expect(errorBody.parse(webhook.json()).error.code).toBe('not_found')
    }

    // The restaurants' own settings say "online"; the profile tells the app it is not on here.
    for (const id of ['demo', 'bistro']) {
      const settings = await profile(app, id)
      expect(settings.onlinePayment).toBe(false)
      const placed = await placeCash(app, id)
      const refused = await payOnline(app, placed.id)
      expect(refused.statusCode).toBe(409)
      expect(errorBody.parse(refused.json()).error).toMatchObject({
        code: 'online_payment_off',
        message: expect.stringMatching(/pay the waiter/) as unknown,
      })
    }
    const card = await app.inject({
      method: 'POST',
      url: '/api/v1/restaurants/bistro/orders',
      headers: { 'idempotency-key': randomUUID() },
      payload: {
        type: 'pickup',
        lines: [{ dishId: 'borscht', quantity: 1, optionIds: ['regular'] }],
        paymentMethod: 'card',
        contact: { name: 'Анна', phone: '+79123456789' },
      },
    })
    expect(card.statusCode).toBe(400)
    expect(errorBody.parse(card.json()).error.fields?.[0]?.path).toBe('body.paymentMethod')
    const runtime = runtimeConfig.parse((await app.inject('/runtime-config.json')).json())
    expect(runtime.testPayments).toBe(false)
  })

  it('says none outright with PAYMENT_PROVIDER=none, even on a developer’s machine', async () => {
    booted = await boot({ PAYMENT_PROVIDER: 'none', APP_ENV: 'development' })
    const { app, log } = booted
    expect(log.map((line) => line.msg)).toContain(
      'Online payment is off (PAYMENT_PROVIDER=none): diners pay the waiter.',
    )
    expect((await app.inject('/sandbox-acquirer/api/payments/sbx_x')).statusCode).toBe(404)
    expect((await profile(app, 'demo')).onlinePayment).toBe(false)
  })

  it('lets the demo data bring the sandbox for the demo restaurant alone, its payments marked as tests', async () => {
    booted = await boot({})
    const { app, log } = booted
    expect(log.some((line) => /demo restaurant’s payments only/.test(line.msg))).toBe(true)
    expect((await profile(app, 'demo')).onlinePayment).toBe(true)
    expect((await profile(app, 'bistro')).onlinePayment).toBe(false)

    const demo = await payOnline(app, (await placeCash(app, 'demo')).id)
    // A cash order is not paid online, whoever the provider: the demo's refusal says so.
    expect(errorBody.parse(demo.json()).error.code).toBe('payment_not_online')
    const bistro = await payOnline(app, (await placeCash(app, 'bistro')).id)
    expect(errorBody.parse(bistro.json()).error.code).toBe('online_payment_off')
    expect(
      runtimeConfig.parse((await app.inject('/runtime-config.json')).json()).testPayments,
    ).toBe(true)
  })

  it('marks a sandbox payment as a test one', async () => {
    booted = await boot({})
    const { app, database } = booted
    const tableToken = await tableQrToken({ database }, 'demo', 'T1')
    const session = await app.inject({
      method: 'POST',
      url: '/api/v1/restaurants/demo/table-sessions',
      payload: { tableToken },
    })
    const placed = await orderOlivierAt(app, session.json<{ id: string }>().id, {
      paymentMethod: 'card',
    })
    expect(placed.statusCode).toBe(201)
    const started = await payOnline(app, order.parse(placed.json()).id)
    expect(started.statusCode).toBe(201)
    expect(payment.parse(started.json())).toMatchObject({ status: 'pending', test: true })
  })

  it('runs the sandbox for every restaurant in development', async () => {
    booted = await boot({ APP_ENV: 'development', DEMO_SEED: 'false' })
    const { app, log } = booted
    expect(log.some((line) => /APP_ENV=development/.test(line.msg))).toBe(true)
    expect((await profile(app, 'bistro')).onlinePayment).toBe(true)
  })

  it('allows the sandbox in production only when PAYMENT_PROVIDER says so, and warns loudly', async () => {
    booted = await boot({ PAYMENT_PROVIDER: 'sandbox', DEMO_SEED: 'false' })
    const { app, log } = booted
    const warning = log.find((line) => line.msg.startsWith('PAYMENT_PROVIDER=sandbox'))
    expect(warning?.level).toBe(WARN)
    expect(warning?.msg).toMatch(/moves no money/)
    expect((await profile(app, 'bistro')).onlinePayment).toBe(true)
    const missing = await app.inject('/sandbox-acquirer/api/payments/sbx_aaaaaaaaaaaaaaaaaaaaaaaa')
    expect(missing.statusCode).toBe(404)
    // The acquirer itself answers: it has no such payment (the route is there).
    expect(errorBody.parse(missing.json()).error.message).not.toMatch(/No such endpoint/)
  })
})
