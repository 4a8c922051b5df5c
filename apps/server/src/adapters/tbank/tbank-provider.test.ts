import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ProviderUnavailable, WebhookRejected } from '../../features/payments/payment-provider'
import { providerPaymentRequest } from '../../test/test-payments'
import { TBankError, tokenMatches, tokenOf } from './tbank-api'
import {
  createTBankNotificationReader,
  createTBankProvider,
  eventOf,
  initRequest,
  readNotification,
  refundSince,
} from './tbank-provider'
import {
  STAND_IN_PASSWORD,
  STAND_IN_TERMINAL_KEY,
  startTBankStandIn,
  type TBankStandIn,
} from './tbank-stand-in'

/** developer.tbank.ru/eacq/intro/developer/token: the example's fields and password. */
const DOCUMENTED_TOKEN_REQUEST = {
  TerminalKey: 'MerchantTerminalKey',
  Amount: 19200,
  OrderId: '00000',
  Description: 'Подарочная карта на 1000 рублей',
  DATA: { Phone: '+71234567890', Email: 'a@test.com' },
  Receipt: { Email: 'a@test.ru', Taxation: 'osn', Items: [] },
}
const DOCUMENTED_PASSWORD = '11111111111111'
/** The same page: the values sorted by key (Amount, Description, OrderId, Password, TerminalKey). */
const DOCUMENTED_CONCATENATION =
  '19200Подарочная карта на 1000 рублей0000011111111111111MerchantTerminalKey'

/** developer.tbank.ru/eacq/api/init: the answer's example. */
const DOCUMENTED_INIT_ANSWER = {
  Success: true,
  ErrorCode: '0',
  TerminalKey: 'TinkoffBankTest',
  Status: 'NEW',
  PaymentId: '3093639567',
  OrderId: '21090',
  Amount: 140000,
  PaymentURL: 'https://securepay.tinkoff.ru/new/fU1ppgqa',
}

/**
 * A notification with the fields developer.tbank.ru/eacq/intro/developer/notification lists for
 * a card payment (the values are ours, not the page's).
 */
const NOTIFICATION = {
  TerminalKey: '1321054611234DEMO',
  OrderId: '201709',
  Success: true,
  Status: 'CONFIRMED',
  PaymentId: 8742591,
  ErrorCode: '0',
  Amount: 9855,
  CardId: 322264,
  Pan: '430000******0777',
  ExpDate: '1122',
}

const request = providerPaymentRequest

describe('T-Bank’s request token, as documented', () => {
  it('hashes the root scalars and the password, sorted by key, and nothing nested', () => {
    expect(tokenOf(DOCUMENTED_TOKEN_REQUEST, DOCUMENTED_PASSWORD)).toBe(
      createHash('sha256').update(DOCUMENTED_CONCATENATION, 'utf8').digest('hex'),
    )
    // Another password, value or field: another token.
    const token = tokenOf(DOCUMENTED_TOKEN_REQUEST, DOCUMENTED_PASSWORD)
    expect(tokenOf(DOCUMENTED_TOKEN_REQUEST, '11111111111112')).not.toBe(token)
    expect(tokenOf({ ...DOCUMENTED_TOKEN_REQUEST, Amount: 19201 }, DOCUMENTED_PASSWORD)).not.toBe(
      token,
    )
    // What is nested takes no part; a Token already there neither.
    expect(
      tokenOf(
        { ...DOCUMENTED_TOKEN_REQUEST, DATA: { other: 'x' }, Token: 'abc' },
        DOCUMENTED_PASSWORD,
      ),
    ).toBe(token)
  })

  it('checks a notification’s Token, booleans written as true', () => {
    const signed = {
      ...NOTIFICATION,
      Token: createHash('sha256')
        .update(
          '98553222640' + '1122201709430000******0777secret8742591CONFIRMEDtrue1321054611234DEMO',
        )
        .digest('hex'),
    }
    expect(tokenMatches(signed, 'secret')).toBe(true)
    expect(tokenMatches(signed, 'secrets')).toBe(false)
    expect(tokenMatches({ ...signed, Amount: 9856 }, 'secret')).toBe(false)
    expect(tokenMatches({ ...signed, Token: 'zz' }, 'secret')).toBe(false)
    expect(tokenMatches({ ...signed, Token: undefined }, 'secret')).toBe(false)
  })
})

describe('T-Bank adapter against a stand-in of its documented API', () => {
  let standIn: TBankStandIn
  beforeAll(async () => {
    standIn = await startTBankStandIn()
  })
  afterAll(() => standIn.close())

  /** `timeoutMs`: short where a test makes the stand-in never answer, else room for a busy machine. */
  const provider = (
    password = STAND_IN_PASSWORD,
    terminalKey = STAND_IN_TERMINAL_KEY,
    timeoutMs = 5_000,
  ) =>
    createTBankProvider({
      terminal: { terminalKey, password },
      baseUrl: standIn.apiUrl,
      timeoutMs,
      backoffMs: () => 0,
    })
  const impatient = () => provider(STAND_IN_PASSWORD, STAND_IN_TERMINAL_KEY, 200)

  it('builds Init in one place, the receipt going there when there is one', () => {
    const asked = request({
      method: 'sbp',
      language: 'en',
      receipt: {
        kind: 'sell',
        taxSystem: 'usn_income',
        customer: { email: 'guest@example.ru' },
        items: [
          {
            name: 'Борщ',
            price: 45_000,
            quantity: 2,
            sum: 90_000,
            vat: 'none',
            subject: 'commodity',
            mode: 'full_payment',
          },
          {
            name: 'Обслуживание',
            price: 11_850,
            quantity: 1,
            sum: 11_850,
            vat: 'vat20',
            subject: 'service',
            mode: 'full_payment',
          },
        ],
        total: 101_850,
        currency: 'RUB',
      },
      expiresAt: new Date('2026-11-29T12:15:00.000Z'),
    })
    expect(initRequest(asked)).toEqual({
      Amount: 101_850,
      OrderId: asked.paymentId,
      Description: 'Заказ 12',
      PayType: 'O',
      Language: 'en',
      SuccessURL: asked.successUrl,
      FailURL: asked.failUrl,
      NotificationURL: 'http://tableside.test/api/v1/payments/webhooks/tbank',
      RedirectDueDate: '2026-11-29T12:15:00+00:00',
      DATA: { connection_type: 'tableside', QR: 'true' },
      Receipt: {
        Email: 'guest@example.ru',
        Taxation: 'usn_income',
        Items: [
          {
            Name: 'Борщ',
            Price: 45_000,
            Quantity: 2,
            Amount: 90_000,
            Tax: 'none',
            PaymentMethod: 'full_payment',
            PaymentObject: 'commodity',
          },
          {
            Name: 'Обслуживание',
            Price: 11_850,
            Quantity: 1,
            Amount: 11_850,
            Tax: 'vat20',
            PaymentMethod: 'full_payment',
            PaymentObject: 'service',
          },
        ],
      },
    })
    expect(initRequest(request({ description: 'д'.repeat(200) })).Description).toHaveLength(140)
    expect(initRequest(request())).not.toHaveProperty('Receipt')
  })

  it('creates a card payment signed as documented and reads it back', async () => {
    const asked = request()
    const { ref, redirectUrl } = await provider().create(asked)
    const sent = standIn.requests.at(-1)
    expect(sent?.method).toBe('Init')
    expect(sent?.body).toMatchObject({
      TerminalKey: STAND_IN_TERMINAL_KEY,
      OrderId: asked.paymentId,
    })
    expect(tokenMatches(sent?.body ?? {}, STAND_IN_PASSWORD)).toBe(true)
    expect(redirectUrl).toBe(`${standIn.origin}/pay/${ref}`)
    expect(await provider().status(ref)).toEqual({
      outcome: 'pending',
      amount: 101_850,
      currency: 'RUB',
    })
  })

  it('sends SBP to the QR’s link (GetQr PAYLOAD) after Init', async () => {
    const { ref, redirectUrl } = await provider().create(request({ method: 'sbp' }))
    expect(standIn.requests.slice(-2).map((sent) => sent.method)).toEqual(['Init', 'GetQr'])
    expect(standIn.requests.at(-1)?.body).toMatchObject({ PaymentId: ref, DataType: 'PAYLOAD' })
    expect(redirectUrl).toBe(`${standIn.origin}/sbp/${ref}`)
  })

  it('reads the documented Init answer as T-Bank itself writes it', async () => {
    const documented = createTBankProvider({
      terminal: { terminalKey: 'TinkoffBankTest', password: 'x' },
      fetch: () => Promise.resolve(Response.json(DOCUMENTED_INIT_ANSWER)),
    })
    expect(await documented.create(request({ amount: 140_000 }))).toEqual({
      ref: DOCUMENTED_INIT_ANSWER.PaymentId,
      redirectUrl: DOCUMENTED_INIT_ANSWER.PaymentURL,
    })
    // An answer for another amount than asked is never taken for this payment.
    await expect(documented.create(request({ amount: 140_001 }))).rejects.toThrow(/another amount/)
    await expect(documented.create(request({ currency: 'EUR' }))).rejects.toThrow(/roubles only/)
  })

  it('repeats Init after a 500 and a timeout under the same OrderId: one payment', async () => {
    const asked = request()
    standIn.fail('Init', 500, 'timeout')
    const before = standIn.requests.length
    const first = await impatient().create(asked)
    const tries = standIn.requests.slice(before)
    expect(tries.map((sent) => sent.body.OrderId)).toEqual(Array(3).fill(asked.paymentId))
    // The same order while it is NEW answers the same payment; another amount is refused.
    expect(await provider().create(asked)).toEqual(first)
    await expect(provider().create({ ...asked, amount: 1 })).rejects.toThrow(TBankError)
  })

  it('says T-Bank is unavailable when every repeat fails, and names no password', async () => {
    standIn.fail('Init', 500, 500, 500)
    const error: unknown = await provider()
      .create(request())
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ProviderUnavailable)
    expect(String(error)).toMatch(/answered HTTP 500 \(3 tries of Init\)/)
    standIn.fail('GetState', 'timeout', 'timeout', 'timeout')
    await expect(impatient().status('1')).rejects.toThrow(/did not answer within 200 ms/)
    const refused: unknown = await provider('WrongPassword1')
      .create(request())
      .catch((caught: unknown) => caught)
    expect(refused).toBeInstanceOf(TBankError)
    expect(String(refused)).toMatch(/ErrorCode 204/)
    expect(String(refused)).not.toContain('WrongPassword1')
  })

  it('maps a declined card, a success, and cancels a payment nobody paid', async () => {
    const declined = await provider().create(request())
    standIn.decide(declined.ref, 'insufficient_funds')
    // GetState's ErrorCode is its own request's ("0"): why the card was declined only the
    // notification says (1051 there reads as insufficient funds).
    expect(await provider().status(declined.ref)).toMatchObject({
      outcome: 'failed',
      reason: 'declined',
    })
    expect(eventOf(standIn.notificationOf(declined.ref) ?? {})).toMatchObject({
      outcome: 'failed',
      reason: 'insufficient_funds',
    })
    const paid = await provider().create(request())
    standIn.decide(paid.ref, 'succeed')
    expect(await provider().status(paid.ref)).toMatchObject({ outcome: 'succeeded' })
    expect(await provider().cancel(paid.ref)).toBe('too_late')
    const pending = await provider().create(request({ method: 'sbp' }))
    expect(await provider().cancel(pending.ref)).toBe('cancelled')
    expect(standIn.payment(pending.ref)?.status).toBe('CANCELED')
    // Too late to pay it now.
    expect(standIn.decide(pending.ref, 'succeed')?.status).toBe('CANCELED')
    expect(await provider().status(pending.ref)).toMatchObject({
      outcome: 'failed',
      reason: 'cancelled',
    })
  })

  it('refunds in parts, a card refund once per key, never more than was paid', async () => {
    const paid = await provider().create(request({ amount: 30_000 }))
    standIn.decide(paid.ref, 'succeed')
    expect(await provider().refund(paid.ref, 10_000, 'refund-1')).toEqual({
      refundId: paid.ref,
      status: 'succeeded',
    })
    // A Cancel is sent once per try (decision 0141): a 500 is an unknown outcome, not repeated.
    const before = standIn.requests.length
    standIn.fail('Cancel', 500)
    await expect(provider().refund(paid.ref, 10_000, 'refund-1')).rejects.toThrow(
      ProviderUnavailable,
    )
    expect(standIn.requests.slice(before).map((sent) => sent.method)).toEqual(['Cancel'])
    // A card payment's refund sent again under the same ExternalRequestId refunds once.
    await provider().refund(paid.ref, 10_000, 'refund-1')
    expect(standIn.payment(paid.ref)).toMatchObject({
      refunded: 10_000,
      status: 'PARTIAL_REFUNDED',
    })
    await provider().refund(paid.ref, 15_000, 'refund-2')
    // More than is left: T-Bank refuses it, and nothing goes back.
    expect(await provider().refund(paid.ref, 5_001, 'refund-3')).toEqual({
      refundId: null,
      status: 'failed',
    })
    expect(standIn.payment(paid.ref)).toMatchObject({ refunded: 25_000 })
    await provider().refund(paid.ref, 5_000, 'refund-4')
    expect(standIn.payment(paid.ref)).toMatchObject({ refunded: 30_000, status: 'REFUNDED' })
    expect(await provider().refundStatus(paid.ref)).toBe('succeeded')
    // Still a success: its money was taken; the refunds are ours.
    expect(await provider().status(paid.ref)).toMatchObject({ outcome: 'succeeded' })
  })

  it('makes an SBP refund again when sent again, as T-Bank documents (no ExternalRequestId)', async () => {
    const paid = await provider().create(request({ amount: 30_000, method: 'sbp' }))
    standIn.decide(paid.ref, 'succeed')
    await provider().refund(paid.ref, 10_000, 'refund-1')
    await provider().refund(paid.ref, 10_000, 'refund-1')
    expect(standIn.payment(paid.ref)).toMatchObject({ refunded: 20_000 })
  })

  it('tells by GetState whether a refund whose answer was lost was made, either Amount reading', async () => {
    const check = provider().refundCheck
    for (const reading of ['left', 'paid'] as const) {
      standIn.amountAfterRefunds(reading)
      try {
        const paid = await provider().create(request({ amount: 30_000, method: 'sbp' }))
        standIn.decide(paid.ref, 'succeed')
        const sizes = { amount: 10_000, paid: 30_000 }
        // First refund: made (its answer lost), or not.
        let mark = await check.mark(paid.ref)
        expect(await check.since(paid.ref, mark, sizes)).toEqual({ happened: false })
        standIn.fail('Cancel', 'done-then-timeout')
        await expect(impatient().refund(paid.ref, 10_000, `lost-${reading}`)).rejects.toThrow(
          ProviderUnavailable,
        )
        expect(await check.since(paid.ref, mark, sizes)).toEqual({
          happened: true,
          status: 'succeeded',
        })
        // Second refund: the Amount that moves tells; the one that does not cannot.
        mark = await check.mark(paid.ref)
        const second = await check.since(paid.ref, mark, sizes)
        expect(second.happened).toBe(reading === 'left' ? false : 'unknown')
        await provider().refund(paid.ref, 20_000, `rest-${reading}`)
        expect(await check.since(paid.ref, mark, { amount: 20_000, paid: 30_000 })).toEqual({
          happened: true,
          status: 'succeeded',
        })
      } finally {
        standIn.amountAfterRefunds('left')
      }
    }
  })

  it('judges a lost refund only by what one reading of GetState explains for sure', () => {
    const sizes = { amount: 1_000, paid: 5_000 }
    const mark = { Status: 'PARTIAL_REFUNDED', Amount: 4_000 }
    // Amount as what is left: down by exactly this refund, or unchanged.
    expect(refundSince(mark, { Status: 'PARTIAL_REFUNDED', Amount: 3_000 }, sizes)).toEqual({
      happened: true,
      status: 'succeeded',
    })
    expect(refundSince(mark, { Status: 'PARTIAL_REFUNDED', Amount: 4_000 }, sizes)).toEqual({
      happened: false,
    })
    // Down by another sum (a refund in T-Bank's dashboard?): not guessed.
    expect(refundSince(mark, { Status: 'PARTIAL_REFUNDED', Amount: 3_500 }, sizes).happened).toBe(
      'unknown',
    )
    // SBP's refund on its way, whatever its Amount says yet.
    expect(
      refundSince(
        { Status: 'CONFIRMED', Amount: 5_000 },
        { Status: 'ASYNC_REFUNDING', Amount: 5_000 },
        sizes,
      ),
    ).toEqual({ happened: true, status: 'pending' })
    expect(
      refundSince({ Status: null, Amount: null }, { Status: 'CONFIRMED', Amount: 1 }, sizes)
        .happened,
    ).toBe('unknown')
  })

  it('reads the documented notification, and refuses what is not one', () => {
    const body = { ...NOTIFICATION, Token: 'x' }
    expect(eventOf(readNotification(JSON.stringify(body)), ['r1'])).toEqual({
      outcome: 'succeeded',
      eventId: 'CONFIRMED:8742591',
      ref: '8742591',
      amount: 9855,
      currency: 'RUB',
      signedFor: ['r1'],
    })
    expect(eventOf({ ...body, Status: 'AUTHORIZED' })).toEqual({ ignored: true })
    expect(eventOf({ ...body, Status: 'PARTIAL_REFUNDED' })).toEqual({ ignored: true })
    expect(eventOf({ ...body, Status: 'REJECTED', ErrorCode: '1051' })).toMatchObject({
      outcome: 'failed',
      reason: 'insufficient_funds',
    })
    for (const bad of ['not json', '[]', '{}', JSON.stringify({ TerminalKey: 'x' })]) {
      expect(() => readNotification(bad)).toThrow(WebhookRejected)
    }
    for (const bad of [{ PaymentId: 'a' }, { Amount: -1 }, { Amount: '1.5' }, { Status: 5 }]) {
      expect(() => eventOf({ ...body, ...bad })).toThrow(WebhookRejected)
    }
  })

  it('verifies a notification by the password of the terminal it names, and only that', async () => {
    const paid = await provider().create(request())
    standIn.decide(paid.ref, 'succeed')
    const signed = standIn.notificationOf(paid.ref) ?? {}
    const reader = createTBankNotificationReader((key) =>
      Promise.resolve(
        key === STAND_IN_TERMINAL_KEY
          ? [
              { restaurantId: 'a', password: STAND_IN_PASSWORD },
              { restaurantId: 'b', password: 'AnotherPassword' },
            ]
          : [],
      ),
    )
    expect(await reader.verifyWebhook({}, JSON.stringify(signed))).toMatchObject({
      outcome: 'succeeded',
      ref: paid.ref,
      signedFor: ['a'],
    })
    await expect(
      reader.verifyWebhook({}, JSON.stringify({ ...signed, Amount: 1 })),
    ).rejects.toThrow(/Token does not match/)
    await expect(
      reader.verifyWebhook({}, JSON.stringify({ ...signed, TerminalKey: 'OtherDEMO' })),
    ).rejects.toThrow(/No restaurant has this terminal/)
    expect(() => provider().verifyWebhook({}, JSON.stringify({ ...signed, Status: 'X' }))).toThrow(
      WebhookRejected,
    )
  })

  it('checks the connection with the terminal’s key and password', async () => {
    expect(await provider().checkConnection()).toEqual({
      ok: true,
      account: STAND_IN_TERMINAL_KEY,
      test: true,
    })
    expect(await provider('WrongPassword1').checkConnection()).toMatchObject({
      ok: false,
      problem: 'invalid_credentials',
    })
    expect(await provider(STAND_IN_PASSWORD, 'Unknown').checkConnection()).toMatchObject({
      ok: false,
      problem: 'invalid_credentials',
    })
    standIn.fail('GetState', 500, 500, 500)
    expect(await provider().checkConnection()).toMatchObject({ ok: false, problem: 'unavailable' })
  })
})
