import { isTBankTestTerminal } from '@tableside/contracts/admin-payments'
import type { PaymentFailure } from '@tableside/contracts/payments'
import type { FiscalReceipt } from '@tableside/contracts/receipts'
import {
  type ConnectionCheck,
  type PaymentProvider,
  type ProviderPaymentRequest,
  type ProviderRefund,
  type ProviderStatus,
  ProviderUnavailable,
  type RefundCheck,
  type RefundMark,
  type RefundSince,
  type WebhookEvent,
  type WebhookIgnored,
  WebhookRejected,
} from '../../features/payments/payment-provider'
import {
  createTBankApi,
  type TBankApiOptions,
  TBankError,
  type TBankTerminal,
  TBankUnavailable,
  tokenMatches,
} from './tbank-api'
import { tbankReceipt } from './tbank-receipt'

export const TBANK_PROVIDER = 'tbank'
/** Where T-Bank sends a payment's notifications: the shop's own webhook (`NotificationURL`). */
export const TBANK_WEBHOOK_PATH = '/api/v1/payments/webhooks/tbank'
/** What T-Bank must read back from a notification it sent, or it sends it again. */
export const TBANK_WEBHOOK_ANSWER = 'OK'
/** T-Bank's limit on `Description` (developer.tbank.ru/eacq/api/init). */
const DESCRIPTION_LIMIT = 140

type Json = Record<string, unknown>

/**
 * Payment statuses (developer.tbank.ru/eacq/intro/developer/statuses). Payments are one-stage
 * (`PayType: "O"`): `AUTHORIZED` passes on to `CONFIRMED` by itself. Money taken stays taken
 * whatever refunds followed (ours, recorded by the payments feature); the rest end unpaid.
 */
const SUCCEEDED = new Set([
  'CONFIRMED',
  'REFUNDING',
  'ASYNC_REFUNDING',
  'PARTIAL_REFUNDED',
  'REFUNDED',
])
const FAILED: Record<string, PaymentFailure> = {
  REJECTED: 'declined',
  AUTH_FAIL: 'authentication_failed',
  DEADLINE_EXPIRED: 'expired',
  CANCELED: 'cancelled',
  REVERSED: 'cancelled',
  PARTIAL_REVERSED: 'cancelled',
}
const REFUND_SETTLED = new Set(['REFUNDED', 'PARTIAL_REFUNDED'])
/**
 * A refund, from the payment's status after it: T-Bank answers `REFUNDING` (or, for SBP,
 * `ASYNC_REFUNDING`) while the bank works on it; a payment back at `CONFIRMED` kept its money.
 * Anything else it may say later is asked again (the outbox's backoff).
 */
function refundState(status: unknown): ProviderRefund['status'] {
  if (status === 'REFUNDING' || status === 'ASYNC_REFUNDING') return 'pending'
  if (status === 'CONFIRMED') return 'failed'
  // Refunded, or an unpaid payment's hold let go: nothing of it is held any longer.
  return typeof status === 'string' && (REFUND_SETTLED.has(status) || status in FAILED)
    ? 'succeeded'
    : 'pending'
}

const refunding = (status: unknown) => status === 'REFUNDING' || status === 'ASYNC_REFUNDING'

/**
 * Whether a refund of `amount` sent after `mark` (GetState then) was taken, from GetState now
 * (decision 0141). T-Bank's pages do not say whether GetState's `Amount` is what the payment
 * took or what is left after refunds (Cancel's answer calls the latter `NewAmount`): both are
 * read. Only what one reading or the other explains for sure counts; the rest is unknown.
 */
export function refundSince(
  mark: RefundMark,
  now: Json,
  { amount, paid }: { amount: number; paid: number },
): RefundSince {
  const before = { status: mark.Status, amount: mark.Amount }
  const status = now.Status
  const left = kopecksOf(now.Amount)
  const unknown = (detail: string): RefundSince => ({ happened: 'unknown', detail })
  if (typeof before.status !== 'string' || typeof before.amount !== 'number') {
    return unknown('the payment’s state before the refund is not known')
  }
  if (typeof status !== 'string' || left === undefined) {
    return unknown('T-Bank named no status or amount of the payment')
  }
  const taken: RefundSince = { happened: true, status: refundState(status) }
  // Amount as what is left: down by exactly this refund.
  if (left === before.amount - amount) return taken
  if (status === before.status && left === before.amount) {
    // Unchanged: no refund, where no refund was made before or the Amount is seen to move.
    if (before.status === 'CONFIRMED' || before.amount < paid) return { happened: false }
    return unknown(
      `T-Bank still says ${status} and an Amount that does not show refunds: whether this one was made cannot be told`,
    )
  }
  // Amount as what was paid (it never moves): the status says a refund came.
  const grew =
    (before.status === 'CONFIRMED' && (REFUND_SETTLED.has(status) || refunding(status))) ||
    (before.status === 'PARTIAL_REFUNDED' && (status === 'REFUNDED' || refunding(status)))
  if (left === before.amount && grew) return taken
  // On its way (SBP's ASYNC_REFUNDING), its Amount perhaps not moved yet: one at a time, ours.
  if (refunding(status) && !refunding(before.status)) return taken
  return unknown(
    `T-Bank says ${status}, ${String(left)} kopecks, after ${before.status}, ${String(before.amount)}`,
  )
}

/** Issuer answers that say why a card was declined (T-Bank's ErrorCode is 1000 + ISO 8583). */
const INSUFFICIENT_FUNDS = new Set(['1051', '51'])

function outcomeOf(status: unknown, errorCode: unknown, sbp: boolean) {
  if (typeof status !== 'string') return { outcome: 'pending' as const }
  if (SUCCEEDED.has(status)) return { outcome: 'succeeded' as const }
  const failure = FAILED[status]
  if (!failure) return { outcome: 'pending' as const }
  let reason = failure
  if (failure === 'declined') {
    if (INSUFFICIENT_FUNDS.has(String(errorCode))) reason = 'insufficient_funds'
    else if (sbp) reason = 'rejected_in_bank_app'
  }
  return { outcome: 'failed' as const, reason }
}

/** Kopecks as T-Bank writes them: a whole number (a string in some answers). */
function kopecksOf(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : value
  return typeof number === 'number' && Number.isSafeInteger(number) && number >= 0
    ? number
    : undefined
}

/**
 * The Init request of one payment, in one place: the 54-FZ `Receipt` the receipts feature
 * builds (`request.receipt`, mapped to T-Bank's shape) goes here and nowhere else. `OrderId` is our
 * payment's id: a repeat after no answer names the same order.
 */
export function initRequest(request: ProviderPaymentRequest): Json {
  return {
    Amount: request.amount,
    OrderId: request.paymentId,
    Description: request.description.slice(0, DESCRIPTION_LIMIT),
    PayType: 'O',
    Language: request.language === 'en' ? 'en' : 'ru',
    SuccessURL: request.successUrl,
    FailURL: request.failUrl,
    NotificationURL: `${request.shopOrigin.replace(/\/+$/, '')}${TBANK_WEBHOOK_PATH}`,
    // T-Bank's page refuses the payment after this (ISO 8601 with its offset).
    RedirectDueDate: request.expiresAt.toISOString().replace(/\.\d{3}Z$/, '+00:00'),
    DATA: { connection_type: 'tableside', ...(request.method === 'sbp' ? { QR: 'true' } : {}) },
    ...(request.receipt ? { Receipt: tbankReceipt(request.receipt) } : {}),
  }
}

export interface TBankProviderOptions extends TBankApiOptions {
  terminal: TBankTerminal
}

/**
 * T-Bank internet acquiring behind `PaymentProvider` (decision 0132): a one-stage payment by
 * `Init`; card on T-Bank's payment page (`PaymentURL`), SBP by the QR link `GetQr` answers (on a
 * phone it opens the diner's bank app); `GetState` when the diner returns or the sweep asks;
 * `Cancel` to give up an unpaid payment and to refund, whole or in part, under our refund key
 * (`ExternalRequestId`, which T-Bank ignores for SBP): a refund is sent once per try, and one
 * whose answer was lost is sent again only when GetState shows it was not made (`refundCheck`,
 * decision 0141).
 */
export function createTBankProvider(options: TBankProviderOptions) {
  const api = createTBankApi(options.terminal, options)
  const { terminal } = options

  /** An outage becomes `ProviderUnavailable`: the payments feature knows no T-Bank. */
  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work()
    } catch (error) {
      if (error instanceof TBankUnavailable) throw new ProviderUnavailable(error.message)
      throw error
    }
  }

  const state = (ref: string) => api.call('GetState', { PaymentId: ref })

  /** Decision 0141: an SBP refund sent again is made again, so one is never simply repeated. */
  const refundCheck: RefundCheck = {
    mark: (ref) =>
      guarded(async () => {
        const payment = await state(ref)
        return {
          Status: typeof payment.Status === 'string' ? payment.Status : null,
          Amount: kopecksOf(payment.Amount) ?? null,
        }
      }),
    since: (ref, mark, refund) => guarded(async () => refundSince(mark, await state(ref), refund)),
  }

  const provider = {
    name: TBANK_PROVIDER,
    webhookAnswer: TBANK_WEBHOOK_ANSWER,
    refundCheck,

    create: (request: ProviderPaymentRequest) =>
      guarded(async () => {
        if (request.currency !== 'RUB') {
          throw new Error(`T-Bank takes roubles only, not ${request.currency}`)
        }
        const created = await api.call('Init', initRequest(request))
        const ref =
          typeof created.PaymentId === 'number' ? String(created.PaymentId) : created.PaymentId
        if (typeof ref !== 'string' || ref === '' || typeof created.PaymentURL !== 'string') {
          throw new Error('T-Bank answered a payment without its PaymentId or PaymentURL')
        }
        if (kopecksOf(created.Amount) !== request.amount) {
          throw new Error('T-Bank registered another amount than the one asked for')
        }
        if (request.method !== 'sbp') return { ref, redirectUrl: created.PaymentURL }
        // SBP: the QR's link; a phone opens it in the bank app the diner picks.
        const qr = await api.call('GetQr', { PaymentId: ref, DataType: 'PAYLOAD' })
        if (typeof qr.Data !== 'string' || !/^https?:\/\//.test(qr.Data)) {
          throw new Error('T-Bank answered an SBP QR without its link')
        }
        return { ref, redirectUrl: qr.Data }
      }),

    status: (ref: string) =>
      guarded(async (): Promise<ProviderStatus> => {
        const payment = await state(ref)
        const amount = kopecksOf(payment.Amount)
        // Its ErrorCode is this request's own: why a card was declined only a notification says.
        return {
          ...outcomeOf(payment.Status, null, false),
          ...(amount === undefined ? {} : { amount, currency: 'RUB' }),
        }
      }),

    cancel: (ref: string) =>
      guarded(async (): Promise<'cancelled' | 'too_late'> => {
        const payment = await state(ref)
        const now = outcomeOf(payment.Status, payment.ErrorCode, false)
        if (now.outcome === 'succeeded') return 'too_late'
        if (now.outcome === 'failed') return 'cancelled'
        if (payment.Status !== 'NEW' && payment.Status !== 'FORM_SHOWED') {
          // Being paid right now: T-Bank settles it, and a success still counts.
          return 'cancelled'
        }
        try {
          const cancelled = await api.call('Cancel', { PaymentId: ref })
          return SUCCEEDED.has(String(cancelled.Status)) ? 'too_late' : 'cancelled'
        } catch (error) {
          // Paid in between: the Cancel of a payment no longer NEW is refused; its state decides.
          if (!(error instanceof TBankError)) throw error
          const after = outcomeOf((await state(ref)).Status, null, false)
          return after.outcome === 'succeeded' ? 'too_late' : 'cancelled'
        }
      }),

    refund: (ref: string, amount: number, key: string, receipt?: FiscalReceipt) =>
      guarded(async (): Promise<ProviderRefund> => {
        try {
          // Sent once: no answer is an unknown outcome, never a repeat (decision 0141).
          const answer = await api.call(
            'Cancel',
            {
              PaymentId: ref,
              Amount: amount,
              // Keys a card refund; "не работает для операций по СБП".
              ExternalRequestId: key,
              // A refund's own receipt of what goes back (возврат прихода).
              ...(receipt ? { Receipt: tbankReceipt(receipt) } : {}),
            },
            { single: true },
          )
          // T-Bank keeps no id of a refund of its own (ours, ExternalRequestId, names it): the
          // payment's id is what a refund still in progress is asked about (decision 0132).
          return { refundId: ref, status: refundState(answer.Status) }
        } catch (error) {
          // Refused (more than is left, a payment it cannot refund): nothing went back.
          if (error instanceof TBankError) return { refundId: null, status: 'failed' }
          throw error
        }
      }),

    refundStatus: (refundId: string) =>
      guarded(async () => refundState((await state(refundId)).Status)),

    /** A notification signed with this terminal's password (the reader below finds which). */
    verifyWebhook(_headers: Readonly<Record<string, unknown>>, rawBody: string) {
      const body = readNotification(rawBody)
      if (body.TerminalKey !== terminal.terminalKey || !tokenMatches(body, terminal.password)) {
        throw new WebhookRejected('The notification’s Token does not match the terminal')
      }
      return eventOf(body)
    },

    async checkConnection(): Promise<ConnectionCheck> {
      // T-Bank has no "who am I": GetState of a payment that does not exist is checked for the
      // terminal and the token before the payment is looked for, so only those errors say no.
      try {
        await state('0')
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error)
        if (error instanceof TBankUnavailable) return { ok: false, problem: 'unavailable', detail }
        if (!(error instanceof TBankError)) return { ok: false, problem: 'other', detail }
        if (CREDENTIAL_ERRORS.has(error.errorCode)) {
          return { ok: false, problem: 'invalid_credentials', detail }
        }
      }
      return {
        ok: true,
        account: terminal.terminalKey,
        test: isTBankTestTerminal(terminal.terminalKey),
      }
    },
  } satisfies PaymentProvider
  return provider
}

/**
 * ErrorCodes that refuse the terminal or the token (developer.tbank.ru/eacq/intro/errors/
 * error-codes): 202 terminal blocked, 204 wrong token, 205 terminal not found (its words are
 * 204's, "Неверный токен. Проверьте пару TerminalKey/SecretKey").
 */
export const CREDENTIAL_ERRORS = new Set(['202', '204', '205'])

/** A notification's body, checked for what it must name. */
export function readNotification(rawBody: string): Json {
  let body: unknown
  try {
    body = JSON.parse(rawBody)
  } catch {
    throw new WebhookRejected('The body is not JSON')
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new WebhookRejected('Not a T-Bank notification')
  }
  const fields = body as Json
  if (typeof fields.TerminalKey !== 'string' || fields.TerminalKey.length > 20) {
    throw new WebhookRejected('The notification names no terminal')
  }
  if (typeof fields.Token !== 'string') throw new WebhookRejected('The notification is not signed')
  return fields
}

/** A verified notification as the payments feature reads it; `signedFor`: whose terminal. */
export function eventOf(body: Json, signedFor?: readonly string[]): WebhookEvent | WebhookIgnored {
  const ref = typeof body.PaymentId === 'number' ? String(body.PaymentId) : body.PaymentId
  const amount = kopecksOf(body.Amount)
  const status = typeof body.Status === 'string' ? body.Status : ''
  if (typeof ref !== 'string' || !/^\d{1,20}$/.test(ref) || amount === undefined || !status) {
    throw new WebhookRejected('The notification names no payment, amount or status')
  }
  const outcome = outcomeOf(status, body.ErrorCode, false)
  // AUTHORIZED on its way to CONFIRMED, and the refunds we asked for ourselves: nothing to do.
  if (
    outcome.outcome === 'pending' ||
    (outcome.outcome === 'succeeded' && status !== 'CONFIRMED')
  ) {
    return { ignored: true }
  }
  return {
    ...outcome,
    // One status of one payment is one event: T-Bank repeats it until answered OK.
    eventId: `${status}:${ref}`,
    ref,
    amount,
    currency: 'RUB',
    ...(signedFor ? { signedFor } : {}),
  }
}

/**
 * Who reads `POST /payments/webhooks/tbank`: the terminals configured with the key the
 * notification names (several restaurants may share one), each tried with its own password. An
 * unknown terminal, or a Token none of them makes, is refused; the event is valid only for the
 * restaurants whose password signed it.
 */
export function createTBankNotificationReader(
  terminalsOf: (terminalKey: string) => Promise<{ restaurantId: string; password: string }[]>,
) {
  return {
    name: TBANK_PROVIDER,
    webhookAnswer: TBANK_WEBHOOK_ANSWER,
    async verifyWebhook(
      _headers: Readonly<Record<string, unknown>>,
      rawBody: string,
    ): Promise<WebhookEvent | WebhookIgnored> {
      const body = readNotification(rawBody)
      const terminals = await terminalsOf(body.TerminalKey as string)
      if (terminals.length === 0) throw new WebhookRejected('No restaurant has this terminal')
      const signers = terminals.filter((one) => tokenMatches(body, one.password))
      if (signers.length === 0) {
        throw new WebhookRejected('The notification’s Token does not match the terminal')
      }
      return eventOf(
        body,
        signers.map((one) => one.restaurantId),
      )
    },
  }
}
