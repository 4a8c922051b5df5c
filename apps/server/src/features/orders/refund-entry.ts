import type { OutboxEntry } from '../outbox/outbox-repository'

export const REFUND = 'refund'

/**
 * Money to give back through the provider, delivered by the outbox after commit (decision 0028).
 * An order's cancel asks for it, and so does a payment that came in for more than was due; it
 * lives with orders because payments rank above them (decision 0089).
 */
export interface RefundOrder {
  paymentId: string
  /** The order the money was for: its history shows the refund. */
  orderId: string
  amount: number
  /** Whether the amount counts in the order's `paid_amount` (then it is taken off when done). */
  counted: boolean
  /**
   * The `refunds` row it delivers (decision 0119): the acquirer's key is the row's, and the row
   * is done with the acquirer's refund id. Absent: a late success's refund, which has no row.
   */
  refundId?: string
  /**
   * The acquirer's idempotency key when it is not `refund-{refundId}`: a failed refund asked
   * again needs a new one, as the acquirer answers the old key with its old refusal (0130).
   */
  key?: string
}

export const refundEntry = (refund: RefundOrder): OutboxEntry => ({ kind: REFUND, payload: refund })
