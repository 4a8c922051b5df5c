import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import QRCode from 'qrcode'
import type { PaymentFailure } from '@tableside/contracts/payments'
import {
  SANDBOX_3DS_CODE,
  SANDBOX_TEST_CARDS,
  type SandboxPayment,
  type SandboxPaymentState,
  SANDBOX_ACQUIRER_PAGE,
} from '@tableside/contracts/sandbox-acquirer'
import type { Database } from '../../db/schema'
import { HttpError, notFound } from '../../http/http-error'
import {
  type PaymentProvider,
  type ProviderPaymentRequest,
  type ProviderRefund,
  SANDBOX_PROVIDER,
  type WebhookEvent,
  WebhookRejected,
} from '../../features/payments/payment-provider'
import {
  createSandboxAcquirerRepository,
  type SandboxAcquirerRepository,
} from './sandbox-acquirer-repository'
import { signWebhook, webhookSignatureProblem } from './webhook-signature'

export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature'

/** Retries back off from 1 s to at most a minute; after this many the event is given up. */
const MAX_DELIVERY_ATTEMPTS = 12
const MAX_BACKOFF_MS = 60_000
const DELIVERY_BATCH = 20
/** A claimed webhook is this node's to send for this long (a dead node's are sent again after). */
const DELIVERY_LEASE_MS = 30_000

/** The acquirer's final states and what the shop hears of them. */
const OUTCOMES: Partial<Record<SandboxPaymentState, PaymentFailure | 'succeeded'>> = {
  succeeded: 'succeeded',
  declined: 'declined',
  insufficient_funds: 'insufficient_funds',
  authentication_failed: 'authentication_failed',
  rejected: 'rejected_in_bank_app',
  expired: 'expired',
}

/** The body of the acquirer's webhook. */
interface SandboxEventBody {
  id: string
  type: 'payment.succeeded' | 'payment.failed'
  created: number
  data: { ref: string; amount: number; currency: string; reason: PaymentFailure | null }
}

export interface SandboxAcquirerOptions {
  db: Kysely<Database>
  /** Shared with the shop: signs webhooks. */
  secret: string
  /** Sends one webhook to the shop; resolves to the HTTP status it answered. */
  deliver: (body: string, signature: string) => Promise<number>
  onDeliveryError?: (error: unknown) => void
  now?: () => Date
}

/**
 * A pretend acquirer that behaves like a real one: it keeps its own books (tables
 * `sandbox_acquirer_*`), takes test cards and SBP answers on its hosted page, and tells the
 * shop by signed webhook, at least once, retrying until the shop says 2xx, across restarts.
 */
export class SandboxAcquirer implements PaymentProvider {
  readonly name = SANDBOX_PROVIDER
  readonly #db: Kysely<Database>
  readonly #books: SandboxAcquirerRepository
  readonly #secret: string
  readonly #deliver: SandboxAcquirerOptions['deliver']
  readonly #onDeliveryError: (error: unknown) => void
  readonly #now: () => Date
  #timer: NodeJS.Timeout | undefined
  #delivering: Promise<void> | undefined
  /** The run after the current one, which every kick during the current run waits for. */
  #queued: Promise<void> | undefined

  constructor(options: SandboxAcquirerOptions) {
    this.#db = options.db
    this.#books = createSandboxAcquirerRepository(options.db)
    this.#secret = options.secret
    this.#deliver = options.deliver
    this.#onDeliveryError = options.onDeliveryError ?? (() => undefined)
    this.#now = options.now ?? (() => new Date())
  }

  // ---- The provider interface, as the shop uses it ---------------------------------------

  async create(request: ProviderPaymentRequest): Promise<{ ref: string; redirectUrl: string }> {
    const ref = `sbx_${randomBytes(18).toString('base64url').replace(/[-_]/g, 'x').slice(0, 24)}`
    await this.#books.add({
      ref,
      merchant: request.merchant,
      description: request.description,
      amount: request.amount,
      currency: request.currency,
      method: request.method,
      state: 'awaiting_payment',
      language: request.language,
      locale: request.locale,
      successUrl: request.successUrl,
      failUrl: request.failUrl,
      expiresAt: request.expiresAt,
    })
    // The hosted page is a screen of the shop's own server, at the address the diner uses.
    return { ref, redirectUrl: `${request.shopOrigin}${SANDBOX_ACQUIRER_PAGE}/${ref}` }
  }

  async status(ref: string) {
    const row = await this.#find(ref)
    const outcome = row && OUTCOMES[row.state]
    if (!outcome) return { outcome: 'pending' as const }
    return outcome === 'succeeded'
      ? { outcome: 'succeeded' as const }
      : { outcome: 'failed' as const, reason: outcome }
  }

  async cancel(ref: string): Promise<'cancelled' | 'too_late'> {
    if (await this.#books.cancelAwaiting(ref, this.#now())) return 'cancelled'
    const row = await this.#find(ref)
    return row?.state === 'succeeded' ? 'too_late' : 'cancelled'
  }

  /** Refunds `amount` of a payment once per `key` (a repeat answers the same refund). */
  async refund(ref: string, amount: number, key: string): Promise<ProviderRefund> {
    const refundId = `rfd_${randomBytes(12).toString('hex')}`
    const done = await this.#db.transaction().execute(async (trx) => {
      const before = await this.#books.refundByKey(trx, key)
      if (before) return before
      if (!(await this.#books.refund(trx, { id: refundId, ref, key, amount, at: this.#now() }))) {
        return undefined
      }
      return { id: refundId, ref, amount }
    })
    // More than is left of the payment: refused, nothing went back.
    if (!done) return { refundId: null, status: 'failed' }
    if (done.ref !== ref || done.amount !== amount) {
      throw new Error(`The sandbox cannot refund ${String(amount)} of ${ref} under ${key}`)
    }
    return { refundId: done.id, status: 'succeeded' }
  }

  /** The sandbox gives money back at once: a refund it took has succeeded. */
  refundStatus(): Promise<ProviderRefund['status']> {
    return Promise.resolve('succeeded')
  }

  verifyWebhook(headers: Readonly<Record<string, unknown>>, rawBody: string, now: Date) {
    const problem = webhookSignatureProblem(
      this.#secret,
      headers[SANDBOX_SIGNATURE_HEADER],
      rawBody,
      now,
    )
    if (problem) throw new WebhookRejected(problem)
    let body: { id?: unknown; type?: unknown; data?: Partial<Record<string, unknown>> }
    try {
      body = JSON.parse(rawBody) as typeof body
    } catch {
      throw new WebhookRejected('The body is not JSON')
    }
    const { id, type, data } = body
    if (
      typeof id !== 'string' ||
      typeof data?.ref !== 'string' ||
      typeof data.amount !== 'number' ||
      !Number.isInteger(data.amount) ||
      typeof data.currency !== 'string'
    ) {
      throw new WebhookRejected('The event lacks its id, payment, amount or currency')
    }
    const common = { eventId: id, ref: data.ref, amount: data.amount, currency: data.currency }
    if (type === 'payment.succeeded') return { ...common, outcome: 'succeeded' } as WebhookEvent
    const reason = Object.values(OUTCOMES).find((known) => known === data.reason)
    if (type === 'payment.failed' && reason && reason !== 'succeeded') {
      return { ...common, outcome: 'failed', reason } as WebhookEvent
    }
    throw new WebhookRejected('Unknown event type or failure reason')
  }

  // ---- The hosted page's side -------------------------------------------------------------

  async view(ref: string): Promise<SandboxPayment> {
    await this.expireDue()
    const row = await this.#find(ref)
    if (!row) throw notFound('There is no such payment at this bank.')
    const outcome = OUTCOMES[row.state]
    const link = `https://qr.nspk.ru/sandbox/${row.ref}?sum=${row.amount}&cur=${row.currency}`
    return {
      ref: row.ref,
      merchant: row.merchant,
      description: row.description,
      amount: row.amount,
      currency: row.currency,
      method: row.method,
      language: row.language,
      locale: row.locale,
      state: row.state,
      expiresAt: row.expiresAt.toISOString(),
      returnUrl:
        outcome === undefined ? null : outcome === 'succeeded' ? row.successUrl : row.failUrl,
      shopUrl: row.failUrl,
      sbp:
        row.method === 'sbp'
          ? { link, qrSvg: await QRCode.toString(link, { type: 'svg', margin: 1 }) }
          : null,
    }
  }

  async payByCard(ref: string, card: { number: string; expiry: string }): Promise<SandboxPayment> {
    const row = await this.#awaiting(ref, 'awaiting_payment', 'card')
    const [month = 0, year = 0] = card.expiry.split('/').map(Number)
    const now = this.#now()
    // A card is valid through the last day of its expiry month.
    if (new Date(Date.UTC(2000 + year, month, 1)) <= now) {
      throw new HttpError(400, 'validation_failed', 'This card has expired', [
        { path: 'body.expiry', message: 'This card has expired' },
      ])
    }
    const next: Record<string, SandboxPaymentState> = {
      [SANDBOX_TEST_CARDS.succeeds]: 'succeeded',
      [SANDBOX_TEST_CARDS.declined]: 'declined',
      [SANDBOX_TEST_CARDS.insufficientFunds]: 'insufficient_funds',
      [SANDBOX_TEST_CARDS.threeDSecure]: 'awaiting_3ds',
    }
    const state = next[card.number]
    if (!state) {
      throw new HttpError(400, 'validation_failed', 'This sandbox takes only its test cards', [
        { path: 'body.number', message: 'Use one of the test cards listed on this page' },
      ])
    }
    await this.#move(row.ref, 'awaiting_payment', state, card.number.slice(-4))
    return this.view(ref)
  }

  async confirm3ds(ref: string, answer: { code?: string; cancel?: boolean }) {
    const row = await this.#awaiting(ref, 'awaiting_3ds', 'card')
    const passed = !answer.cancel && answer.code === SANDBOX_3DS_CODE
    await this.#move(row.ref, 'awaiting_3ds', passed ? 'succeeded' : 'authentication_failed')
    return this.view(ref)
  }

  async decideSbp(ref: string, decision: 'confirm' | 'reject'): Promise<SandboxPayment> {
    const row = await this.#awaiting(ref, 'awaiting_payment', 'sbp')
    await this.#move(row.ref, 'awaiting_payment', decision === 'confirm' ? 'succeeded' : 'rejected')
    return this.view(ref)
  }

  /** Unpaid payments past their time expire, and the shop is told. */
  async expireDue(): Promise<void> {
    const due = await this.#books.dueToExpire(this.#now())
    for (const { ref, state } of due) await this.#move(ref, state, 'expired')
  }

  // ---- Webhook delivery -------------------------------------------------------------------

  /** Delivers due webhooks now and then every `everyMs`, and expires unpaid payments. */
  start(everyMs = 1_000): void {
    this.#timer ??= setInterval(() => {
      this.expireDue().catch(this.#onDeliveryError)
      void this.kick()
    }, everyMs)
    this.#timer.unref()
    void this.kick()
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer)
    this.#timer = undefined
    await (this.#queued ?? this.#delivering)
  }

  /**
   * Delivers what is due now, one run at a time. A kick during a run waits for one more run
   * after it: the current run may have claimed its webhooks before this call's were written.
   */
  kick(): Promise<void> {
    if (this.#delivering) {
      this.#queued ??= this.#delivering.then(() => {
        this.#queued = undefined
        return this.kick()
      })
      return this.#queued
    }
    this.#delivering = this.#deliverDue()
      .catch(this.#onDeliveryError)
      .finally(() => {
        this.#delivering = undefined
      })
    return this.#delivering
  }

  async #deliverDue(): Promise<void> {
    const claimedAt = this.#now()
    const due = await this.#books.claimDueWebhooks(
      claimedAt,
      new Date(claimedAt.getTime() + DELIVERY_LEASE_MS),
      MAX_DELIVERY_ATTEMPTS,
      DELIVERY_BATCH,
    )
    await Promise.all(
      due.map(async ({ eventId, body, attempts }) => {
        let status = 0
        let error: string | null = null
        try {
          status = await this.#deliver(body, signWebhook(this.#secret, body, this.#now()))
        } catch (cause) {
          error = cause instanceof Error ? cause.message : String(cause)
        }
        const now = this.#now()
        if (status >= 200 && status < 300) {
          await this.#books.delivered(eventId, now)
          return
        }
        const backoff = Math.min(MAX_BACKOFF_MS, 1_000 * 2 ** attempts)
        await this.#books.retryLater(
          eventId,
          new Date(now.getTime() + backoff),
          error ?? `HTTP ${status}`,
        )
      }),
    )
  }

  // ---- Books ------------------------------------------------------------------------------

  #find(ref: string) {
    return this.#books.find(ref)
  }

  async #awaiting(ref: string, state: SandboxPaymentState, method: 'card' | 'sbp') {
    await this.expireDue()
    const row = await this.#find(ref)
    if (!row) throw notFound('There is no such payment at this bank.')
    if (row.method !== method) {
      throw new HttpError(409, 'wrong_method', `This payment is paid by ${row.method}.`)
    }
    if (row.state !== state) {
      throw new HttpError(409, 'payment_over', 'This payment is no longer waiting for that step.')
    }
    return row
  }

  /** Moves a payment on if it is still in `from`; a final state queues the shop's webhook. */
  async #move(ref: string, from: SandboxPaymentState, to: SandboxPaymentState, last4?: string) {
    const outcome = OUTCOMES[to]
    const now = this.#now()
    const moved = await this.#db.transaction().execute(async (trx) => {
      const row = await this.#books.moveState(trx, {
        ref,
        from,
        to,
        last4,
        completedAt: outcome === undefined ? null : now,
      })
      if (!row || outcome === undefined) return row !== undefined
      const event: SandboxEventBody = {
        id: `evt_${randomBytes(12).toString('hex')}`,
        type: outcome === 'succeeded' ? 'payment.succeeded' : 'payment.failed',
        created: Math.floor(now.getTime() / 1000),
        data: {
          ref: row.ref,
          amount: row.amount,
          currency: row.currency,
          reason: outcome === 'succeeded' ? null : outcome,
        },
      }
      await this.#books.queueWebhook(trx, {
        eventId: event.id,
        ref: row.ref,
        body: JSON.stringify(event),
        nextAttemptAt: now,
      })
      return true
    })
    if (!moved) {
      throw new HttpError(409, 'payment_over', 'This payment is no longer waiting for that step.')
    }
    if (outcome !== undefined) void this.kick()
  }
}
