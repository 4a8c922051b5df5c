import * as z from 'zod/mini'
import { cartLine, MAX_CART_LINES, quote, quotedModifier } from './cart'
import { defineEndpoint } from './endpoint'
import { orderStatus } from './order-status'
import {
  orderType,
  paymentMethod,
  restaurantId,
  type OrderType,
  type PaymentMethod,
} from './restaurants'
import { tableRef, tableSessionId } from './table-sessions'
import { billMoney, localizedText, MAX_ORDER_TOTAL, money, slugId } from './text'

export const MAX_ORDER_COMMENT = 500
export const MAX_GUESTS = 30

/**
 * The header that makes placing an order safe to retry: the same key and body give back the
 * same order, never a second one. The app makes one per checkout (a uuid).
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key'
export const idempotencyKey = z
  .string()
  .check(
    z.regex(
      /^[A-Za-z0-9_.:-]{8,128}$/,
      'An idempotency key is 8–128 letters, digits, dots, colons, dashes or underscores',
    ),
  )
/** Set on a response that repeats the one given the first time for the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed'

export const orderId = z.uuid('An order id is a uuid')

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max))
const optionalText = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max)))

/** A Russian mobile or landline in international form, as the phone mask produces it. */
export const phoneNumber = z
  .string()
  .check(z.trim(), z.regex(/^\+7\d{10}$/, 'Enter the phone as +7 and 10 digits'))

export const contact = z.object({
  name: text(80),
  phone: phoneNumber,
})
export type Contact = z.infer<typeof contact>

export const deliveryAddress = z.object({
  street: text(200),
  house: text(20),
  apartment: optionalText(20),
  entrance: optionalText(10),
  floor: optionalText(10),
  intercom: optionalText(20),
})
export type DeliveryAddress = z.infer<typeof deliveryAddress>

/** An instant with its offset, as slots give it: `2026-11-22T19:30:00.000Z`. */
export const instant = z.iso.datetime({ offset: true, message: 'A time is an ISO 8601 instant' })

/**
 * A new order. Which parts are needed depends on the type: dine-in needs the table session;
 * delivery a contact and an address; pickup a contact; pre-order a contact, a slot and guests.
 * `scheduledFor` absent or null means "as soon as possible" (not for pre-orders).
 */
export const placeOrderBody = z.object({
  type: orderType,
  lines: z.array(cartLine).check(z.minLength(1, 'The order is empty'), z.maxLength(MAX_CART_LINES)),
  paymentMethod,
  tableSessionId: z.optional(tableSessionId),
  contact: z.optional(contact),
  address: z.optional(deliveryAddress),
  scheduledFor: z.optional(z.nullable(instant)),
  guests: z.optional(z.int().check(z.gte(1), z.lte(MAX_GUESTS))),
  comment: optionalText(MAX_ORDER_COMMENT),
  /**
   * The total the diner saw and confirmed. When prices changed since, the order is refused
   * (`total_changed`) rather than charged differently: nothing is added after confirming.
   */
  expectedTotal: z.optional(money),
  /**
   * Bonus points the signed-in diner spends on it (decision 0060): one point is one unit of
   * the currency, taken off the total, at most the programme's share of the order before
   * points and delivery. `expectedTotal` is the total before points.
   */
  bonusPoints: z.optional(z.int().check(z.gte(0), z.lte(MAX_ORDER_TOTAL / 100))),
})
export type PlaceOrderBody = z.infer<typeof placeOrderBody>

export const orderTotals = z.object({
  subtotal: money,
  serviceCharge: money,
  deliveryFee: money,
  discount: money,
  tip: money,
  total: money,
})
export type OrderTotals = z.infer<typeof orderTotals>

/** A line as ordered: names and prices are a snapshot, kept even if the menu changes. */
export const orderLine = z.object({
  dishId: slugId,
  name: localizedText,
  quantity: z.int(),
  modifiers: z.array(quotedModifier),
  comment: z.nullable(z.string()),
  unitPrice: money,
  lineTotal: money,
  /** How many of it a refund took off (decision 0119): the kitchen strikes them out. */
  refundedQuantity: z.optional(z.int()),
  /** How many of it were made free (comped) with a reason. */
  compedQuantity: z.optional(z.int()),
})
export type OrderLine = z.infer<typeof orderLine>

/**
 * Where an order's money is: `unpaid`; `pending` while its own online payment is in progress
 * (the acquirer has not answered, so nothing has arrived); `failed` once that payment failed or
 * was given up and nothing has paid the order since (the restaurant collects it another way or
 * cancels the order); `paid`; `refunded` (a cancelled order's money went back). Issue 28.
 */
export const paymentStatus = z.enum(['unpaid', 'pending', 'failed', 'paid', 'refunded'])
export type PaymentStatus = z.infer<typeof paymentStatus>

/**
 * A way money actually came in for an order (issue 28), named from its payment records, not from
 * the way chosen at checkout: `card` and `sbp` online payments that succeeded (refunded later
 * too), `cash` the waiter or the counter took, `points` spent from the bonus card.
 */
export const paidWay = z.enum(['card', 'sbp', 'cash', 'points'])
export type PaidWay = z.infer<typeof paidWay>

/**
 * How an order was actually paid: each way once, in this order (card, sbp, cash, points); empty
 * while no money has come in (points spent on an order not yet paid do not count yet). Two or
 * more ways are a mixed payment.
 */
export const paidWith = z.array(paidWay)
export type PaidWith = z.infer<typeof paidWith>

/**
 * Whether an order waits for its online payment before the kitchen may have it: a pickup,
 * delivery or pre-order paid by card or SBP whose money has not arrived, at a restaurant that
 * cooks such orders only once paid (`kitchenBeforeOnlinePayment` off). Issue 28.
 */
export function awaitsPayment(
  order: { type: OrderType; paymentMethod: PaymentMethod; paymentStatus: PaymentStatus },
  settings: { kitchenBeforeOnlinePayment: boolean },
): boolean {
  return (
    !settings.kitchenBeforeOnlinePayment &&
    order.type !== 'dine_in' &&
    order.paymentMethod !== 'cash' &&
    order.paymentStatus !== 'paid'
  )
}

/**
 * A step in an order's history: a status it reached, or (with `refund`) money given back while
 * it was in that status, started and then done (decision 0028); a waiter's step names them.
 */
export const statusChange = z.object({
  status: orderStatus,
  at: z.string(),
  refund: z.optional(
    z.object({
      amount: money,
      /**
       * `failed`: the acquirer refused it, nothing went back (decision 0139); a manager's retry
       * is `in_progress` again, with `again`.
       */
      state: z.enum(['in_progress', 'done', 'failed']),
      /** A refused refund asked for again (decision 0139). */
      again: z.optional(z.literal(true)),
      /** What it was (decision 0119): the order cancelled, part of it, a comp, a tip. */
      kind: z.optional(z.enum(['whole', 'part', 'comp', 'tip'])),
      /** What the order's price went down by (a comp before payment gives no money back). */
      takenOff: z.optional(money),
      /** Why, as the manager or waiter said it: the diner reads it. */
      reason: z.optional(z.string()),
    }),
  ),
  /** The manager who made the change, when it was one (a cancel from the back office). */
  manager: z.optional(z.object({ name: z.string() })),
  /** The waiter who placed the order or made the change, when it was a waiter. */
  waiter: z.optional(z.object({ name: z.string() })),
  /** Why the waiter cancelled it. */
  reason: z.optional(z.string()),
})
export type StatusChange = z.infer<typeof statusChange>

export const order = z.object({
  id: orderId,
  /** Short number people say out loud: "order 42". */
  number: z.int(),
  restaurantId: z.string(),
  type: orderType,
  status: orderStatus,
  placedAt: z.string(),
  updatedAt: z.string(),
  lines: z.array(orderLine),
  totals: orderTotals,
  currency: z.string(),
  table: z.nullable(tableRef),
  contact: z.nullable(contact),
  address: z.nullable(deliveryAddress),
  /** Null: as soon as possible. */
  scheduledFor: z.nullable(z.string()),
  guests: z.nullable(z.int()),
  comment: z.nullable(z.string()),
  paymentMethod,
  paymentStatus,
  /** How it was actually paid so far (issue 28): the payments' ways, not the one chosen. */
  paidWith,
  /** What is paid of it so far: online, or through the table's bill. */
  paidAmount: money,
  /** Bonus points spent on it: `totals.discount` counts them as money. */
  bonusPoints: z.int(),
  history: z.array(statusChange),
  /** True while the diner may still cancel it (nobody has accepted it and nothing is paid). */
  cancellable: z.boolean(),
})
export type Order = z.infer<typeof order>

export const placeOrder = defineEndpoint({
  method: 'POST',
  path: '/restaurants/:restaurantId/orders',
  summary: 'Places an order (header Idempotency-Key: the same key and body return the same order)',
  tags: ['orders'],
  params: z.object({ restaurantId }),
  body: placeOrderBody,
  status: 201,
  response: order,
})

export const getOrder = defineEndpoint({
  method: 'GET',
  path: '/orders/:orderId',
  summary: 'An order, its status and history (the order id is the capability to read it)',
  tags: ['orders'],
  params: z.object({ orderId }),
  status: 200,
  response: order,
})

export const cancelOrder = defineEndpoint({
  method: 'POST',
  path: '/orders/:orderId/cancel',
  summary: 'Cancels an order nobody has accepted yet',
  tags: ['orders'],
  params: z.object({ orderId }),
  status: 200,
  response: order,
})

export const MAX_LOOKUP_ORDERS = 50

export const orderSummary = z.object({
  id: orderId,
  number: z.int(),
  type: orderType,
  status: orderStatus,
  placedAt: z.string(),
  total: money,
  itemCount: z.int(),
  paymentStatus,
  /** The way chosen at checkout (said until money came in). */
  paymentMethod,
  /** How it was actually paid, from its payments (issue 28, decision 0130). */
  paidWith,
})
export type OrderSummary = z.infer<typeof orderSummary>

/** The orders this device placed at a restaurant (it keeps their ids), newest first. */
export const lookupOrders = defineEndpoint({
  method: 'POST',
  path: '/restaurants/:restaurantId/orders/lookup',
  summary: 'Summaries of the orders whose ids the device holds, newest first',
  tags: ['orders'],
  params: z.object({ restaurantId }),
  body: z.object({ ids: z.array(orderId).check(z.maxLength(MAX_LOOKUP_ORDERS)) }),
  status: 200,
  response: z.object({ orders: z.array(orderSummary) }),
})

/** What a checkout will cost, before the diner confirms: every fee, nothing added after. */
export const checkoutQuote = z.object({
  quote,
  totals: orderTotals,
  /** Delivery's minimum order, when this is a delivery; the order is refused below it. */
  minimumOrder: z.nullable(money),
  /** A subtotal from which delivery is free, when this is a delivery and it ever is. */
  freeDeliveryFrom: z.nullable(money),
  /** True when the lines can be ordered and the minimum (if any) is met. */
  orderable: z.boolean(),
})
export type CheckoutQuote = z.infer<typeof checkoutQuote>

export const quoteCheckout = defineEndpoint({
  method: 'POST',
  path: '/restaurants/:restaurantId/orders/quote',
  summary: 'Prices a checkout: lines, service charge, delivery fee and total',
  tags: ['orders'],
  params: z.object({ restaurantId }),
  body: z.object({
    type: orderType,
    lines: z.array(cartLine).check(z.maxLength(MAX_CART_LINES)),
  }),
  status: 200,
  response: checkoutQuote,
})

/** A time a delivery, pickup or pre-order can be booked for. */
export const slot = z.object({
  /** The slot's start as an instant. */
  at: z.string(),
  /** The start in the restaurant's timezone, `HH:MM`. */
  label: z.string(),
})
export type Slot = z.infer<typeof slot>

export const scheduledOrderType = z.enum(['delivery', 'pickup', 'preorder'])
export const calendarDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'A date is YYYY-MM-DD'))

export const slots = z.object({
  type: scheduledOrderType,
  timezone: z.string(),
  /**
   * The day these slots are on, in the restaurant's timezone. Hours past midnight belong to
   * the day they opened on: Friday 08:00–01:00 lists 00:30 under Friday.
   */
  date: calendarDate,
  /**
   * Days (restaurant timezone) that have at least one slot, from today up to 7 days ahead;
   * after midnight also yesterday, while its hours past midnight still have a slot.
   */
  days: z.array(calendarDate),
  /** Whether "as soon as possible" can be chosen now (the restaurant is open; never for pre-orders). */
  asap: z.boolean(),
  /** Minutes an ASAP order takes at least: the lead time. */
  leadTimeMinutes: z.int(),
  slots: z.array(slot),
})
export type Slots = z.infer<typeof slots>

export const getSlots = defineEndpoint({
  method: 'GET',
  path: '/restaurants/:restaurantId/slots',
  summary: 'Times a delivery, pickup or pre-order can be booked for on a day',
  tags: ['orders'],
  params: z.object({ restaurantId }),
  query: z.object({ type: scheduledOrderType, date: z.optional(calendarDate) }),
  status: 200,
  response: slots,
})

/** The table's bill: every order at the table, from every phone, paid and unpaid. */
export const billOrder = z.object({
  number: z.int(),
  /**
   * How many of each line (same index as `lines`) are paid for by item, or held by a payment
   * in progress: those cannot be chosen again.
   */
  paidQuantities: z.array(z.int()),
  /** What is paid of this order, or held by payments in progress. */
  paidAmount: money,
  status: orderStatus,
  placedAt: z.string(),
  lines: z.array(orderLine),
  totals: orderTotals,
  paymentMethod,
  paymentStatus,
  /** How it was actually paid so far (issue 28). */
  paidWith,
})
export type BillOrder = z.infer<typeof billOrder>

export const bill = z.object({
  sessionId: tableSessionId,
  table: tableRef,
  sessionStatus: z.enum(['open', 'closed']),
  currency: z.string(),
  orders: z.array(billOrder),
  totals: z.object({
    subtotal: billMoney,
    serviceCharge: billMoney,
    total: billMoney,
    paid: billMoney,
    /**
     * Being paid now: held by payments in progress. Not arrived, so still in `due`; not free to
     * pay again either.
     */
    pending: billMoney,
    /** What has not arrived yet: `total` less `paid` (issue 28: never less what is pending). */
    due: billMoney,
    /** What nobody is paying yet: `due` less `pending`; a new payment pays at most this. */
    free: billMoney,
    /** Tips paid at this table, on top of the total. */
    tips: billMoney,
  }),
  /**
   * How the bill is being split online: by `items`, or by `amounts` (equal shares). Once one
   * way has been used the other is closed, so nothing is paid twice; paying the rest of the
   * bill stays open either way.
   */
  splitBy: z.nullable(z.enum(['items', 'amounts'])),
  /** The waiter serving the table, who receives the tips; null when none is assigned. */
  waiter: z.nullable(z.object({ name: z.string() })),
})
export type Bill = z.infer<typeof bill>

export const getBill = defineEndpoint({
  method: 'GET',
  path: '/table-sessions/:sessionId/bill',
  summary: "The table session's bill: every order at the table, paid and unpaid",
  tags: ['tables'],
  params: z.object({ sessionId: tableSessionId }),
  status: 200,
  response: bill,
})

/** Private channel of one order: its status and payment (DESIGN §5). */
export const orderChannel = (id: string) => `private-order.${id}`
