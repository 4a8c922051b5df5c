import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FiscalReceipt } from '@tableside/contracts/receipts'
import { ProviderUnavailable, WebhookRejected } from '../../features/payments/payment-provider'
import { providerPaymentRequest } from '../../test/test-payments'
import { amountValue, minorOf, YooKassaError } from './yookassa-api'
import { createYooKassaProvider, isYooKassaAddress, readNotice } from './yookassa-provider'
import {
  STAND_IN_SECRET_KEY,
  STAND_IN_SHOP_ID,
  startYooKassaStandIn,
  type YooKassaStandIn,
} from './yookassa-stand-in'

/** From yookassa.ru/developers/payment-acceptance/getting-started/quick-start: the answer. */
const DOCUMENTED_PAYMENT = {
  id: '23d93e97-000f-5000-a000-1b5e8d2e4c3e',
  status: 'pending',
  paid: false,
  amount: { value: '100.00', currency: 'RUB' },
  confirmation: {
    type: 'redirect',
    confirmation_url:
      'https://yoomoney.ru/api-pages/v2/payment-confirm/epl?orderId=23d93e97-000f-5000-a000-1b5e8d2e4c3e',
  },
  created_at: '2019-01-22T14:30:45.129Z',
  description: 'Заказ №1',
  metadata: {},
  recipient: { account_id: '100500', gateway_id: '100700' },
  refundable: false,
  test: false,
}

/** From yookassa.ru/developers/using-api/webhooks: a notification's body. */
const DOCUMENTED_NOTIFICATION = {
  type: 'notification',
  event: 'payment.succeeded',
  object: {
    id: '22d6d597-000f-5000-9000-145f6df21d6f',
    status: 'succeeded',
    paid: true,
    amount: { value: '2.00', currency: 'RUB' },
    created_at: '2018-07-10T14:27:54.691Z',
    description: 'Заказ №72',
    metadata: {},
    payment_method: { type: 'bank_card', id: '22d6d597-000f-5000-9000-145f6df21d6f', saved: false },
    refundable: false,
    test: false,
  },
}

const request = providerPaymentRequest

describe('YooKassa adapter against a stand-in of its documented API', () => {
  let standIn: YooKassaStandIn
  beforeAll(async () => {
    standIn = await startYooKassaStandIn()
  })
  afterAll(() => standIn.close())

  const provider = (secretKey = STAND_IN_SECRET_KEY) =>
    createYooKassaProvider({
      account: { shopId: STAND_IN_SHOP_ID, secretKey },
      baseUrl: standIn.apiUrl,
      timeoutMs: 200,
      backoffMs: () => 0,
    })
  const idOf = (url: string) => url.split('/').at(-1) ?? ''

  it('writes kopecks as YooKassa’s decimal strings and reads them back', () => {
    expect(amountValue(101_850)).toBe('1018.50')
    expect(amountValue(5)).toBe('0.05')
    expect(minorOf('1018.50')).toBe(101_850)
    expect(minorOf('2.5')).toBe(250)
    expect(minorOf('2.005')).toBeNull()
    expect(minorOf(2)).toBeNull()
  })

  it('creates a payment as the documented request, captured at once, with its key', async () => {
    const asked = request({ method: 'sbp' })
    const { ref, redirectUrl } = await provider().create(asked)
    const sent = standIn.requests.at(-1)
    expect(sent).toMatchObject({
      method: 'POST',
      path: '/v3/payments',
      key: `pay-${asked.paymentId}`,
    })
    expect(sent?.body).toEqual({
      amount: { value: '1018.50', currency: 'RUB' },
      capture: true,
      confirmation: { type: 'redirect', return_url: asked.successUrl, locale: 'ru_RU' },
      payment_method_data: { type: 'sbp' },
      description: 'Заказ 12',
      metadata: { payment_id: asked.paymentId },
    })
    expect(redirectUrl).toBe(`${standIn.origin}/checkout/${ref}`)
    // The stand-in answers with every field of the documented answer.
    expect(Object.keys(standIn.payments(ref) ?? {})).toEqual(
      expect.arrayContaining(Object.keys(DOCUMENTED_PAYMENT)),
    )
    expect(await provider().status(ref)).toEqual({
      outcome: 'pending',
      amount: 101_850,
      currency: 'RUB',
    })
  })

  it('reads the documented answer as YooKassa itself writes it', async () => {
    const documented = createYooKassaProvider({
      account: { shopId: STAND_IN_SHOP_ID, secretKey: STAND_IN_SECRET_KEY },
      fetch: () => Promise.resolve(Response.json(DOCUMENTED_PAYMENT)),
    })
    expect(await documented.create(request({ amount: 10_000 }))).toEqual({
      ref: DOCUMENTED_PAYMENT.id,
      redirectUrl: DOCUMENTED_PAYMENT.confirmation.confirmation_url,
    })
    // An answer for another amount than asked is never taken for this payment.
    await expect(documented.create(request({ amount: 10_001 }))).rejects.toThrow(/another amount/)
    expect(readNotice(JSON.stringify(DOCUMENTED_NOTIFICATION))).toEqual({
      readBack: true,
      ref: DOCUMENTED_NOTIFICATION.object.id,
    })
  })

  it('repeats one create after a 500 and a timeout with the same key: one payment', async () => {
    const asked = request()
    standIn.fail('/v3/payments', 500, 'timeout')
    const before = standIn.requests.length
    const first = await provider().create(asked)
    const tries = standIn.requests.slice(before)
    expect(tries.map((sent) => sent.key)).toEqual(Array(3).fill(`pay-${asked.paymentId}`))
    // The same key and body answer the same payment again; another body with it is refused.
    expect(await provider().create(asked)).toEqual(first)
    await expect(provider().create({ ...asked, amount: 1 })).rejects.toThrow(
      /400 invalid_request: Idempotence key duplicated/,
    )
  })

  it('says YooKassa is unavailable when every repeat fails, and names no secret', async () => {
    standIn.fail('/v3/payments', 500, 500, 500)
    const error: unknown = await provider()
      .create(request())
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ProviderUnavailable)
    expect(String(error)).toMatch(/answered 500 internal_server_error \(3 tries/)
    standIn.fail('/v3/payments', 'timeout', 'timeout', 'timeout')
    await expect(provider().create(request())).rejects.toThrow(/did not answer within 200 ms/)
    const refused: unknown = await provider('test_wrong')
      .create(request())
      .catch((caught: unknown) => caught)
    expect(refused).toBeInstanceOf(YooKassaError)
    expect(String(refused)).toMatch(/401 invalid_credentials/)
    expect(String(refused)).not.toContain('test_wrong')
  })

  it('maps a declined card, a success and a held payment it captures', async () => {
    const declined = await provider().create(request())
    standIn.decide(idOf(declined.redirectUrl), 'insufficient_funds')
    expect(await provider().status(declined.ref)).toMatchObject({
      outcome: 'failed',
      reason: 'insufficient_funds',
    })
    const paid = await provider().create(request())
    standIn.decide(paid.ref, 'succeed')
    expect(await provider().status(paid.ref)).toMatchObject({ outcome: 'succeeded' })
    expect(await provider().cancel(paid.ref)).toBe('too_late')
    const pending = await provider().create(request())
    expect(await provider().cancel(pending.ref)).toBe('cancelled')
  })

  it('refunds in parts, each once per key, never more than was paid', async () => {
    const paid = await provider().create(request({ amount: 30_000 }))
    standIn.decide(paid.ref, 'succeed')
    const first = await provider().refund(paid.ref, 10_000, 'refund-1')
    expect(first.refundId).toMatch(/-0015-/)
    expect(first.status).toBe('succeeded')
    standIn.fail('/v3/refunds', 500)
    expect(await provider().refund(paid.ref, 10_000, 'refund-1')).toEqual(first)
    await provider().refund(paid.ref, 15_000, 'refund-2')
    // Refused (more than is left): failed, not thrown, for the manager to see (decision 0130).
    expect(await provider().refund(paid.ref, 5_001, 'refund-3')).toEqual({
      refundId: null,
      status: 'failed',
    })
    // And one the refunds endpoint is asked about later answers where it stands.
    expect(await provider().refundStatus(first.refundId ?? '')).toBe('succeeded')
    expect(standIn.refundsOf(paid.ref).map((refund) => refund.amount)).toEqual([
      { value: '100.00', currency: 'RUB' },
      { value: '150.00', currency: 'RUB' },
    ])
  })

  it('reads a receipt’s receipt_registration from the payment and the refund objects', async () => {
    // The documented payment object, with the field as YooKassa's objects carry it.
    for (const [registration, read] of [
      ['succeeded', 'succeeded'],
      ['canceled', 'canceled'],
      ['pending', 'pending'],
      [undefined, null],
      ['something new', null],
    ] as const) {
      const documented = createYooKassaProvider({
        account: { shopId: '1', secretKey: 'test_x' },
        fetch: () =>
          Promise.resolve(
            Response.json({ ...DOCUMENTED_PAYMENT, receipt_registration: registration }),
          ),
      })
      expect(
        await documented.receiptRegistration({ kind: 'payment', id: DOCUMENTED_PAYMENT.id }),
      ).toBe(read)
    }
    // The stand-in: pending until the payment succeeded, then as its register ends it.
    const receipt = {
      customer: { email: 'a@example.ru' },
      items: [
        {
          description: 'Борщ',
          quantity: '1.000',
          amount: { value: '300.00', currency: 'RUB' },
          vat_code: 11,
          payment_subject: 'commodity',
          payment_mode: 'full_payment',
        },
      ],
      tax_system_code: 1,
    }
    const paid = await provider().create(request({ amount: 30_000 }))
    const id = idOf(paid.redirectUrl)
    // The adapter's own receipt mapping is tested elsewhere; here the object is the stand-in's.
    expect(await provider().receiptRegistration({ kind: 'payment', id })).toBeNull()
    standIn.receiptsWill('canceled')
    try {
      const withReceipt = await createYooKassaProvider({
        account: { shopId: STAND_IN_SHOP_ID, secretKey: STAND_IN_SECRET_KEY },
        baseUrl: standIn.apiUrl,
        fetch: (url, init) =>
          fetch(url, {
            ...init,
            body: JSON.stringify({
              ...(JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as object),
              receipt,
            }),
          }),
      }).create(request({ amount: 30_000 }))
      const ref = idOf(withReceipt.redirectUrl)
      expect(await provider().receiptRegistration({ kind: 'payment', id: ref })).toBe('pending')
      standIn.decide(ref, 'succeed')
      expect(await provider().receiptRegistration({ kind: 'payment', id: ref })).toBe('canceled')
    } finally {
      standIn.receiptsWill('succeeded')
    }
    standIn.fail(`/v3/refunds/nope`, 500, 500, 500)
    await expect(provider().receiptRegistration({ kind: 'refund', id: 'nope' })).rejects.toThrow(
      ProviderUnavailable,
    )
  })

  it('sends a refused receipt again by POST /receipts, once per generation, and reads it back', async () => {
    const paid = await provider().create(request({ amount: 30_000 }))
    const ref = idOf(paid.redirectUrl)
    const receipt: FiscalReceipt = {
      kind: 'sell',
      taxSystem: 'osn',
      customer: { email: 'a@example.ru' },
      items: [
        {
          name: 'Борщ',
          price: 10_000,
          quantity: 3,
          sum: 30_000,
          vat: 'vat22',
          subject: 'commodity',
          mode: 'full_payment',
        },
      ],
      total: 30_000,
      currency: 'RUB',
    }
    const receiptId = crypto.randomUUID()
    const again = { type: 'payment' as const, of: ref, receiptId, generation: 1, receipt }
    // Not for a payment that has not succeeded: refused with YooKassa's words, nothing made.
    expect(await provider().createReceipt(again)).toEqual({
      refused: expect.stringMatching(/400 invalid_request/) as unknown,
    })
    standIn.decide(ref, 'succeed')
    // A 500 and a lost answer are repeated with the same key: one receipt is made.
    standIn.fail('/v3/receipts', 500, 'timeout')
    const made = await provider().createReceipt({ ...again, generation: 2 })
    expect(made).toEqual({ id: expect.stringMatching(/^rt-/) as unknown, registration: 'pending' })
    const sent = standIn.requests.filter((r) => r.path === '/v3/receipts')
    expect(new Set(sent.slice(-3).map((r) => r.key))).toEqual(new Set([`receipt-${receiptId}.2`]))
    expect(sent.at(-1)?.body).toEqual({
      type: 'payment',
      payment_id: ref,
      customer: { email: 'a@example.ru' },
      items: [
        {
          description: 'Борщ',
          quantity: '3.00',
          amount: { value: '100.00', currency: 'RUB' },
          vat_code: 11,
          payment_subject: 'commodity',
          payment_mode: 'full_payment',
        },
      ],
      tax_system_code: 1,
      settlements: [{ type: 'cashless', amount: { value: '300.00', currency: 'RUB' } }],
      send: true,
    })
    // The same generation again (another node, the entry retried) answers the same receipt.
    expect(await provider().createReceipt({ ...again, generation: 2 })).toEqual(made)
    expect(standIn.madeReceipts().filter((r) => r.payment_id === ref)).toHaveLength(1)
    const id = 'refused' in made ? '' : made.id
    expect(await provider().receiptRegistration({ kind: 'receipt', id })).toBe('succeeded')
    // Items that do not come to the total are refused; so is another shop's key.
    expect(
      await provider().createReceipt({
        ...again,
        generation: 3,
        receipt: { ...receipt, total: 29_999 },
      }),
    ).toEqual({ refused: expect.stringMatching(/invalid_request/) as unknown })
    expect(await provider('test_wrong').createReceipt({ ...again, generation: 4 })).toEqual({
      refused: expect.stringMatching(/401 invalid_credentials/) as unknown,
    })
    standIn.fail('/v3/receipts', 500, 500, 500)
    await expect(provider().createReceipt({ ...again, generation: 5 })).rejects.toThrow(
      ProviderUnavailable,
    )
    expect(standIn.madeReceipts().filter((r) => r.payment_id === ref)).toHaveLength(1)
  })

  it('takes notifications only from YooKassa’s addresses, and believes none of their content', () => {
    for (const address of ['185.71.76.5', '::ffff:77.75.156.11', '2a02:5180::1', '77.75.154.200']) {
      expect(isYooKassaAddress(address)).toBe(true)
    }
    for (const address of ['185.71.76.32', '127.0.0.1', '10.0.0.1', '2a02:5181::1', 'nonsense']) {
      expect(isYooKassaAddress(address)).toBe(false)
    }
    const body = JSON.stringify(DOCUMENTED_NOTIFICATION)
    expect(() =>
      provider().verifyWebhook({}, body, new Date(), { address: '203.0.113.9' }),
    ).toThrow(WebhookRejected)
    expect(provider().verifyWebhook({}, body, new Date(), { address: '185.71.77.1' })).toEqual({
      readBack: true,
      ref: DOCUMENTED_NOTIFICATION.object.id,
    })
    for (const bad of ['not json', '{}', '{"type":"notification","event":"payment.succeeded"}']) {
      expect(() => readNotice(bad)).toThrow(WebhookRejected)
    }
  })

  it('checks the connection with the shop’s credentials', async () => {
    expect(await provider().checkConnection()).toEqual({
      ok: true,
      account: STAND_IN_SHOP_ID,
      test: true,
    })
    expect(await provider('test_wrong').checkConnection()).toMatchObject({
      ok: false,
      problem: 'invalid_credentials',
    })
    standIn.fail('/v3/me', 500, 500, 500)
    expect(await provider().checkConnection()).toMatchObject({ ok: false, problem: 'unavailable' })
  })
})
