import * as z from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { orderStatus } from './order-status'
import { paidWith, paymentStatus } from './orders'
import { orderType, paymentMethod } from './restaurants'
import { localizedText } from './text'
import { waiterCallReason } from './waiter-calls'

/**
 * The back office's "day" (issue 17, decisions 0072–0073): what is going on now across the
 * restaurant, and the numbers of any range of days in the restaurant's time zone. Every path
 * is the signed-in manager's restaurant's; none names a restaurant.
 */

/** A sum over many orders in minor units: no single order's or bill's cap applies. */
const amount = z.int().check(z.nonnegative())
const count = z.int().check(z.nonnegative())

const liveTable = z.object({ code: z.string(), label: z.string(), zone: z.nullable(localizedText) })
const staffName = z.object({ id: z.string(), name: z.string() })

export const liveOrder = z.object({
  id: z.string(),
  number: z.int(),
  type: orderType,
  status: orderStatus,
  paymentStatus,
  /** How it is paid: the way chosen, or cash when the waiter took cash instead (issue 28). */
  paymentMethod,
  /** How it was actually paid so far, from its payments (issue 28). */
  paidWith,
  /** The table of a dine-in order; null for deliveries, pickups and pre-orders. */
  table: z.nullable(liveTable),
  /** Who serves the table now (none for an order without a table). */
  waiters: z.array(staffName),
  /** The waiter who placed it for guests without phones. */
  placedBy: z.nullable(z.string()),
  items: z.array(z.object({ name: localizedText, quantity: z.int() })),
  total: amount,
  paidAmount: amount,
  placedAt: z.string(),
  /** When a pre-order or pickup is wanted. */
  scheduledFor: z.nullable(z.string()),
})
export type LiveOrder = z.infer<typeof liveOrder>

/**
 * An online refund the acquirer has held unconfirmed for longer than `REFUND_CHASE_DAYS`
 * (decision 0140): someone calls the bank.
 */
export const liveSlowRefund = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.int(),
  amount,
  /** When it was asked for. */
  askedAt: z.string(),
})
export type LiveSlowRefund = z.infer<typeof liveSlowRefund>

export const liveCall = z.object({
  id: z.string(),
  reason: waiterCallReason,
  comment: z.nullable(z.string()),
  status: z.enum(['open', 'acknowledged']),
  table: liveTable,
  waiters: z.array(staffName),
  createdAt: z.string(),
  acknowledgedBy: z.nullable(z.string()),
  escalated: z.boolean(),
})
export type LiveCall = z.infer<typeof liveCall>

/** Orders listed at most; the newest first. */
export const LIVE_ORDERS_LISTED = 300

const filterText = z.string().check(z.trim(), z.minLength(1), z.maxLength(60))

export const getAdminLive = defineEndpoint({
  method: 'GET',
  path: '/admin/live',
  summary:
    "The restaurant's orders in progress and today's, and its open waiter calls, with filters; ETag",
  tags: ['admin'],
  query: z.object({
    status: z.optional(orderStatus),
    type: z.optional(orderType),
    /** A table's code (any case). */
    table: z.optional(filterText),
    /** A zone's name, Russian or English (any case). */
    zone: z.optional(filterText),
    /** A waiter's id: the orders and calls of the tables they serve, and orders they placed. */
    waiter: z.optional(z.uuid()),
  }),
  status: 200,
  response: z.object({
    currency: z.string(),
    timezone: z.string(),
    /** The server's clock when it answered: ages are counted from it. */
    generatedAt: z.string(),
    orders: z.array(liveOrder),
    calls: z.array(liveCall),
    /** Online refunds waiting for the bank too long, oldest first, whatever the filters. */
    slowRefunds: z.array(liveSlowRefund),
    /** What the filters can choose from. */
    tables: z.array(liveTable),
    zones: z.array(localizedText),
    waiters: z.array(z.object({ ...staffName.shape, onShift: z.boolean() })),
  }),
})

/** A day in the restaurant's calendar, `YYYY-MM-DD`. */
const localDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date as YYYY-MM-DD'))

/** The longest range a report covers, in days. */
export const REPORT_MAX_DAYS = 366

export const reportQuery = z.object({
  /** First day, inclusive, restaurant time. */
  from: localDate,
  /** Last day, inclusive, restaurant time. */
  to: localDate,
})
export type ReportQuery = z.infer<typeof reportQuery>

export const paidMethod = z.enum(['cash', 'card', 'sbp'])
export type PaidMethod = z.infer<typeof paidMethod>

/**
 * Why money went back (issue 28): `cancel`, the order was cancelled; `overpaid`, a payment came
 * in for more than was left to pay (another one covered the order first); `part` and `comp`, a
 * part of the order refunded or made free.
 */
export const refundKind = z.enum(['cancel', 'overpaid', 'part', 'comp'])
export type RefundKind = z.infer<typeof refundKind>

export const dayReport = z.object({
  from: z.string(),
  to: z.string(),
  timezone: z.string(),
  currency: z.string(),
  /**
   * Money for the range's orders net of what went back of it (issue 28): `gross` is what came in
   * (cash for the orders not cancelled, online for every order), `refunded` what went back of
   * that, `total` the difference. Tips and points are not in it.
   */
  revenue: z.object({
    total: amount,
    gross: amount,
    refunded: amount,
    /** `amount` is net; `orders`, the orders that money came in for this way. */
    byMethod: z.array(
      z.object({ method: paidMethod, amount, gross: amount, refunded: amount, orders: count }),
    ),
    /** Bonus points that paid part of these orders (1 point = 1 minor unit of face value). */
    pointsSpent: amount,
    /** What these orders still owe (in money). */
    outstanding: amount,
  }),
  /** What went back of the range's orders, the way it was paid and why (tips apart). */
  refunds: z.object({
    total: amount,
    /** Orders with money given back. */
    orders: count,
    byMethod: z.array(z.object({ method: paidMethod, amount, orders: count })),
    /** `reason`: the words the staff gave, when they gave any. */
    byReason: z.array(
      z.object({ kind: refundKind, reason: z.nullable(z.string()), amount, orders: count }),
    ),
    /**
     * Bonus points that came back to diners' cards with these refunds and cancels (spent on the
     * part refunded), and points taken back that they had earned on it (decision 0131).
     */
    pointsReturned: count,
    pointsTakenBack: count,
  }),
  orders: z.object({
    /** Orders placed in the range, not cancelled. */
    count,
    cancelled: count,
    /** Of those, the ones paid in full. */
    paid: count,
    /** The mean total (money due after points, before tips) of the orders paid in full. */
    averageBill: amount,
    byType: z.array(z.object({ type: orderType, count, total: amount })),
  }),
  /** Tips that went through in the range, net of what went back of them. */
  tips: z.object({
    total: amount,
    refunded: amount,
    /** Tips with something left after refunds. */
    count,
    /** `waiter` null: tips left while nobody served the table (the restaurant's pool). */
    byWaiter: z.array(
      z.object({
        waiter: z.nullable(staffName),
        count,
        total: amount,
        refunded: amount,
        averageRating: z.nullable(z.number()),
      }),
    ),
  }),
  /** The most ordered dishes by quantity (at most 10). */
  topDishes: z.array(
    z.object({ dishId: z.string(), name: localizedText, quantity: count, revenue: amount }),
  ),
  /** Every day of the range, for the chart. */
  days: z.array(z.object({ date: z.string(), revenue: amount, orders: count })),
})
export type DayReport = z.infer<typeof dayReport>

export const getAdminReport = defineEndpoint({
  method: 'GET',
  path: '/admin/reports/day',
  summary: "The restaurant's numbers for a range of days in its time zone (at most 366 days)",
  tags: ['admin'],
  query: reportQuery,
  status: 200,
  response: dayReport,
})

/**
 * The same report as CSV (`text/csv`, UTF-8 with a BOM; decision 0073). Not a JSON endpoint:
 * the descriptor gives the path and the query, the web fetches the bytes with the token.
 */
export const ADMIN_REPORT_CSV_PATH = '/admin/reports/day.csv'
export const reportCsvQuery = z.object({
  ...reportQuery.shape,
  /** The CSV's language: headings, separator and decimal mark (ru: `;` and `,`). */
  lang: z.optional(z.enum(['ru', 'en'])),
})
