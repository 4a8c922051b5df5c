import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorBody } from '@tableside/contracts/errors'
import { ConfigError, loadConfig } from '../../config/env'
import { openDatabase, type DatabaseHandle } from '../../db/database'
import { migrate } from '../../db/migrate'
import { seedDemo } from '../../db/seed-demo'
import { createTestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { createClientSignIn, profileSessionLifetime } from './client-sign-in'
import { createSmsBudget } from './sms-budget'
import { createSmsRuProvider } from '../../adapters/sms/smsru-sms'
import type { SmsSendError } from './sms-provider'
import { smsNotice } from '../../adapters/sms/sms-setup'
import { startSmsRuStandIn, STAND_IN_API_ID } from '../../adapters/sms/smsru-stand-in'

const [pglite] = testDatabaseKinds
if (!pglite) throw new Error('PGlite is always there')

const askCode = (app: Awaited<ReturnType<typeof createTestApp>>['app'], phone: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/client/otp',
    payload: { restaurantId: 'demo', phone, consent: true },
  })

describe('which SMS gateway a server uses', () => {
  it('gives development and the demo data the sandbox, production nothing unless SMS_PROVIDER says', () => {
    expect(loadConfig({ APP_ENV: 'development' }).sms).toMatchObject({
      provider: 'sandbox',
      chosenBy: 'APP_ENV',
    })
    // The demo data is on unless DEMO_SEED=false: `npm start` lets anyone try signing in.
    expect(loadConfig({}).sms).toMatchObject({ provider: 'sandbox', chosenBy: 'DEMO_SEED' })
    expect(loadConfig({ DEMO_SEED: 'false' }).sms).toMatchObject({
      provider: null,
      chosenBy: null,
    })
    expect(loadConfig({ SMS_PROVIDER: 'none' }).sms.provider).toBeNull()
    expect(loadConfig({ SMS_PROVIDER: 'sandbox' }).sms).toMatchObject({
      provider: 'sandbox',
      chosenBy: 'SMS_PROVIDER',
    })
    expect(loadConfig({ APP_ENV: 'development', SMS_PROVIDER: 'none' }).sms.provider).toBeNull()
    expect(() => loadConfig({ SMS_PROVIDER: 'smsru' })).toThrow(ConfigError)
    expect(() => loadConfig({ SMS_PROVIDER: 'smsru' })).toThrow(/SMSRU_API_ID/)
    expect(loadConfig({ SMS_PROVIDER: 'smsru', SMSRU_API_ID: STAND_IN_API_ID }).sms).toMatchObject({
      provider: 'smsru',
      smsru: { apiId: STAND_IN_API_ID },
    })
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio' })).toThrow(ConfigError)
  })

  it('warns loudly when a production server sends codes to its log', () => {
    const notice = smsNotice(loadConfig({ SMS_PROVIDER: 'sandbox' }).sms, 'production')
    expect(notice.level).toBe('warn')
    expect(notice.message).toMatch(/NO SMS IS SENT/)
    expect(smsNotice(loadConfig({ DEMO_SEED: 'false' }).sms, 'production').level).toBe('warn')
    const demo = smsNotice(loadConfig({}).sms, 'production')
    expect(demo.level).toBe('warn')
    expect(demo.message).toMatch(/demo data is on\. NO SMS IS SENT/)
  })

  it('shows the sandbox’s messages at /dev/sms in development only', async () => {
    const dev = await createTestApp(pglite, {
      APP_ENV: 'development',
      RATE_LIMIT_EXEMPT: '127.0.0.1',
    })
    try {
      expect((await askCode(dev.app, '+79161112233')).statusCode).toBe(202)
      const page = await dev.app.inject({ url: '/dev/sms?phone=%2B79161112233' })
      expect(page.statusCode).toBe(200)
      const { messages } = page.json<{ messages: { to: string; text: string }[] }>()
      expect(messages).toHaveLength(1)
      expect(messages[0]?.to).toBe('+79161112233')
      expect(messages[0]?.text).toMatch(/^\d{6} — код для входа/)
      // A browser reads it as a page, the number escaped as text.
      const html = await dev.app.inject({
        url: '/dev/sms',
        headers: { accept: 'text/html,application/xhtml+xml' },
      })
      expect(html.headers['content-type']).toMatch(/^text\/html/)
      expect(html.body).toContain('+79161112233')
      expect(html.body).toMatch(/<b>\d{6} — код для входа/)
      expect(html.body).not.toContain('<script')
    } finally {
      await dev.close()
    }
    const production = await createTestApp(pglite, { SMS_PROVIDER: 'sandbox' })
    try {
      expect((await askCode(production.app, '+79161112233')).statusCode).toBe(202)
      expect((await production.app.inject({ url: '/dev/sms' })).statusCode).toBe(404)
    } finally {
      await production.close()
    }
  })

  it('answers 503 sms_unavailable, saying when to try, while no gateway is configured', async () => {
    const off = await createTestApp(pglite, { SMS_PROVIDER: 'none' })
    try {
      const response = await askCode(off.app, '+79161112233')
      expect(response.statusCode).toBe(503)
      const { error } = errorBody.parse(response.json())
      expect(error.code).toBe('sms_unavailable')
      expect(error.message).toMatch(/Try again in a minute/)
    } finally {
      await off.close()
    }
  })
})

describe('a gateway that fails', () => {
  let standIn: Awaited<ReturnType<typeof startSmsRuStandIn>>
  let database: DatabaseHandle
  beforeAll(async () => {
    standIn = await startSmsRuStandIn()
    database = await openDatabase({ kind: 'pglite-memory' })
    await migrate(database.db)
    await seedDemo(database.db)
  })
  afterAll(async () => {
    standIn.server.closeAllConnections()
    await new Promise((resolve) => standIn.server.close(resolve))
    await database.close()
  })

  it('keeps no code and no cooldown, and tells the log why without the code', async () => {
    const errors: SmsSendError[] = []
    const budget = createSmsBudget({
      db: database.db,
      serverBudget: 100,
      onAlert: () => Promise.resolve(),
    })
    const signIn = createClientSignIn({
      db: database.db,
      budget,
      sms: createSmsRuProvider({ apiId: STAND_IN_API_ID, baseUrl: standIn.url, timeoutMs: 300 }),
      otpSecret: 'x'.repeat(32),
      restaurantExists: () => Promise.resolve(true),
      session: profileSessionLifetime({ slidingDays: 30, maxDays: 180 }),
      onSmsError: (error) => errors.push(error),
    })
    const failed: unknown = await signIn
      .requestCode('demo', '+79990000201')
      .catch((error: unknown) => error)
    expect(failed).toMatchObject({ status: 503, code: 'sms_unavailable' })
    const sentText = standIn.received.at(-1)?.get('msg') ?? ''
    const code = /^\d{6}/.exec(sentText)?.[0]
    expect(code).toMatch(/^\d{6}$/)
    expect(errors.map((error) => error.message).join('\n')).not.toContain(code)
    expect(errors[0]?.message).toMatch(/201/)
    expect(
      await database.db
        .selectFrom('clientSignInCodes')
        .select('phone')
        .where('phone', '=', '+79990000201')
        .execute(),
    ).toEqual([])
    // Nor a count of the day's budget: no SMS was sent.
    expect((await budget.usage('demo', new Date()))?.restaurant.sent).toBe(0)
    // Nothing holds the diner back from trying again at once.
    await signIn.requestCode('demo', '+79990000201').catch(() => undefined)
    expect(standIn.received).toHaveLength(2)
    await signIn.requestCode('demo', '+79161234567')
    expect(standIn.received.at(-1)?.get('to')).toBe('79161234567')
  })
})
