import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paymentAccount, paymentAccountCheck } from '@tableside/contracts/admin-payments'
import { restaurant as restaurantSchema } from '@tableside/contracts/restaurants'
import { MANAGER_TOKEN_HEADER } from '@tableside/contracts/staff'
import {
  STAND_IN_SECRET_KEY,
  STAND_IN_SHOP_ID,
  startYooKassaStandIn,
  type YooKassaStandIn,
} from '../../adapters/yookassa/yookassa-stand-in'
import {
  STAND_IN_PASSWORD,
  STAND_IN_TERMINAL_KEY,
  startTBankStandIn,
  type TBankStandIn,
} from '../../adapters/tbank/tbank-stand-in'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { addManager, signInAsManager } from '../../test/test-restaurants'
import { TEST_SECRETS_KEY } from '../../test/test-yookassa'
import { createTestRestaurant } from '../menu/test-menu-file'
import { createPaymentAccountService } from './payment-account-service'

const API = '/api/v1'
const YOOKASSA = {
  provider: 'yookassa',
  accountId: STAND_IN_SHOP_ID,
  secretKey: STAND_IN_SECRET_KEY,
  live: false,
  methods: ['card', 'sbp'],
}
const TBANK = {
  provider: 'tbank',
  accountId: STAND_IN_TERMINAL_KEY,
  secretKey: STAND_IN_PASSWORD,
  live: false,
  methods: ['sbp'],
}

// Issue 29, decision 0121: the restaurant's acquirer, configured in the back office.
describe.each(testDatabaseKinds)('A manager configures the acquirer on $name', (kind) => {
  let t: TestApp
  let standIn: YooKassaStandIn
  let tbank: TBankStandIn
  let manager: string

  const inject = (
    method: 'GET' | 'PUT' | 'POST',
    path: string,
    payload?: object,
    token = manager,
  ) =>
    t.app.inject({
      method,
      url: `${API}/admin/payment-account${path}`,
      headers: { [MANAGER_TOKEN_HEADER]: token },
      ...(payload ? { payload } : {}),
    })
  const current = async () => paymentAccount.parse((await inject('GET', '')).json())
  const diners = async () =>
    restaurantSchema.parse((await t.app.inject({ url: `${API}/restaurants/demo` })).json())

  beforeAll(async () => {
    standIn = await startYooKassaStandIn()
    tbank = await startTBankStandIn()
    t = await createTestApp(kind, {
      SECRETS_KEY: TEST_SECRETS_KEY,
      YOOKASSA_API_URL: standIn.apiUrl,
      TBANK_API_URL: tbank.apiUrl,
    })
    manager = (await signInAsManager(t.app)).token
  })
  afterAll(async () => {
    await t.close()
    await standIn.close()
    await tbank.close()
  })

  it('starts with the server’s sandbox, and says secrets can be kept', async () => {
    expect(await current()).toEqual({
      provider: null,
      serverProvider: 'sandbox',
      accountProvider: null,
      accountId: null,
      secret: null,
      live: false,
      methods: ['card', 'sbp'],
      canStoreSecrets: true,
      updatedAt: null,
    })
  })

  it('refuses what cannot work, and changes nothing', async () => {
    const cases: [object, number, string][] = [
      [{ ...YOOKASSA, accountId: null }, 400, 'body.accountId'],
      [{ ...YOOKASSA, secretKey: undefined }, 400, 'body.secretKey'],
      [{ ...YOOKASSA, live: true }, 400, 'body.secretKey'],
      [{ ...YOOKASSA, secretKey: 'hunter2' }, 400, 'body.secretKey'],
      [{ ...YOOKASSA, accountId: 'shop 1' }, 400, 'body.accountId'],
      [{ ...YOOKASSA, methods: [] }, 400, 'body.methods'],
      [{ ...YOOKASSA, provider: 'paypal' }, 400, 'body.provider'],
    ]
    for (const [body, status, path] of cases) {
      const answer = await inject('PUT', '', body)
      expect(answer.statusCode, JSON.stringify(body)).toBe(status)
      expect(JSON.stringify(answer.json())).toContain(path)
    }
    expect((await current()).updatedAt).toBeNull()
  })

  it('keeps the secret sealed, shows only its last four, and audits without it', async () => {
    const saved = await inject('PUT', '', { ...YOOKASSA, methods: ['sbp'] })
    expect(saved.statusCode).toBe(200)
    expect(saved.body).not.toContain(STAND_IN_SECRET_KEY)
    expect(paymentAccount.parse(saved.json())).toMatchObject({
      provider: 'yookassa',
      accountId: STAND_IN_SHOP_ID,
      secret: { last4: STAND_IN_SECRET_KEY.slice(-4) },
      methods: ['sbp'],
    })
    const row = await t.database.db
      .selectFrom('paymentAccounts')
      .selectAll()
      .where('restaurantId', '=', 'demo')
      .executeTakeFirstOrThrow()
    expect(row.secretSealed).not.toContain(STAND_IN_SECRET_KEY.slice(5))
    const audit = await t.app.inject({
      url: `${API}/admin/audit?entity=payment_account`,
      headers: { [MANAGER_TOKEN_HEADER]: manager },
    })
    expect(audit.body).toContain('••••')
    expect(audit.body).not.toContain(STAND_IN_SECRET_KEY)
    // Diners are offered what the acquirer takes: SBP, and cash.
    expect((await diners()).settings.paymentMethods).not.toContain('card')
    // A save without a new key keeps the stored one.
    const kept = await inject('PUT', '', { ...YOOKASSA, secretKey: undefined })
    expect(paymentAccount.parse(kept.json()).secret).toEqual({
      last4: STAND_IN_SECRET_KEY.slice(-4),
    })
    expect((await diners()).settings.paymentMethods).toEqual(
      expect.arrayContaining(['card', 'sbp']),
    )
  })

  it('checks the connection with YooKassa, and says when the key is wrong or the mode is', async () => {
    const ok = paymentAccountCheck.parse((await inject('POST', '/check')).json())
    expect(ok).toEqual({ ok: true, account: STAND_IN_SHOP_ID, test: true, problem: null })
    await inject('PUT', '', { ...YOOKASSA, secretKey: 'test_WrongKey123456789' })
    expect(paymentAccountCheck.parse((await inject('POST', '/check')).json())).toMatchObject({
      ok: false,
      problem: 'invalid_credentials',
    })
    standIn.addShop('200600', 'live_RealShopKey123456789')
    await inject('PUT', '', {
      ...YOOKASSA,
      accountId: '200600',
      secretKey: 'live_RealShopKey123456789',
      live: true,
    })
    // The stand-in's shops are test shops: live mode with a test shop takes no money.
    expect(paymentAccountCheck.parse((await inject('POST', '/check')).json())).toMatchObject({
      ok: false,
      problem: 'mode_mismatch',
    })
    await inject('PUT', '', YOOKASSA)
  })

  it('takes a T-Bank terminal in place of YooKassa’s shop, never lending it the shop’s key', async () => {
    await inject('PUT', '', YOOKASSA)
    const refusals: [object, string][] = [
      // YooKassa's shop id and key are not T-Bank's: a terminal of its own is needed.
      [{ ...TBANK, accountId: null, secretKey: undefined }, 'body.accountId'],
      [{ ...TBANK, secretKey: undefined }, 'body.secretKey'],
      // A DEMO terminal moves no money: not in live mode; a live one not in test mode.
      [{ ...TBANK, live: true }, 'body.accountId'],
      [{ ...TBANK, accountId: '1700000000001' }, 'body.accountId'],
      [{ ...TBANK, accountId: 'terminal key' }, 'body.accountId'],
      [{ ...TBANK, secretKey: 'pass word' }, 'body.secretKey'],
    ]
    for (const [body, path] of refusals) {
      const answer = await inject('PUT', '', body)
      expect(answer.statusCode, JSON.stringify(body)).toBe(400)
      expect(JSON.stringify(answer.json())).toContain(path)
    }
    expect(await current()).toMatchObject({ provider: 'yookassa', accountProvider: 'yookassa' })

    const saved = await inject('PUT', '', TBANK)
    expect(saved.statusCode).toBe(200)
    expect(saved.body).not.toContain(STAND_IN_PASSWORD)
    expect(paymentAccount.parse(saved.json())).toMatchObject({
      provider: 'tbank',
      accountProvider: 'tbank',
      accountId: STAND_IN_TERMINAL_KEY,
      secret: { last4: STAND_IN_PASSWORD.slice(-4) },
    })
    expect(paymentAccountCheck.parse((await inject('POST', '/check')).json())).toEqual({
      ok: true,
      account: STAND_IN_TERMINAL_KEY,
      test: true,
      problem: null,
    })
    await inject('PUT', '', { ...TBANK, secretKey: 'WrongPassword9' })
    expect(paymentAccountCheck.parse((await inject('POST', '/check')).json())).toMatchObject({
      ok: false,
      problem: 'invalid_credentials',
    })
    // Chosen none, the terminal stays: what T-Bank holds is still read back and refunded.
    await inject('PUT', '', { ...TBANK, provider: 'none', secretKey: STAND_IN_PASSWORD })
    expect(await current()).toMatchObject({
      provider: 'none',
      accountProvider: 'tbank',
      accountId: STAND_IN_TERMINAL_KEY,
    })
    await inject('PUT', '', YOOKASSA)
    expect(await current()).toMatchObject({ provider: 'yookassa', accountProvider: 'yookassa' })
  })

  it('is the manager’s own restaurant only', async () => {
    await createTestRestaurant(t.database.db, 'elsewhere')
    await addManager(t, 'elsewhere', 'boss', 'elsewhere-pass-1')
    const other = (await signInAsManager(t.app, 'elsewhere', 'boss', 'elsewhere-pass-1')).token
    const theirs = paymentAccount.parse((await inject('GET', '', undefined, other)).json())
    expect(theirs.provider).toBeNull()
    expect(theirs.accountId).toBeNull()
  })

  it('stores no secret on a server without SECRETS_KEY', async () => {
    const service = createPaymentAccountService({
      db: t.app.db,
      audit: t.app.audit,
      outbox: t.app.outbox,
      profile: (id, trx) => t.app.restaurantRepository.findById(id, trx),
      forgetCached: () => undefined,
      secrets: null,
      serverProvider: () => 'sandbox',
      receiptsMode: () => Promise.resolve('off'),
      check: () => Promise.resolve({ ok: false, problem: 'not_configured' }),
    })
    const who = { id: 'x', restaurantId: 'elsewhere', name: 'Boss', login: 'boss' }
    await expect(
      service.update(who as never, { ...YOOKASSA, provider: 'yookassa', methods: ['card'] }),
    ).rejects.toMatchObject({ status: 409, code: 'secrets_key_missing' })
    expect((await service.get(who as never)).provider).toBeNull()
  })
})
