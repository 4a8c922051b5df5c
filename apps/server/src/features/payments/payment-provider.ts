import type { OnlinePaymentMethod, PaymentFailure } from '@tableside/contracts/payments'
import type { FiscalReceipt } from '@tableside/contracts/receipts'
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
  /**
   * The acquirer's view of a payment, for payments whose webhook never came and for a
   * notification whose only use is to say "read this payment back" (YooKassa's).
   */
  status(ref: string): Promise<ProviderStatus>
  /** Stops a payment the diner abandoned; `too_late` when the acquirer already took it. */
  cancel(ref: string): Promise<'cancelled' | 'too_late'>
  /**
   * Gives money back (a success for a cancelled order or one another payment had covered, a
   * paid order cancelled). `key` is the same on every retry of one refund, so an acquirer that
   * takes an idempotency key gives it back once. Part of a payment may be refunded, several
   * times, never more than it took. Resolves to the acquirer's id of the refund (null where it
   * keeps none; decision 0119) and where it stands (decision 0130): an acquirer that refuses it
   * answers `failed` rather than throwing, which is kept for its being unreachable. `receipt`:
   * the refund's 54-FZ receipt, for an acquirer whose receipt service sends it (decision 0133);
   * it comes to exactly `amount`.
   */
  refund(ref: string, amount: number, key: string, receipt?: FiscalReceipt): Promise<ProviderRefund>
  /** Where a refund the acquirer answered `pending` stands now (decision 0130). */
  refundStatus(refundId: string): Promise<ProviderRefund['status']>
  /**
   * Present for an acquirer that makes a refund again when it is sent again (T-Bank: no key for
   * SBP refunds, decision 0141). The payments feature then sends a payment's refunds one at a
   * time, never repeats one inside `refund`, and sends one whose answer was lost again only when
   * `since` says it did not happen.
   */
  readonly refundCheck?: RefundCheck
  /**
   * Checks a webhook's signature and freshness (or where it came from, for an acquirer that
   * signs nothing) and reads its event; throws `WebhookRejected` for anything forged, stale or
   * malformed. An acquirer whose notifications are not to be believed as they stand answers a
   * `WebhookNotice`: the payment is then read back with `status` and only that counts. A
   * genuine notice that changes nothing here (T-Bank's AUTHORIZED on its way to CONFIRMED, or
   * of our own refunds) is `WebhookIgnored`. Reading may be asynchronous (T-Bank's: the
   * password of the terminal the notification names is looked up).
   */
  verifyWebhook(
    headers: Readonly<Record<string, unknown>>,
    rawBody: string,
    now: Date,
    source: WebhookSource,
  ): WebhookReading | Promise<WebhookReading>
  /**
   * The plain text an accepted notification is answered with, where the acquirer asks for one
   * (T-Bank: `OK`, or it sends the notification again); absent: JSON.
   */
  readonly webhookAnswer?: string
  /**
   * Where the 54-FZ receipt that went with a payment or a refund (by the acquirer's id of it)
   * stands at the acquirer's receipt service (YooKassa's `receipt_registration`, decision 0141);
   * null where the object carries none. Absent: the acquirer does not say.
   */
  receiptRegistration?(of: {
    kind: 'payment' | 'refund' | 'receipt'
    id: string
  }): Promise<ReceiptRegistration | null>
  /**
   * Sends again a receipt the acquirer's receipt service refused, as a receipt of its own for
   * the payment or refund (`of`, the acquirer's id of it): YooKassa's `POST /receipts`
   * (decision 0147). The same `receiptId` and `generation` name the same request, so a repeat
   * makes no second receipt. Resolves to the new receipt's id (read back with
   * `receiptRegistration({ kind: 'receipt' })`) and where it stands, or `refused` with the
   * acquirer's words for a receipt it will not take; throws `ProviderUnavailable` when it cannot
   * be asked now. Absent: the acquirer cannot.
   */
  createReceipt?(request: {
    type: 'payment' | 'refund'
    of: string
    receiptId: string
    generation: number
    receipt: FiscalReceipt
  }): Promise<{ id: string; registration: ReceiptRegistration } | { refused: string }>
  /** Asks the acquirer whether the account's credentials work ("Проверить подключение"). */
  checkConnection?(): Promise<ConnectionCheck>
}

/** Where a webhook came from: the client's address by the app's TRUST_PROXY rules. */
export interface WebhookSource {
  address: string
}

export type WebhookReading = WebhookEvent | WebhookNotice | WebhookIgnored

/** A genuine notification with nothing to apply: answered as received. */
export interface WebhookIgnored {
  ignored: true
}

/** A notification that names a payment to read back from the acquirer, believed no further. */
export interface WebhookNotice {
  readBack: true
  ref: string
}

export interface ProviderRefund {
  refundId: string | null
  /**
   * `succeeded`: the acquirer confirmed it, the money is on its way to the card; `pending`: it
   * took the request and has not confirmed it yet (asked again later with `refundStatus`);
   * `failed`: it refused it or gave it up, nothing went back (decision 0130).
   */
  status: 'succeeded' | 'pending' | 'failed'
}

/** A receipt at the acquirer's receipt service: on its way, registered, or refused. */
export type ReceiptRegistration = 'pending' | 'succeeded' | 'canceled'

/** What an acquirer says of a payment, kept just before a refund of it is first sent. */
export type RefundMark = Readonly<Record<string, string | number | null>>

/** Whether a refund whose answer was lost happened, judged by the payment's state now. */
export type RefundSince =
  | { happened: true; status: ProviderRefund['status'] }
  | { happened: false }
  | { happened: 'unknown'; detail: string }

export interface RefundCheck {
  /** The payment as the acquirer holds it now. */
  mark(ref: string): Promise<RefundMark>
  /**
   * Whether a refund of `amount` sent after `mark` was taken: the payment's state now against
   * `mark`, `paid` being what the payment took. Nothing else refunds it meanwhile (one at a time).
   */
  since(
    ref: string,
    mark: RefundMark,
    refund: { amount: number; paid: number },
  ): Promise<RefundSince>
}

/** What the acquirer said of the account's credentials. */
export type ConnectionCheck =
  | {
      ok: true
      /** The account as the acquirer names it (YooKassa's shop id). */
      account: string
      /** A test account: no money moves. */
      test: boolean
    }
  | { ok: false; problem: 'invalid_credentials' | 'unavailable' | 'other'; detail: string }

/**
 * The acquirer is down (no answer, or only 5xx through every repeat the rules allow): the
 * diner is told to pay another way, and nothing it might have done is assumed.
 */
export class ProviderUnavailable extends Error {
  override readonly name = 'ProviderUnavailable'
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
  /**
   * The 54-FZ receipt the acquirer passes on to the online cash register, provider-neutral
   * (decision 0133): each adapter maps it to its own shape (YooKassa `receipt`, T-Bank
   * `Receipt`). Built by the receipts feature when the restaurant sends receipts with its
   * acquirer; absent, none is asked for. Its items come to exactly `amount`.
   */
  receipt?: FiscalReceipt
}

export type ProviderOutcome =
  { outcome: 'succeeded' } | { outcome: 'failed'; reason: PaymentFailure }

/** What the acquirer says of a payment; with its amount where it says one (minor units). */
export type ProviderStatus = (ProviderOutcome | { outcome: 'pending' }) & {
  amount?: number
  currency?: string
}

export type WebhookEvent = ProviderOutcome & {
  /** Unique per event: a repeated delivery carries the same id. */
  eventId: string
  ref: string
  amount: number
  currency: string
  /**
   * The restaurants whose account signed it (T-Bank: whose terminal password made its Token);
   * a payment of any other restaurant is not its to settle. Absent: the acquirer's own key or
   * address vouches for every payment it holds.
   */
  signedFor?: readonly string[]
}

export class WebhookRejected extends Error {
  override readonly name = 'WebhookRejected'
}

/** Who holds which payment: each restaurant may have its own acquirer (decision 0121). */
export interface PaymentProviders {
  /** The acquirer that takes the restaurant's new payments (one that takes none, when off). */
  forRestaurant(restaurantId: string): Promise<PaymentProvider>
  /**
   * The acquirer that holds a payment (its row names it), on its restaurant's account; undefined
   * when this server cannot reach it any more.
   */
  forPayment(payment: {
    restaurantId: string
    provider: string
  }): Promise<PaymentProvider | undefined>
  /** Who reads the webhooks at `POST /payments/webhooks/{name}` (no account needed to read). */
  webhooks(
    name: string,
  ): Pick<PaymentProvider, 'name' | 'verifyWebhook' | 'webhookAnswer'> | undefined
}
