import { BlockList, isIP } from 'node:net'
import type { PaymentFailure } from '@tableside/contracts/payments'
import type { FiscalReceipt } from '@tableside/contracts/receipts'
import {
  type ConnectionCheck,
  type PaymentProvider,
  type ProviderPaymentRequest,
  type ProviderRefund,
  type ProviderStatus,
  ProviderUnavailable,
  type ReceiptRegistration,
  type WebhookNotice,
  WebhookRejected,
  type WebhookSource,
} from '../../features/payments/payment-provider'
import {
  amountValue,
  createYooKassaApi,
  minorOf,
  type YooKassaAccount,
  type YooKassaApiOptions,
  YooKassaError,
  YooKassaUnavailable,
} from './yookassa-api'

import { yookassaReceipt } from './yookassa-receipt'

export const YOOKASSA_PROVIDER = 'yookassa'

/**
 * Where YooKassa sends notifications from (yookassa.ru/developers/using-api/webhooks, "IP
 * addresses"): they carry no signature, so the sender's address is all there is, and even then
 * the payment is read back from the API and only that is believed.
 */
export const YOOKASSA_NOTIFICATION_SOURCES = [
  '185.71.76.0/27',
  '185.71.77.0/27',
  '77.75.153.0/25',
  '77.75.156.11',
  '77.75.156.35',
  '77.75.154.128/25',
  '2a02:5180::/32',
] as const

const notificationSources = (() => {
  const list = new BlockList()
  for (const source of YOOKASSA_NOTIFICATION_SOURCES) {
    const [address = '', prefix] = source.split('/')
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4'
    if (prefix === undefined) list.addAddress(address, family)
    else list.addSubnet(address, Number(prefix), family)
  }
  return list
})()

/** Whether `address` (as the app's TRUST_PROXY rules read the client) is one of YooKassa's. */
export function isYooKassaAddress(address: string): boolean {
  const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '')
  const family = isIP(plain)
  if (family === 0) return false
  return notificationSources.check(plain, family === 6 ? 'ipv6' : 'ipv4')
}

/** Why YooKassa cancelled a payment (`cancellation_details.reason`), in our words. */
function failureOf(reason: unknown, method: unknown): PaymentFailure {
  switch (reason) {
    case 'insufficient_funds':
      return 'insufficient_funds'
    case '3d_secure_failed':
      return 'authentication_failed'
    case 'expired_on_confirmation':
    case 'expired_on_capture':
      return 'expired'
    case 'canceled_by_merchant':
      return 'cancelled'
    default:
      return method === 'sbp' ? 'rejected_in_bank_app' : 'declined'
  }
}

type Json = Record<string, unknown>
const objectOf = (value: unknown): Json =>
  typeof value === 'object' && value !== null ? (value as Json) : {}

/** A YooKassa payment object as the shop needs it. */
function statusOf(payment: Json): ProviderStatus {
  const amount = objectOf(payment.amount)
  const money = {
    ...(minorOf(amount.value) === null ? {} : { amount: minorOf(amount.value) ?? 0 }),
    ...(typeof amount.currency === 'string' ? { currency: amount.currency } : {}),
  }
  switch (payment.status) {
    case 'succeeded':
      return { outcome: 'succeeded', ...money }
    case 'canceled':
      return {
        outcome: 'failed',
        reason: failureOf(
          objectOf(payment.cancellation_details).reason,
          objectOf(payment.payment_method).type,
        ),
        ...money,
      }
    default:
      return { outcome: 'pending', ...money }
  }
}

export interface YooKassaProviderOptions extends YooKassaApiOptions {
  account: YooKassaAccount
}

/**
 * YooKassa (API v3) behind `PaymentProvider`: a card or SBP payment with redirect confirmation,
 * captured at once (`capture: true`; one still `waiting_for_capture`, as a shop set to hold
 * money would leave it, is captured when read); refunds whole or in part; reading a payment back.
 * Every POST carries an Idempotence-Key made from our own ids, so a repeat never pays twice.
 */
export function createYooKassaProvider(options: YooKassaProviderOptions) {
  const api = createYooKassaApi(options.account, options)

  /** An outage becomes `ProviderUnavailable`: the payments feature knows no YooKassa. */
  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work()
    } catch (error) {
      if (error instanceof YooKassaUnavailable) throw new ProviderUnavailable(error.message)
      throw error
    }
  }

  const read = (ref: string) => api.get(`/payments/${encodeURIComponent(ref)}`)

  const provider = {
    name: YOOKASSA_PROVIDER,

    create: (request: ProviderPaymentRequest) =>
      guarded(async () => {
        const created = await api.post(
          '/payments',
          {
            amount: { value: amountValue(request.amount), currency: request.currency },
            capture: true,
            confirmation: {
              type: 'redirect',
              return_url: request.successUrl,
              locale: request.language === 'en' ? 'en_US' : 'ru_RU',
            },
            payment_method_data: { type: request.method === 'sbp' ? 'sbp' : 'bank_card' },
            description: request.description.slice(0, 128),
            metadata: { payment_id: request.paymentId },
            ...(request.receipt ? { receipt: yookassaReceipt(request.receipt) } : {}),
          },
          `pay-${request.paymentId}`,
        )
        const url = objectOf(created.confirmation).confirmation_url
        if (typeof created.id !== 'string' || typeof url !== 'string') {
          throw new Error('YooKassa answered a payment without its id or confirmation address')
        }
        const { amount, currency } = statusOf(created)
        if (amount !== request.amount || currency !== request.currency) {
          throw new Error('YooKassa registered another amount than the one asked for')
        }
        return { ref: created.id, redirectUrl: url }
      }),

    status: (ref: string) =>
      guarded(async () => {
        let payment = await read(ref)
        if (payment.status === 'waiting_for_capture') {
          payment = await api.post(
            `/payments/${encodeURIComponent(ref)}/capture`,
            { amount: payment.amount },
            `capture-${ref}`,
          )
        }
        return statusOf(payment)
      }),

    cancel: (ref: string) =>
      guarded(async (): Promise<'cancelled' | 'too_late'> => {
        const payment = await read(ref)
        if (payment.status === 'succeeded') return 'too_late'
        if (payment.status === 'waiting_for_capture') {
          const cancelled = await api.post(
            `/payments/${encodeURIComponent(ref)}/cancel`,
            {},
            `cancel-${ref}`,
          )
          return cancelled.status === 'succeeded' ? 'too_late' : 'cancelled'
        }
        // A pending payment cannot be cancelled through the API: it expires at YooKassa, and a
        // success that comes before that still counts (and is refunded if nothing is due).
        return 'cancelled'
      }),

    refund: (ref: string, amount: number, key: string, receipt?: FiscalReceipt) =>
      guarded(async () => {
        const payment = await read(ref)
        const currency = objectOf(payment.amount).currency
        let refund
        try {
          refund = await api.post(
            '/refunds',
            {
              payment_id: ref,
              amount: { value: amountValue(amount), currency },
              // A part refund needs its own receipt of what goes back (developers/54fz/refunds).
              ...(receipt ? { receipt: yookassaReceipt(receipt) } : {}),
            },
            key,
          )
        } catch (error) {
          // Refused (4xx: more than is left, the payment not refundable, the account's keys):
          // no money went back, and the same request would be refused again.
          if (error instanceof YooKassaError) return { refundId: null, status: 'failed' as const }
          throw error
        }
        if (typeof refund.id !== 'string') throw new Error('YooKassa answered a refund without id')
        return { refundId: refund.id, status: refundState(refund.status) }
      }),

    refundStatus: (refundId: string) =>
      guarded(async () =>
        refundState((await api.get(`/refunds/${encodeURIComponent(refundId)}`)).status),
      ),

    receiptRegistration: ({ kind, id }: { kind: 'payment' | 'refund' | 'receipt'; id: string }) =>
      guarded(async (): Promise<ReceiptRegistration | null> => {
        const object = await api.get(`/${kind}s/${encodeURIComponent(id)}`)
        // A payment or refund says `receipt_registration`; a receipt of its own, `status`.
        return registrationOf(kind === 'receipt' ? object.status : object.receipt_registration)
      }),

    /**
     * A refused receipt sent again as one of its own (`POST /receipts`, "receipt after
     * payment"): the same items, customer and tax system as the refused one, one cashless
     * settlement of its total, `send: true`. The key is our receipt's id and generation, so a
     * repeat (a lost answer, a second node) answers the receipt already made.
     */
    createReceipt: (request: {
      type: 'payment' | 'refund'
      of: string
      receiptId: string
      generation: number
      receipt: FiscalReceipt
    }) =>
      guarded(async () => {
        const { type, of, receipt } = request
        let created
        try {
          created = await api.post(
            '/receipts',
            {
              type,
              ...(type === 'payment' ? { payment_id: of } : { refund_id: of }),
              ...yookassaReceipt(receipt),
              settlements: [
                {
                  type: 'cashless',
                  amount: { value: amountValue(receipt.total), currency: receipt.currency },
                },
              ],
              send: true,
            },
            `receipt-${request.receiptId}.${String(request.generation)}`,
          )
        } catch (error) {
          // Refused (4xx): the same request would be refused again; nothing was made.
          if (error instanceof YooKassaError) return { refused: error.message }
          throw error
        }
        if (typeof created.id !== 'string')
          throw new Error('YooKassa answered a receipt without id')
        return { id: created.id, registration: registrationOf(created.status) ?? 'pending' }
      }),

    verifyWebhook(
      _headers: Readonly<Record<string, unknown>>,
      rawBody: string,
      _now: Date,
      source: WebhookSource,
    ): WebhookNotice {
      if (!isYooKassaAddress(source.address)) {
        throw new WebhookRejected('Notifications are taken only from YooKassa’s addresses')
      }
      return readNotice(rawBody)
    },

    async checkConnection(): Promise<ConnectionCheck> {
      try {
        const me = await api.get('/me')
        return {
          ok: true,
          account: typeof me.account_id === 'string' ? me.account_id : options.account.shopId,
          test: me.test === true,
        }
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error)
        if (error instanceof YooKassaUnavailable)
          return { ok: false, problem: 'unavailable', detail }
        if (error instanceof YooKassaError && (error.status === 401 || error.status === 403)) {
          return { ok: false, problem: 'invalid_credentials', detail }
        }
        return { ok: false, problem: 'other', detail }
      }
    },
  } satisfies PaymentProvider
  return provider
}

/** The payment a notification names (its `object`, or a refund's `payment_id`). */
export function readNotice(rawBody: string): WebhookNotice {
  let body: Json
  try {
    body = objectOf(JSON.parse(rawBody))
  } catch {
    throw new WebhookRejected('The body is not JSON')
  }
  const object = objectOf(body.object)
  const event = typeof body.event === 'string' ? body.event : ''
  const ref = event.startsWith('refund.') ? object.payment_id : object.id
  if (body.type !== 'notification' || !/^(payment|refund)\./.test(event)) {
    throw new WebhookRejected('Not a YooKassa notification of a payment or refund')
  }
  if (typeof ref !== 'string' || ref.length === 0 || ref.length > 64) {
    throw new WebhookRejected('The notification names no payment')
  }
  return { readBack: true, ref }
}

/** A receipt's registration as YooKassa words it; null for anything else. */
function registrationOf(value: unknown): ReceiptRegistration | null {
  return value === 'pending' || value === 'succeeded' || value === 'canceled' ? value : null
}

/** A YooKassa refund's `status` (pending, succeeded, canceled) as the provider interface says it. */
function refundState(status: unknown): ProviderRefund['status'] {
  if (status === 'succeeded') return 'succeeded'
  if (status === 'canceled') return 'failed'
  return 'pending'
}
