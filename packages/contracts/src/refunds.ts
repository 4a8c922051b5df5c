import * as z from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { order, orderId } from './orders'
import { onlinePaymentMethod, paymentState } from './payments'
import { orderReceipt } from './receipts'
import { money } from './text'

/**
 * Refunds and corrections (issue 28, decision 0119): a manager in the back office, and a waiter
 * for their tables where the restaurant allows it, opens an order and cancels it, refunds lines,
 * quantities or an amount, comps a line or refunds a tip, always with a reason the diner sees.
 */

export const MAX_REFUND_REASON = 500

/**
 * An online refund the acquirer has not confirmed for longer than this is someone's to chase
 * at the bank (decision 0140): the back office's live view lists it, the order's panel says so.
 */
export const REFUND_CHASE_DAYS = 2
export const REFUND_CHASE_MS = REFUND_CHASE_DAYS * 86_400_000

export const refundKind = z.enum(['whole', 'part', 'comp', 'tip'])
export type RefundKind = z.infer<typeof refundKind>
export const refundWay = z.enum(['online', 'cash', 'points', 'none'])
export type RefundWay = z.infer<typeof refundWay>
export const refundState = z.enum(['in_progress', 'done', 'failed'])
export type RefundState = z.infer<typeof refundState>

const reason = z.string().check(z.trim(), z.minLength(1, 'Say why'), z.maxLength(MAX_REFUND_REASON))

/** Some of one of the order's lines, by its index in `order.lines`. */
export const refundLine = z.object({
  line: z.int().check(z.nonnegative()),
  quantity: z.int().check(z.positive()),
})
export type RefundLine = z.infer<typeof refundLine>

/** One way money went back (or a comp that only lowered what was due). */
export const orderRefund = z.object({
  id: z.string(),
  /** The rows of one action share it. */
  actionId: z.string(),
  kind: refundKind,
  way: refundWay,
  /** The online payment it goes back to. */
  paymentId: z.nullable(z.string()),
  lines: z.array(refundLine),
  /** Money given back. */
  amount: money,
  /** What the order's price went down by. */
  takenOff: money,
  pointsReturned: z.int(),
  pointsTakenBack: z.int(),
  state: refundState,
  /** The acquirer's refund id, once it took it. */
  providerRefundId: z.nullable(z.string()),
  reason: z.string(),
  actor: z.object({ kind: z.enum(['manager', 'waiter', 'diner', 'server']), name: z.string() }),
  /** A tip refund: whose tips it left. */
  waiter: z.nullable(z.object({ name: z.string() })),
  createdAt: z.string(),
  completedAt: z.nullable(z.string()),
})
export type OrderRefund = z.infer<typeof orderRefund>

/** A payment of the order as the staff see it: how it was paid, its tip and what went back. */
export const orderPaymentDetail = z.object({
  id: z.string(),
  method: onlinePaymentMethod,
  status: paymentState,
  /** Money it took, the tip included. */
  amount: money,
  /** Of that, what it paid of this order (its share of a bill). */
  forOrder: money,
  tip: money,
  tipRefunded: money,
  /** Whose tip. */
  waiter: z.nullable(z.object({ name: z.string() })),
  refunded: money,
  /** Bonus points it spent. */
  points: z.int(),
  createdAt: z.string(),
})
export type OrderPaymentDetail = z.infer<typeof orderPaymentDetail>

/** An order with its payments, points, tips and refunds (the history is the order's). */
export const orderDetail = z.object({
  order,
  payments: z.array(orderPaymentDetail),
  refunds: z.array(orderRefund),
  /** Paid in cash to the waiter, and handed back in cash. */
  cash: z.object({ paid: money, refunded: money }),
  /** Bonus points: spent on the order, returned and (earned ones) taken back by refunds. */
  points: z.object({ spent: z.int(), returned: z.int(), takenBack: z.int() }),
  /** What may still be refunded: money paid for it less what went back. */
  refundable: money,
  /** The fiscal receipts of its payments and refunds (decision 0134); none where none is sent. */
  receipts: z.array(orderReceipt),
})
export type OrderDetail = z.infer<typeof orderDetail>

/** Lines or quantities (`lines`), or an amount of the order (`amount`): one of the two. */
export const refundOrderBody = z.object({
  kind: z.enum(['part', 'comp']),
  lines: z.optional(z.array(refundLine).check(z.maxLength(200))),
  amount: z.optional(money.check(z.positive())),
  reason,
})
export type RefundOrderBody = z.infer<typeof refundOrderBody>

export const refundTipBody = z.object({
  paymentId: z.uuid(),
  /** Part of the tip; all of what is left when absent. */
  amount: z.optional(money.check(z.positive())),
  reason,
})
export type RefundTipBody = z.infer<typeof refundTipBody>

export const staffCancelBody = z.object({
  reason,
  /** Refund the tips paid with it too (a tip is refunded only when asked). */
  refundTip: z.boolean(),
})
export type StaffCancelBody = z.infer<typeof staffCancelBody>

const params = z.object({ orderId })

export const getAdminOrder = defineEndpoint({
  method: 'GET',
  path: '/admin/orders/:orderId',
  summary: "An order of the manager's restaurant with its payments, points, tips and refunds",
  tags: ['admin'],
  params,
  status: 200,
  response: orderDetail,
})

export const refundAdminOrder = defineEndpoint({
  method: 'POST',
  path: '/admin/orders/:orderId/refunds',
  summary: 'Refunds lines, quantities or an amount of an order, or comps lines, with a reason',
  tags: ['admin'],
  params,
  body: refundOrderBody,
  status: 200,
  response: orderDetail,
})

export const refundAdminTip = defineEndpoint({
  method: 'POST',
  path: '/admin/orders/:orderId/tip-refunds',
  summary: "Refunds a tip paid with the order (it leaves the waiter's tips), with a reason",
  tags: ['admin'],
  params,
  body: refundTipBody,
  status: 200,
  response: orderDetail,
})

export const cancelAdminOrder = defineEndpoint({
  method: 'POST',
  path: '/admin/orders/:orderId/cancel',
  summary: 'Cancels an order with a reason the diner sees; its money is refunded, its tip if asked',
  tags: ['admin'],
  params,
  body: staffCancelBody,
  status: 200,
  response: orderDetail,
})

/**
 * Asks the acquirer again for an online refund it refused (decision 0130): the manager's, from
 * the order's panel; anything but a failed online refund of the order is a 409.
 */
export const retryAdminRefund = defineEndpoint({
  method: 'POST',
  path: '/admin/orders/:orderId/refunds/:refundId/retry',
  summary: 'Asks the acquirer again for a failed online refund of the order',
  tags: ['admin'],
  params: z.object({ orderId, refundId: z.uuid() }),
  status: 200,
  response: orderDetail,
})

export const getGarconOrder = defineEndpoint({
  method: 'GET',
  path: '/garcon/orders/:orderId/detail',
  summary: "An order of the waiter's tables with its payments, tips and refunds",
  tags: ['garcon'],
  params,
  status: 200,
  response: orderDetail,
})

export const refundGarconOrder = defineEndpoint({
  method: 'POST',
  path: '/garcon/orders/:orderId/refunds',
  summary:
    "Refunds or comps part of an order of the waiter's tables, where the restaurant allows it",
  tags: ['garcon'],
  params,
  body: refundOrderBody,
  status: 200,
  response: orderDetail,
})

export const refundGarconTip = defineEndpoint({
  method: 'POST',
  path: '/garcon/orders/:orderId/tip-refunds',
  summary: "Refunds a tip of an order of the waiter's tables, where the restaurant allows it",
  tags: ['garcon'],
  params,
  body: refundTipBody,
  status: 200,
  response: orderDetail,
})

export const cancelGarconOrder = defineEndpoint({
  method: 'POST',
  path: '/garcon/orders/:orderId/cancel',
  summary: "Cancels an order of the waiter's tables with a reason; its tip is refunded if asked",
  tags: ['garcon'],
  params,
  body: staffCancelBody,
  status: 200,
  response: orderDetail,
})
