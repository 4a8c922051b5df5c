import type { OnlinePaymentMethod, PaymentFailure } from '@tableside/contracts/payments'
import type { UiLanguage } from '@tableside/contracts/restaurants'

/** The built-in sandbox acquirer's name: its payments are test payments, no money moves. */
export const SANDBOX_PROVIDER = 'sandbox'

/**
 * What the payments feature needs of an acquirer (DESIGN §6). The built-in sandbox is one
 * adapter; a real provider is another (decision 0024 says how to add one).
 */
export interface PaymentProvider {
  /** The name in `POST /payments/webhooks/{provider}` and in each payment's row. */
  readonly name: string
  /** Registers a payment with the acquirer; the browser goes to `redirectUrl` to pay. */
  create(request: ProviderPaymentRequest): Promise<{ ref: string; redirectUrl: string }>
  /** The acquirer's view of a payment, for payments whose webhook never came. */
  status(ref: string): Promise<ProviderOutcome | { outcome: 'pending' }>
  /** Stops a payment the diner abandoned; `too_late` when the acquirer already took it. */
  cancel(ref: string): Promise<'cancelled' | 'too_late'>
  /**
   * Gives money back (a success for a cancelled order or one another payment had covered, a
   * paid order cancelled). `key` is the same on every retry of one refund, so an acquirer that
   * takes an idempotency key gives it back once.
   */
  refund(ref: string, amount: number, key: string): Promise<void>
  /**
   * Checks a webhook's signature and freshness and reads its event; throws
   * `WebhookRejected` for anything forged, stale or malformed.
   */
  verifyWebhook(
    headers: Readonly<Record<string, unknown>>,
    rawBody: string,
    now: Date,
  ): WebhookEvent
}

export interface ProviderPaymentRequest {
  paymentId: string
  amount: number
  currency: string
  method: OnlinePaymentMethod
  merchant: string
  description: string
  /**
   * The shop's origin as the diner reached it (or PUBLIC_URL): the built-in sandbox serves its
   * hosted page there too; a real acquirer has its own.
   */
  shopOrigin: string
  /** The language of the acquirer's page: the diner's in the shop's app. */
  language: UiLanguage
  /** How the acquirer's page writes amounts: the shop's locale (`ru-RU`). */
  locale: string
  /** Where the acquirer returns the browser once the payment succeeded or failed. */
  successUrl: string
  failUrl: string
  expiresAt: Date
}

export type ProviderOutcome =
  { outcome: 'succeeded' } | { outcome: 'failed'; reason: PaymentFailure }

export type WebhookEvent = ProviderOutcome & {
  /** Unique per event: a repeated delivery carries the same id. */
  eventId: string
  ref: string
  amount: number
  currency: string
}

export class WebhookRejected extends Error {
  override readonly name = 'WebhookRejected'
}
