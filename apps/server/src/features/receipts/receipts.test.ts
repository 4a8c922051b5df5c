import type { FastifyInstance, InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paymentAccount } from '@tableside/contracts/admin-payments'
import { clientProfile } from '@tableside/contracts/client'
import { errorBody } from '@tableside/contracts/errors'
import { payment, type Payment } from '@tableside/contracts/payments'
import { fiscalSettings, listFailedReceipts, receiptStatus } from '@tableside/contracts/receipts'
import { orderDetail } from '@tableside/contracts/refunds'
import { restaurant as restaurantSchema } from '@tableside/contracts/restaurants'
import { SANDBOX_TEST_CARDS } from '@tableside/contracts/sandbox-acquirer'
import {
  ATOL_STAND_IN_GROUP,
  ATOL_STAND_IN_LOGIN,
  ATOL_STAND_IN_PASSWORD,
  startAtolStandIn,
  type AtolStandIn,
} from '../../adapters/atol/atol-stand-in'
import {
  startYooKassaStandIn,
  type YooKassaStandIn,
} from '../../adapters/yookassa/yookassa-stand-in'
import { createTestApp, sandboxAcquirerOf, startTestApp, type TestApp } from '../../test/test-app'
import { postgresDatabase, testDatabaseKinds } from '../../test/test-database'
import { paymentActions } from '../../test/test-payments'
import {
  addManager,
  createOrderingRestaurant,
  numberedTables,
  openTableSession,
  signInAsManager,
} from '../../test/test-restaurants'
import { TEST_SECRETS_KEY, useYooKassa } from '../../test/test-yookassa'
import { asClient, dinerToken } from '../client/test-client-app'
import { testMenuFile } from '../menu/test-menu-file'
import { sendReceiptEntry } from './receipt-service'

/** The menu file with `rates` set on the categories and dishes they name by id. */
function withVat<T>(file: T, rates: Record<string, string>): T {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk)
    if (typeof value !== 'object' || value === null) return value
    const entries = Object.entries(value).map(([key, inner]) => [key, walk(inner)] as const)
    const object = Object.fromEntries(entries) as Record<string, unknown>
    const id = object.id
    const isDishOrCategory = 'price' in object || 'dishes' in object
    return typeof id === 'string' && isDishOrCategory && rates[id]
      ? { ...object, vatRate: rates[id] }
      : object
  }
  return walk(file) as T
}

const OLIVIER_TWICE = [{ dishId: 'olivier', quantity: 2, optionIds: [] }]
const INN = '7707083893'

// Issue 29, "Fiscal receipts (54-FZ)" (decisions 0133, 0134).
describe.each(testDatabaseKinds)('Fiscal receipts on $name', (kind) => {
  let t: TestApp
  let yookassa: YooKassaStandIn
  let atol: AtolStandIn
  let demoManager = ''
  let ykManager = ''

  beforeAll(async () => {
    yookassa = await startYooKassaStandIn()
    atol = await startAtolStandIn()
    t = await createTestApp(kind, {
      SECRETS_KEY: TEST_SECRETS_KEY,
      YOOKASSA_API_URL: yookassa.apiUrl,
      ATOL_API_URL: atol.apiUrl,
      SMS_PROVIDER: 'sandbox',
      RATE_LIMIT_EXEMPT: '127.0.0.1',
    })
    await createOrderingRestaurant(t, 'yk', {
      tables: numberedTables(8),
      settings: { paymentMethods: ['cash', 'card', 'sbp'], onlinePayment: true },
    })
    await useYooKassa(t, 'yk')
    await addManager(t, 'yk', 'yk-manager', 'yk-manager-password')
    demoManager = (await signInAsManager(t.app)).token
    ykManager = (await signInAsManager(t.app, 'yk', 'yk-manager', 'yk-manager-password')).token
  })
  afterAll(async () => {
    await t.close()
    await yookassa.close()
    await atol.close()
  })

  const send = (
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    token: string,
    payload?: InjectOptions['payload'],
  ) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { 'x-manager-token': token },
      ...(payload === undefined ? {} : { payload }),
    })
  const codeOf = (response: { json: () => unknown }) => errorBody.parse(response.json()).error.code
  const profile = (
    restaurantId: string,
    values: { inn: string | null; taxSystem: 'osn' | 'usn_income' | null },
  ) =>
    t.database.db
      .updateTable('restaurants')
      .set({
        ...values,
        vatRate: values.taxSystem === 'osn' ? 'vat22' : 'none',
        legalName: 'ООО «Тест»',
      })
      .where('id', '=', restaurantId)
      .execute()
  const atolSettings = (password = ATOL_STAND_IN_PASSWORD) => ({
    mode: 'atol',
    atol: { login: ATOL_STAND_IN_LOGIN, password, groupCode: ATOL_STAND_IN_GROUP, live: false },
    companyEmail: 'chek@demo.example.ru',
    paymentAddress: 'https://demo.example.ru',
  })
  const receiptsOf = (paymentId: string) =>
    t.database.db
      .selectFrom('receipts')
      .selectAll()
      .where('paymentId', '=', paymentId)
      .orderBy('createdAt')
      .execute()
  const payBody = (method: 'card' | 'sbp', receiptContact?: string) => ({
    method,
    ...(receiptContact === undefined ? {} : { receiptContact }),
  })
  const startPaying = (orderId: string, body: object) =>
    t.app.inject({ method: 'POST', url: `/api/v1/orders/${orderId}/payments`, payload: body })
  /** The outbox's next round: entries waiting to be tried again are due now. */
  const later = async () => {
    await t.database.db
      .updateTable('outbox')
      .set({ nextAttemptAt: new Date(0) })
      .where('deliveredAt', 'is', null)
      .execute()
    await t.app.outbox.kick()
  }
  /** Delivers what the outbox holds until nothing is left that is due. */
  const settle = async () => {
    await sandboxAcquirerOf(t.app).kick()
    for (let round = 0; round < 4; round++) await t.app.outbox.kick()
  }

  describe('settings', () => {
    it('turns receipts on only with an INN and a tax system in the profile, and changes nothing when it refuses', async () => {
      await profile('demo', { inn: null, taxSystem: null })
      const refused = await send('PUT', '/admin/fiscal-settings', demoManager, atolSettings())
      expect(refused.statusCode).toBe(409)
      expect(codeOf(refused)).toBe('receipts_profile_incomplete')
      const kept = fiscalSettings.parse(
        (await send('GET', '/admin/fiscal-settings', demoManager)).json(),
      )
      expect(kept).toMatchObject({
        mode: 'off',
        atol: null,
        missing: ['inn', 'taxSystem'],
      })
    })

    it('refuses receipts "with the acquirer" where the acquirer is the sandbox, which sends none, and changes nothing', async () => {
      await profile('demo', { inn: INN, taxSystem: 'usn_income' })
      const before = fiscalSettings.parse(
        (await send('GET', '/admin/fiscal-settings', demoManager)).json(),
      )
      const refused = await send('PUT', '/admin/fiscal-settings', demoManager, {
        mode: 'acquirer',
        atol: null,
        companyEmail: null,
        paymentAddress: null,
      })
      expect(refused.statusCode).toBe(409)
      expect(codeOf(refused)).toBe('receipts_acquirer_unsupported')
      expect(errorBody.parse(refused.json()).error.message).toContain('test acquirer')
      const after = fiscalSettings.parse(
        (await send('GET', '/admin/fiscal-settings', demoManager)).json(),
      )
      expect(after).toEqual(before)
    })

    it('keeps the АТОЛ password sealed: the manager sees its last four characters, never it', async () => {
      await profile('demo', { inn: INN, taxSystem: 'usn_income' })
      const saved = await send('PUT', '/admin/fiscal-settings', demoManager, atolSettings())
      expect(saved.statusCode, saved.body).toBe(200)
      expect(saved.body).not.toContain(ATOL_STAND_IN_PASSWORD)
      expect(fiscalSettings.parse(saved.json()).atol).toEqual({
        login: ATOL_STAND_IN_LOGIN,
        secret: { last4: ATOL_STAND_IN_PASSWORD.slice(-4) },
        groupCode: ATOL_STAND_IN_GROUP,
        live: false,
      })
      const row = await t.database.db
        .selectFrom('fiscalSettings')
        .selectAll()
        .where('restaurantId', '=', 'demo')
        .executeTakeFirstOrThrow()
      expect(row.atolSecretSealed).not.toContain(ATOL_STAND_IN_PASSWORD)
      // Another restaurant's manager sees their own settings only.
      const theirs = fiscalSettings.parse(
        (await send('GET', '/admin/fiscal-settings', ykManager)).json(),
      )
      expect(theirs.mode).toBe('off')
      // Diners learn that the restaurant sends receipts, so the app asks where to.
      const diners = await t.app.inject({ method: 'GET', url: '/api/v1/restaurants/demo' })
      expect(restaurantSchema.parse(diners.json()).receipts).toBe(true)
    })

    it('refuses АТОЛ without its password, email or address', async () => {
      const refused = await send('PUT', '/admin/fiscal-settings', ykManager, {
        ...atolSettings(),
        companyEmail: null,
      })
      expect(refused.statusCode).toBe(409) // yk has no INN yet: the profile comes first
      await profile('yk', { inn: INN, taxSystem: 'osn' })
      const noEmail = await send('PUT', '/admin/fiscal-settings', ykManager, {
        ...atolSettings(),
        companyEmail: null,
      })
      expect(noEmail.statusCode).toBe(400)
      expect(
        fiscalSettings.parse((await send('GET', '/admin/fiscal-settings', ykManager)).json()).mode,
      ).toBe('off')
    })
  })

  describe('a diner paying where receipts are on', () => {
    it('is asked where the receipt goes: none, or neither an email nor a phone, is refused and nothing starts', async () => {
      const session = await openTableSession(t, 'demo', 'T7')
      const diner = paymentActions(() => t.app, 'demo')
      const placed = await diner.place(session.id, 'card', OLIVIER_TWICE)
      for (const body of [
        payBody('card'),
        payBody('card', 'not a contact'),
        // A Moscow landline takes no SMS; ten digits that are no number at all.
        payBody('card', '+7 495 123-45-67'),
        payBody('card', '000 000 00 00'),
      ]) {
        const refused = await startPaying(placed.id, body)
        expect(refused.statusCode).toBe(400)
        expect(errorBody.parse(refused.json()).error.fields?.[0]?.path).toBe('body.receiptContact')
      }
      const payments = await t.database.db
        .selectFrom('payments')
        .select('id')
        .where('orderId', '=', placed.id)
        .execute()
      expect(payments).toEqual([])
    })
  })

  describe('through АТОЛ Онлайн, the restaurant’s own register', () => {
    async function paidAtDemo(table: string, contact = 'Guest@Example.ru') {
      const session = await openTableSession(t, 'demo', `T${table}`)
      const diner = paymentActions(() => t.app, 'demo')
      const placed = await diner.place(session.id, 'card', OLIVIER_TWICE)
      const started = payment.parse((await startPaying(placed.id, payBody('card', contact))).json())
      expect((await diner.payCard(started, SANDBOX_TEST_CARDS.succeeds)).statusCode).toBe(200)
      await settle()
      return { placed, started, diner }
    }

    it('sends the payment’s receipt once it is paid, and the diner sees where it went', async () => {
      const { started, diner } = await paidAtDemo('1')
      const [receipt] = await receiptsOf(started.id)
      expect(receipt).toMatchObject({
        kind: 'sell',
        via: 'atol',
        state: 'done',
        contact: 'guest@example.ru',
      })
      const documents = atol.documents().filter((d) => d.externalId === receipt?.id)
      expect(documents).toHaveLength(1)
      expect(documents[0]?.operation).toBe('sell')
      expect(documents[0]?.receipt).toMatchObject({
        client: { email: 'guest@example.ru' },
        company: { inn: INN, sno: 'usn_income' },
        total: started.amount / 100,
      })
      expect(receipt?.providerId).toBe(documents[0]?.uuid)
      expect((await diner.getPayment(started.id)).receipt).toEqual({
        state: 'done',
        contact: 'guest@example.ru',
      })
    })

    it('a refund of one dish sends a refund receipt of exactly the refund', async () => {
      const { placed, started } = await paidAtDemo('2', '+7 916 123-45-67')
      const refunded = await send('POST', `/admin/orders/${placed.id}/refunds`, demoManager, {
        kind: 'part',
        lines: [{ line: 0, quantity: 1 }],
        reason: 'Остыло',
      })
      expect(refunded.statusCode, refunded.body).toBe(200)
      await settle()
      const refund = await t.database.db
        .selectFrom('refunds')
        .selectAll()
        .where('orderId', '=', placed.id)
        .executeTakeFirstOrThrow()
      const receipts = await receiptsOf(started.id)
      const back = receipts.find((r) => r.kind === 'sell_refund')
      expect(back).toMatchObject({
        state: 'done',
        total: refund.amount,
        refundId: refund.id,
        contact: '+79161234567',
      })
      const document = atol.documents().find((d) => d.externalId === back?.id)
      expect(document?.operation).toBe('sell_refund')
      expect(document?.receipt).toMatchObject({
        total: refund.amount / 100,
        client: { phone: '+79161234567' },
      })
      // The manager's order panel shows both receipts beside their payment and refund.
      const detail = orderDetail.parse(
        (await send('GET', `/admin/orders/${placed.id}`, demoManager)).json(),
      )
      expect(detail.receipts).toEqual([
        expect.objectContaining({
          kind: 'sell',
          paymentId: started.id,
          refundId: null,
          state: 'done',
          via: 'atol',
        }),
        expect.objectContaining({
          kind: 'sell_refund',
          paymentId: started.id,
          refundId: refund.id,
          state: 'done',
          total: refund.amount,
          via: 'atol',
          error: null,
        }),
      ])
      // Another restaurant's manager learns nothing of it.
      expect((await send('GET', `/admin/orders/${placed.id}`, ykManager)).statusCode).toBe(404)
    })

    it('retries АТОЛ’s 500s through the outbox, and registers the receipt once', async () => {
      atol.fail(`/${ATOL_STAND_IN_GROUP}/sell`, 500, 500, 500, 500)
      const session = await openTableSession(t, 'demo', 'T3')
      const diner = paymentActions(() => t.app, 'demo')
      const placed = await diner.place(session.id, 'card', OLIVIER_TWICE)
      const started = payment.parse(
        (await startPaying(placed.id, payBody('card', 'a@b.ru'))).json(),
      )
      await diner.payCard(started, SANDBOX_TEST_CARDS.succeeds)
      await sandboxAcquirerOf(t.app).kick()
      await t.app.outbox.kick()
      const [waiting] = await receiptsOf(started.id)
      expect(waiting).toMatchObject({ state: 'pending', attempts: 1 })
      expect(waiting?.error).toMatch(/АТОЛ Онлайн/)
      // The outbox's next tries (made due now) find АТОЛ back.
      for (let round = 0; round < 3; round++) {
        await t.database.db
          .updateTable('outbox')
          .set({ nextAttemptAt: new Date() })
          .where('deliveredAt', 'is', null)
          .execute()
        await t.app.outbox.kick()
      }
      const [done] = await receiptsOf(started.id)
      expect(done?.state).toBe('done')
      expect(atol.documents().filter((d) => d.externalId === done?.id)).toHaveLength(1)
    })

    it('a wrong АТОЛ password fails the receipt for the manager to see; fixed, a retry sends it once', async () => {
      await send('PUT', '/admin/fiscal-settings', demoManager, atolSettings('WrongPassword'))
      const { started } = await paidAtDemo('4')
      const [failed] = await receiptsOf(started.id)
      expect(failed).toMatchObject({ state: 'failed' })
      expect(failed?.error).toMatch(/\(12\)/)
      expect(atol.documents().some((d) => d.externalId.startsWith(failed?.id ?? '-'))).toBe(false)

      const listed = listFailedReceipts.response.parse(
        (await send('GET', '/admin/receipts/failed', demoManager)).json(),
      )
      expect(listed.receipts.map((r) => r.receipt.id)).toContain(failed?.id)
      // АТОЛ answered and refused it: one try, counted.
      expect(listed.receipts.find((r) => r.receipt.id === failed?.id)?.attempts).toBe(1)
      // Another restaurant's manager neither sees nor retries it.
      const theirs = listFailedReceipts.response.parse(
        (await send('GET', '/admin/receipts/failed', ykManager)).json(),
      )
      expect(theirs.receipts).toEqual([])
      expect(
        (await send('POST', `/admin/receipts/${failed?.id ?? ''}/retry`, ykManager)).statusCode,
      ).toBe(404)

      await send('PUT', '/admin/fiscal-settings', demoManager, atolSettings())
      const retried = await send('POST', `/admin/receipts/${failed?.id ?? ''}/retry`, demoManager)
      expect(retried.statusCode, retried.body).toBe(200)
      expect(receiptStatus.parse(retried.json()).state).toBe('pending')
      const twice = await send('POST', `/admin/receipts/${failed?.id ?? ''}/retry`, demoManager)
      expect(codeOf(twice)).toBe('receipt_not_failed')
      await settle()
      const [done] = await receiptsOf(started.id)
      expect(done?.state).toBe('done')
      expect(atol.documents().filter((d) => d.externalId.startsWith(done?.id ?? '-'))).toHaveLength(
        1,
      )
      const audit = await t.database.db
        .selectFrom('auditLog')
        .select(['entity', 'action'])
        .where('restaurantId', '=', 'demo')
        .where('entity', 'in', ['receipt', 'fiscal_settings'])
        .execute()
      expect(audit).toContainEqual({ entity: 'receipt', action: 'retry' })
    })
  })

  describe('a signed-in diner’s receipt contact (decision 0142)', () => {
    const me = (token: string | null) =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1/me',
        headers: token ? asClient(token) : {},
      })
    const contactOf = async (token: string) =>
      clientProfile.parse((await me(token)).json()).receiptContact
    const editMe = (token: string | null, payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/v1/me',
        headers: token ? asClient(token) : {},
        payload,
      })
    const payAs = async (token: string | null, table: string, body: object) => {
      const session = await openTableSession(t, 'demo', table)
      const diner = paymentActions(() => t.app, 'demo')
      const placed = await diner.place(session.id, 'card', OLIVIER_TWICE)
      return t.app.inject({
        method: 'POST',
        url: `/api/v1/orders/${placed.id}/payments`,
        headers: token ? asClient(token) : {},
        payload: body,
      })
    }
    let anna = ''
    let boris = ''

    beforeAll(async () => {
      await profile('demo', { inn: INN, taxSystem: 'usn_income' })
      const saved = await send('PUT', '/admin/fiscal-settings', demoManager, atolSettings())
      expect(saved.statusCode, saved.body).toBe(200)
      anna = await dinerToken(t, '+79165550101', { restaurantId: 'demo' })
      boris = await dinerToken(t, '+79165550202', { restaurantId: 'demo' })
    })

    it('a payment keeps it on the payer’s profile when asked, for the next payment on any device, and on nobody else’s', async () => {
      expect(await contactOf(anna)).toBeNull()
      const kept = await payAs(anna, 'T5', {
        method: 'card',
        receiptContact: '8 (916) 555-77-77',
        keepReceiptContact: true,
      })
      expect(kept.statusCode, kept.body).toBe(201)
      expect(await contactOf(anna)).toBe('+79165557777')
      // Another device: Anna signs in again there and finds it.
      const elsewhere = await dinerToken(t, '+79165550101', { restaurantId: 'demo' })
      expect(await contactOf(elsewhere)).toBe('+79165557777')
      // Boris's profile has none of it.
      expect(await contactOf(boris)).toBeNull()

      // Not asked: a payment keeps nothing on the profile.
      const once = await payAs(boris, 'T6', { method: 'card', receiptContact: 'b@example.ru' })
      expect(once.statusCode, once.body).toBe(201)
      expect(await contactOf(boris)).toBeNull()

      // A payment refused keeps nothing: Anna's contact stays what it was.
      for (const receiptContact of ['+7 495 123-45-67', 'anna@']) {
        const refused = await payAs(anna, 'T8', {
          method: 'card',
          receiptContact,
          keepReceiptContact: true,
        })
        expect(refused.statusCode).toBe(400)
        expect(errorBody.parse(refused.json()).error.fields?.[0]?.path).toBe('body.receiptContact')
      }
      expect(await contactOf(anna)).toBe('+79165557777')

      // Anonymous (or with a token that signs nobody in): no profile changes.
      const before = await t.database.db
        .selectFrom('clients')
        .select(['id', 'receiptContact'])
        .orderBy('id')
        .execute()
      for (const token of [null, 'not-a-token']) {
        const anonymous = await payAs(token, 'T9', {
          method: 'card',
          receiptContact: 'stranger@example.ru',
          keepReceiptContact: true,
        })
        expect(anonymous.statusCode, anonymous.body).toBe(201)
      }
      expect(
        await t.database.db
          .selectFrom('clients')
          .select(['id', 'receiptContact'])
          .orderBy('id')
          .execute(),
      ).toEqual(before)
    })

    it('the profile edits and clears it, refuses what is neither an email nor a mobile and changes nothing', async () => {
      const edited = await editMe(boris, { receiptContact: '  Boris@Example.RU ' })
      expect(edited.statusCode, edited.body).toBe(200)
      expect(clientProfile.parse(edited.json()).receiptContact).toBe('boris@example.ru')
      for (const receiptContact of ['+7 495 123-45-67', 'boris@', '12345', '+1 555 0100']) {
        const refused = await editMe(boris, { receiptContact, name: 'Борис' })
        expect(refused.statusCode, receiptContact).toBe(400)
        const { error } = errorBody.parse(refused.json())
        expect(error.code).toBe('validation_failed')
        expect(error.fields?.[0]?.path).toBe('body.receiptContact')
        expect(error.fields?.[0]?.message).toMatch(/мобильного/)
      }
      const unchanged = clientProfile.parse((await me(boris)).json())
      expect(unchanged).toMatchObject({ receiptContact: 'boris@example.ru', name: null })
      // Other details change without it.
      const named = await editMe(boris, { name: 'Борис' })
      expect(clientProfile.parse(named.json()).receiptContact).toBe('boris@example.ru')
      // Not signed in, or signed in as somebody else: Boris's stays his.
      expect((await editMe(null, { receiptContact: 'x@example.ru' })).statusCode).toBe(401)
      expect((await me(null)).statusCode).toBe(401)
      expect(await contactOf(anna)).toBe('+79165557777')
      expect(await contactOf(boris)).toBe('boris@example.ru')
      const cleared = await editMe(boris, { receiptContact: null })
      expect(clientProfile.parse(cleared.json()).receiptContact).toBeNull()
      expect(await contactOf(anna)).toBe('+79165557777')
    })
  })

  describe('through YooKassa’s receipt service', () => {
    const diner = paymentActions(() => t.app, 'yk')
    const refOf = (p: Payment) => p.redirectUrl?.split('/').at(-1) ?? ''
    /** The restaurant's receipts go through YooKassa, its acquirer. */
    const receiptsByYooKassa = async () => {
      await profile('yk', { inn: INN, taxSystem: 'osn' })
      const saved = await send('PUT', '/admin/fiscal-settings', ykManager, {
        mode: 'acquirer',
        atol: null,
        companyEmail: null,
        paymentAddress: null,
      })
      expect(saved.statusCode, saved.body).toBe(200)
    }
    /** Borscht ordered at `table` and paid by card, the bank saying yes. */
    const borschtPaidByCard = async (table: string, quantity: number, email: string) => {
      const session = await openTableSession(t, 'yk', table)
      const placed = await diner.place(session.id, 'card', [
        { dishId: 'borscht', quantity, optionIds: ['regular'] },
      ])
      const started = payment.parse((await startPaying(placed.id, payBody('card', email))).json())
      yookassa.decide(refOf(started), 'succeed')
      return { placed, started }
    }

    it('a card payment carries its receipt, whose items come to the amount; the diner sees it sent', async () => {
      // YooKassa's register has not registered the receipts yet (the next test ends them).
      yookassa.receiptsWill('pending')
      await receiptsByYooKassa()
      // Nor can the acquirer then be taken away from under its receipts: nothing changes.
      for (const provider of ['none', 'sandbox'] as const) {
        const away = await send('PUT', '/admin/payment-account', ykManager, {
          provider,
          accountId: null,
          live: false,
          methods: ['card'],
        })
        expect(away.statusCode, away.body).toBeGreaterThanOrEqual(400)
        if (provider === 'none') expect(codeOf(away)).toBe('receipts_acquirer_unsupported')
      }
      const account = await send('GET', '/admin/payment-account', ykManager)
      expect(paymentAccount.parse(account.json()).provider).toBe('yookassa')
      // Soups are taxed at 10 %, the pike-perch at 5 %, the rest at the restaurant's 22 %.
      const file = withVat(testMenuFile(), { soups: 'vat10', 'pike-perch': 'vat5' })
      await t.menu.importMenu('yk', file)
      const exported = await send('GET', '/admin/menu', ykManager)
      expect(JSON.stringify(exported.json())).toContain('"vatRate":"vat10"')
      const session = await openTableSession(t, 'yk', 'T1')
      const placed = await diner.place(session.id, 'card', [
        { dishId: 'pike-perch', quantity: 1, optionIds: [] },
        { dishId: 'borscht', quantity: 3, optionIds: ['regular'] },
      ])
      const started = payment.parse(
        (await startPaying(placed.id, payBody('card', 'guest@example.ru'))).json(),
      )
      const sent = yookassa.requests.findLast((r) => r.path === '/v3/payments')
      expect(sent?.body.receipt).toMatchObject({
        customer: { email: 'guest@example.ru' },
        tax_system_code: 1,
      })
      const items = (
        sent?.body.receipt as {
          items: { amount: { value: string }; quantity: string; vat_code: number }[]
        }
      ).items
      const sum = items.reduce(
        (all, item) => all + Math.round(Number(item.amount.value) * 100 * Number(item.quantity)),
        0,
      )
      expect(sum).toBe(started.amount)
      // pike-perch 5 % (7), borscht 10 % (3), the service charge the restaurant's 22 % (11).
      expect(items.map((item) => item.vat_code)).toEqual([7, 3, 11])

      yookassa.decide(refOf(started), 'succeed')
      await yookassa.delivered()
      await t.app.outbox.kick()
      const paid = await diner.getPayment(started.id)
      expect(paid.status).toBe('succeeded')
      expect(paid.receipt).toEqual({ state: 'sent', contact: 'guest@example.ru' })
      const [receipt] = await receiptsOf(started.id)
      expect(receipt).toMatchObject({ via: 'acquirer', providerId: refOf(started) })

      // One dish refunded: the refund carries a receipt of exactly what goes back.
      const refunded = await send('POST', `/admin/orders/${placed.id}/refunds`, ykManager, {
        kind: 'part',
        lines: [{ line: 0, quantity: 1 }],
        reason: 'Не понравилось',
      })
      expect(refunded.statusCode, refunded.body).toBe(200)
      await t.app.outbox.kick()
      const refund = yookassa.refundsOf(refOf(started))[0]
      const carried = yookassa.refundReceipts.find((r) => r.refundId === refund?.id)?.receipt as
        { items: { amount: { value: string }; quantity: string }[] } | undefined
      const back = carried?.items.reduce(
        (all, item) => all + Math.round(Number(item.amount.value) * 100 * Number(item.quantity)),
        0,
      )
      expect(back).toBe(Math.round(Number((refund?.amount as { value: string }).value) * 100))
      const kept = (await receiptsOf(started.id)).find((r) => r.kind === 'sell_refund')
      expect(kept).toMatchObject({
        via: 'acquirer',
        state: 'sent',
        providerId: refund?.id,
        total: back,
      })
      yookassa.receiptsWill('succeeded')
    })

    it('reads YooKassa’s receipt_registration back: registered is done, refused is failed and listed', async () => {
      await receiptsByYooKassa()
      yookassa.receiptsWill('pending')
      try {
        const { placed, started } = await borschtPaidByCard('T2', 2, 'reg@example.ru')
        const ref = refOf(started)
        // The diner's return reads the payment back: it succeeded.
        expect((await diner.getPayment(started.id)).status).toBe('succeeded')
        await settle()
        // Still being registered: sent, and asked about again later.
        expect(await receiptsOf(started.id)).toEqual([expect.objectContaining({ state: 'sent' })])
        expect((await diner.getPayment(started.id)).receipt?.state).toBe('sent')
        await later()
        expect((await receiptsOf(started.id))[0]?.state).toBe('sent')
        yookassa.settleReceipt(ref, 'succeeded')
        await later()
        expect((await receiptsOf(started.id))[0]?.state).toBe('done')
        expect((await diner.getPayment(started.id)).receipt).toEqual({
          state: 'done',
          contact: 'reg@example.ru',
        })
        expect(
          yookassa.requests.some((r) => r.method === 'GET' && r.path === `/v3/payments/${ref}`),
        ).toBe(true)

        // The register refuses the refund's receipt: failed, in the manager's list, with why.
        yookassa.receiptsWill('canceled')
        const refunded = await send('POST', `/admin/orders/${placed.id}/refunds`, ykManager, {
          kind: 'part',
          lines: [{ line: 0, quantity: 1 }],
          reason: 'Холодный',
        })
        expect(refunded.statusCode, refunded.body).toBe(200)
        await settle()
        const back = (await receiptsOf(started.id)).find((r) => r.kind === 'sell_refund')
        expect(back).toMatchObject({ via: 'acquirer', state: 'failed' })
        expect(back?.error).toMatch(/receipt_registration: canceled/)
        expect(
          yookassa.requests.some(
            (r) => r.method === 'GET' && r.path === `/v3/refunds/${back?.providerId ?? '-'}`,
          ),
        ).toBe(true)
        const listed = listFailedReceipts.response.parse(
          (await send('GET', '/admin/receipts/failed', ykManager)).json(),
        )
        const mine = listed.receipts.find((r) => r.receipt.id === back?.id)
        expect(mine).toMatchObject({ via: 'acquirer', receipt: { state: 'failed' } })
        expect(mine?.error).toMatch(/receipt_registration: canceled/)
        // The sale stays registered; nothing else changed.
        expect((await receiptsOf(started.id))[0]?.state).toBe('done')

        // Sent again (decision 0147): a refund's receipt of its own for the same refund.
        yookassa.receiptsWill('succeeded')
        const retried = await send('POST', `/admin/receipts/${back?.id ?? ''}/retry`, ykManager)
        expect(retried.statusCode, retried.body).toBe(200)
        await settle()
        await later()
        const made = yookassa.madeReceipts().filter((r) => r.refund_id === back?.providerId)
        expect(made).toEqual([expect.objectContaining({ type: 'refund', status: 'succeeded' })])
        expect(
          yookassa.requests.find((r) => r.path === '/v3/receipts' && r.body.refund_id)?.key,
        ).toBe(`receipt-${back?.id ?? ''}.1`)
        expect((await receiptsOf(started.id)).find((r) => r.id === back?.id)).toMatchObject({
          state: 'done',
          generation: 1,
          providerId: made[0]?.id,
          acquirerRef: back?.providerId,
          error: null,
        })
      } finally {
        yookassa.receiptsWill('succeeded')
      }
    })

    it('sends a refused sale’s receipt again through YooKassa’s POST /receipts: once, however many retries and senders, for the manager’s own restaurant only', async () => {
      await receiptsByYooKassa()
      yookassa.receiptsWill('canceled')
      try {
        const { started } = await borschtPaidByCard('T3', 1, 'again@example.ru')
        const ref = refOf(started)
        await diner.getPayment(started.id)
        await settle()
        const [refused] = await receiptsOf(started.id)
        expect(refused).toMatchObject({ state: 'failed', providerId: ref, generation: 0 })
        const url = `/admin/receipts/${refused?.id ?? ''}/retry`
        const made = () => yookassa.madeReceipts().filter((r) => r.payment_id === ref)

        // Another restaurant's manager cannot send it: 404, and nothing changes.
        expect((await send('POST', url, demoManager)).statusCode).toBe(404)
        expect((await receiptsOf(started.id))[0]).toEqual(refused)

        // Two retries at once: one is taken, the other is told it is on its way.
        const both = await Promise.all([send('POST', url, ykManager), send('POST', url, ykManager)])
        expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409])
        expect(codeOf(both.find((r) => r.statusCode === 409) ?? both[0])).toBe('receipt_not_failed')
        // A second entry for it, as a racing sender would leave: still one receipt is made.
        await t.app.outbox.add([sendReceiptEntry(refused?.id ?? '')], t.database.db)
        await settle()
        await later()
        expect(made()).toEqual([expect.objectContaining({ type: 'payment', status: 'canceled' })])
        const again = (await receiptsOf(started.id))[0]
        expect(again).toMatchObject({
          state: 'failed',
          generation: 1,
          providerId: made()[0]?.id,
          acquirerRef: ref,
        })
        expect(again?.error).toMatch(/did not register it again/)

        // Refused again, sent again: the payment it is for is still known; now registered.
        yookassa.receiptsWill('succeeded')
        const third = await send('POST', url, ykManager)
        expect(third.statusCode, third.body).toBe(200)
        await settle()
        await later()
        expect(made()).toHaveLength(2)
        expect(made()[1]).toMatchObject({ status: 'succeeded', payment_id: ref })
        expect(
          yookassa.requests
            .filter((r) => r.path === '/v3/receipts' && r.body.payment_id === ref)
            .map((r) => r.key),
        ).toEqual([`receipt-${refused?.id ?? ''}.1`, `receipt-${refused?.id ?? ''}.2`])
        expect((await receiptsOf(started.id))[0]).toMatchObject({
          state: 'done',
          generation: 2,
          providerId: made()[1]?.id,
          acquirerRef: ref,
        })
        expect((await diner.getPayment(started.id)).receipt?.state).toBe('done')
        // A receipt that is not failed is not sent again.
        const done = await send('POST', url, ykManager)
        expect(done.statusCode).toBe(409)
        expect(codeOf(done)).toBe('receipt_not_failed')
        expect(made()).toHaveLength(2)
        const audit = await t.database.db
          .selectFrom('auditLog')
          .select(['entityId'])
          .where('restaurantId', '=', 'yk')
          .where('entity', '=', 'receipt')
          .where('action', '=', 'retry')
          .execute()
        expect(audit.filter((a) => a.entityId === refused?.id)).toHaveLength(2)
      } finally {
        yookassa.receiptsWill('succeeded')
      }
    })
  })
})

// Two apps on one PostgreSQL database are two nodes, each with its own outbox worker.
describe.skipIf(!postgresDatabase)('A receipt on two nodes at once', () => {
  let one: TestApp
  let two: FastifyInstance
  let atol: AtolStandIn

  beforeAll(async () => {
    if (!postgresDatabase) return
    atol = await startAtolStandIn()
    const env = { SECRETS_KEY: TEST_SECRETS_KEY, ATOL_API_URL: atol.apiUrl }
    one = await createTestApp(postgresDatabase, env)
    two = (await startTestApp(one.database, env)).app
    await one.database.db
      .updateTable('restaurants')
      .set({ inn: INN, taxSystem: 'usn_income', vatRate: 'none', legalName: 'ООО «Тест»' })
      .where('id', '=', 'demo')
      .execute()
    const { token } = await signInAsManager(one.app)
    const saved = await one.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/fiscal-settings',
      headers: { 'x-manager-token': token },
      payload: {
        mode: 'atol',
        atol: {
          login: ATOL_STAND_IN_LOGIN,
          password: ATOL_STAND_IN_PASSWORD,
          groupCode: ATOL_STAND_IN_GROUP,
          live: false,
        },
        companyEmail: 'chek@demo.example.ru',
        paymentAddress: 'https://demo.example.ru',
      },
    })
    expect(saved.statusCode, saved.body).toBe(200)
  })
  afterAll(async () => {
    await two.close()
    await one.close()
    await atol.close()
  })

  it('registers it once, though both nodes deliver it together (and twice)', async () => {
    // АТОЛ is down at first: the receipt waits in the outbox.
    atol.fail(`/${ATOL_STAND_IN_GROUP}/sell`, 500, 500, 500)
    const diner = paymentActions(() => one.app, 'demo')
    const session = await openTableSession(one, 'demo', 'T5')
    const placed = await diner.place(session.id, 'card', OLIVIER_TWICE)
    const started = await one.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${placed.id}/payments`,
      payload: { method: 'card', receiptContact: 'both@example.ru' },
    })
    const paying = payment.parse(started.json())
    await diner.payCard(paying, SANDBOX_TEST_CARDS.succeeds)
    await sandboxAcquirerOf(one.app).kick()
    await one.app.outbox.kick()
    const receipt = await one.database.db
      .selectFrom('receipts')
      .selectAll()
      .where('paymentId', '=', paying.id)
      .executeTakeFirstOrThrow()
    expect(receipt.state).toBe('pending')
    // A second entry for the same receipt, as a retry racing the first would leave.
    await one.app.outbox.add([sendReceiptEntry(receipt.id)], one.database.db)
    await one.database.db
      .updateTable('outbox')
      .set({ nextAttemptAt: new Date() })
      .where('deliveredAt', 'is', null)
      .execute()
    await Promise.all([one.app.outbox.kick(), two.outbox.kick(), one.app.outbox.kick()])
    const done = await one.database.db
      .selectFrom('receipts')
      .selectAll()
      .where('id', '=', receipt.id)
      .executeTakeFirstOrThrow()
    expect(done.state).toBe('done')
    expect(atol.documents().filter((d) => d.externalId === receipt.id)).toHaveLength(1)
  })
})
