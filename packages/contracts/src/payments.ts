import * as z from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { MAX_RECEIPT_CONTACT } from './receipt-contact'
import { type BillOrder, orderId } from './orders'
import type { RealtimeEvent } from './realtime-events'
import { tableSessionId } from './table-sessions'
import { billMoney, MAX_BILL_TOTAL, paymentMoney } from './text'

/** The methods paid through an acquirer; cash is paid to the waiter. */
export const onlinePaymentMethod = z.enum(['card', 'sbp'])
export type OnlinePaymentMethod = z.infer<typeof onlinePaymentMethod>

export const paymentId = z.uuid('A payment id is a uuid')

/** DESIGN §3: pending → succeeded | failed | cancelled, then refunded. */
export const paymentState = z.enum(['pending', 'succeeded', 'failed', 'cancelled', 'refunded'])
export type PaymentState = z.infer<typeof paymentState>

/** Why a payment did not go through, in words the Fail screen can explain. */
export const paymentFailure = z.enum([
  'declined',
  'insufficient_funds',
  'authentication_failed',
  'rejected_in_bank_app',
  'expired',
  'cancelled',
])
export type PaymentFailure = z.infer<typeof paymentFailure>

/** What a payment pays: one order, or (part of) a table's bill. */
export const paymentPurpose = z.enum(['order', 'bill'])

/** Unpaid payments expire after this long; the acquirer's page refuses them afterwards. */
export const PAYMENT_LIFETIME_MINUTES = 15

/** A line of a bill paid by item: the order's number, the line's index and how many of it. */
export const billItemChoice = z.object({
  orderNumber: z.int().check(z.gte(1)),
  line: z.int().check(z.gte(0), z.lte(99)),
  quantity: z.int().check(z.gte(1), z.lte(99)),
})
export type BillItemChoice = z.infer<typeof billItemChoice>

/** What a diner may say of the service with a tip: 1–5 stars and a few words. */
export const TIP_COMMENT_MAX = 500
export const tipRating = z.int('A rating is a whole number of stars').check(z.gte(1), z.lte(5))

/** What the diner said of the service on a payment's tip, once. */
export const tipFeedback = z.object({
  rating: tipRating,
  comment: z.nullable(z.string()),
})
export type TipFeedback = z.infer<typeof tipFeedback>

export const payment = z.object({
  id: paymentId,
  restaurantId: z.string(),
  purpose: paymentPurpose,
  /** The order paid (purpose `order`); the order's id is its placer's capability. */
  orderId: z.nullable(z.string()),
  orderNumber: z.nullable(z.int()),
  tableSessionId: z.nullable(z.string()),
  method: onlinePaymentMethod,
  /** What is charged in all: the share of the bill plus the tip, less the points' worth. */
  amount: paymentMoney,
  tip: billMoney,
  /** Bonus points it spends beside the money (1 point is 1 unit of the currency). */
  bonusPoints: z.int(),
  currency: z.string(),
  status: paymentState,
  failureReason: z.nullable(paymentFailure),
  /** The acquirer's page to send the browser to, while the payment is pending. */
  redirectUrl: z.nullable(z.string()),
  createdAt: z.string(),
  expiresAt: z.string(),
  completedAt: z.nullable(z.string()),
  /** Made with the sandbox acquirer: a test payment, no money moved. */
  test: z.boolean(),
  /** Whom the tip goes to (the table's waiter), when it carries one and someone served it. */
  waiter: z.nullable(z.object({ name: z.string() })),
  /** What the diner said of the service with the tip, once they did. */
  tipFeedback: z.nullable(tipFeedback),
  /**
   * Its fiscal receipt (decision 0133): where it goes and how far it got; null where the
   * restaurant sends none. Absent from older servers.
   */
  receipt: z.optional(
    z.nullable(
      z.object({ state: z.enum(['pending', 'sent', 'done', 'failed']), contact: z.string() }),
    ),
  ),
})
export type Payment = z.infer<typeof payment>

export const startOrderPayment = defineEndpoint({
  method: 'POST',
  path: '/orders/:orderId/payments',
  summary:
    "Starts paying an order online, with an optional tip for the table's waiter; a pending payment of the order with the same method and tip is reused, never doubled",
  tags: ['payments'],
  params: z.object({ orderId }),
  body: z.object({
    method: onlinePaymentMethod,
    /**
     * A tip on top of what is due (at most MAX_TIP_PERCENT of it): the waiter serving the
     * order's table when it is paid has it, else the restaurant's pool (issue 28).
     */
    tip: z.optional(billMoney),
    /**
     * Where the fiscal receipt goes (an email or a phone), where the restaurant sends receipts
     * (`restaurant.receipts`); required there, ignored elsewhere.
     */
    receiptContact: z.optional(z.string().check(z.trim(), z.maxLength(MAX_RECEIPT_CONTACT))),
    /**
     * The signed-in diner (X-Profile-Token) asks to keep `receiptContact` on their profile for
     * their next payments, on any device (decision 0142); anonymous, it changes nothing.
     */
    keepReceiptContact: z.optional(z.boolean()),
  }),
  status: 201,
  response: payment,
})

export const MAX_BILL_SHARES = 20
/** A tip is at most this share of what it tips on (100 = as much again). */
export const MAX_TIP_PERCENT = 100

/**
 * What a bill payment pays: everything still due (`remaining`), one of `parts` equal shares of
 * what is still due (`share`, see `equalShare`), or chosen `items` with their share of the service
 * charge. One object rather than a union of three, told apart by `billChoiceOf`: every zod
 * module the app uses lands in the first-load `core` chunk, and zod's unions and refinements
 * would add ~1 KB gzip to it.
 */
export const billPaymentChoice = z.object({
  mode: z.enum(['remaining', 'share', 'items']),
  parts: z.optional(z.int().check(z.gte(2), z.lte(MAX_BILL_SHARES))),
  items: z.optional(
    z.array(billItemChoice).check(z.minLength(1, 'Choose at least one item'), z.maxLength(100)),
  ),
})
export type BillPaymentChoice =
  | { mode: 'remaining' }
  | { mode: 'share'; parts: number }
  | { mode: 'items'; items: BillItemChoice[] }

/**
 * A `billPaymentChoice` as the one of its three shapes it is; undefined when its fields do not
 * fit its mode (a share names its parts, chosen items name the items, the rest neither).
 */
export function billChoiceOf(
  choice: z.infer<typeof billPaymentChoice>,
): BillPaymentChoice | undefined {
  const { mode, parts, items } = choice
  if (mode === 'share') return parts !== undefined && !items ? { mode, parts } : undefined
  if (mode === 'items')
    return items !== undefined && parts === undefined ? { mode, items } : undefined
  return parts === undefined && !items ? { mode } : undefined
}

export const startBillPayment = defineEndpoint({
  method: 'POST',
  path: '/table-sessions/:sessionId/payments',
  summary:
    "Starts paying (part of) the table's bill online, with an optional tip for the table's waiter",
  tags: ['payments'],
  params: z.object({ sessionId: tableSessionId }),
  body: z.object({
    method: onlinePaymentMethod,
    choice: billPaymentChoice,
    tip: billMoney,
    /**
     * The amount (without the tip) the diner saw. When the bill moved since, the payment is
     * refused (`amount_changed`) instead of charging something else.
     */
    expectedAmount: billMoney,
    /**
     * Bonus points the signed-in diner spends on it (decision 0060): the card pays that much
     * less, within the programme's share of `expectedAmount`.
     */
    bonusPoints: z.optional(z.int().check(z.gte(0), z.lte(MAX_BILL_TOTAL / 100))),
    /**
     * Where the fiscal receipt goes (an email or a phone), where the restaurant sends receipts
     * (`restaurant.receipts`); required there, ignored elsewhere.
     */
    receiptContact: z.optional(z.string().check(z.trim(), z.maxLength(MAX_RECEIPT_CONTACT))),
    /**
     * The signed-in diner (X-Profile-Token) asks to keep `receiptContact` on their profile for
     * their next payments, on any device (decision 0142); anonymous, it changes nothing.
     */
    keepReceiptContact: z.optional(z.boolean()),
  }),
  status: 201,
  response: payment,
})

export const getPayment = defineEndpoint({
  method: 'GET',
  path: '/payments/:paymentId',
  summary: 'A payment and its status (the payment id is the capability to read it)',
  tags: ['payments'],
  params: z.object({ paymentId }),
  status: 200,
  response: payment,
})

export const cancelPayment = defineEndpoint({
  method: 'POST',
  path: '/payments/:paymentId/cancel',
  summary: 'Cancels a pending payment (the diner chose another way to pay)',
  tags: ['payments'],
  params: z.object({ paymentId }),
  status: 200,
  response: payment,
})

export const leaveTipFeedback = defineEndpoint({
  method: 'POST',
  path: '/payments/:paymentId/feedback',
  summary:
    'The diner rates the service (1–5, with an optional comment) on the tip of a payment they made; once (the payment id is the capability)',
  tags: ['payments'],
  params: z.object({ paymentId }),
  body: z.object({
    rating: tipRating,
    comment: z.optional(z.string().check(z.trim(), z.maxLength(TIP_COMMENT_MAX))),
  }),
  status: 200,
  response: tipFeedback,
})

/**
 * A payment moved on; only on `private-order.{id}` of the order it pays, whose holder started
 * it. The table's channel never carries it (its ids are capabilities, decision 0015): the table
 * hears `bill.updated`.
 */
export const paymentUpdated = {
  name: 'payment.updated',
  data: z.object({
    id: z.string(),
    status: paymentState,
    failureReason: z.nullable(paymentFailure),
    orderId: z.nullable(z.string()),
    amount: paymentMoney,
  }),
} as const satisfies RealtimeEvent

/**
 * What one of `parts` equal shares of a bill costs, in minor units: what is still due divided
 * between the people still to pay, rounded up to the minor unit (never more than is due). What
 * others have paid already is not shared again (issue 14).
 */
export function equalShare(due: number, parts: number): number {
  return Math.min(Math.ceil(due / parts), due)
}

/** The tip a preset suggests: `percent` of `amount`, rounded to whole units of currency. */
export function tipFor(amount: number, percent: number): number {
  return Math.round((amount * percent) / 100 / 100) * 100
}

/**
 * What chosen items of a bill cost: each order's items at their unit price plus that order's
 * service charge in proportion, rounded per order; an order whose every item is then paid
 * costs exactly what remains of it, so rounding never leaves a kopeck behind. The server
 * charges this; the app shows the same figure.
 */
export function billItemsAmount(
  bill: {
    orders: readonly (Pick<
      BillOrder,
      'number' | 'status' | 'lines' | 'paidQuantities' | 'paidAmount'
    > & {
      totals: Pick<BillOrder['totals'], 'subtotal' | 'serviceCharge' | 'total'>
    })[]
  },
  items: readonly BillItemChoice[],
): { amount: number } | { error: string } {
  const chosen = new Map<number, Map<number, number>>()
  for (const item of items) {
    const lines = chosen.get(item.orderNumber) ?? new Map<number, number>()
    lines.set(item.line, (lines.get(item.line) ?? 0) + item.quantity)
    chosen.set(item.orderNumber, lines)
  }
  let amount = 0
  for (const [number, lines] of chosen) {
    const order = bill.orders.find((candidate) => candidate.number === number)
    if (!order || order.status === 'cancelled')
      return { error: `There is no order ${number} to pay` }
    const remaining = order.totals.total - order.paidAmount
    let itemsSubtotal = 0
    let everyItemPaid = true
    for (const [index, line] of order.lines.entries()) {
      const quantity = lines.get(index) ?? 0
      const free = line.quantity - (order.paidQuantities[index] ?? 0)
      if (quantity > free) {
        return {
          error: `Only ${Math.max(free, 0)} of line ${index + 1} of order ${number} are left to pay`,
        }
      }
      itemsSubtotal += line.unitPrice * quantity
      if (quantity < free) everyItemPaid = false
    }
    if ([...lines.keys()].some((index) => index >= order.lines.length)) {
      return { error: `Order ${number} has no such line` }
    }
    const share =
      order.totals.subtotal === 0
        ? 0
        : Math.round((order.totals.serviceCharge * itemsSubtotal) / order.totals.subtotal)
    amount += everyItemPaid ? remaining : Math.min(itemsSubtotal + share, remaining)
  }
  return { amount }
}
