import * as z from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { orderStatus } from './order-status'
import { orderId, paymentStatus } from './orders'
import type { RealtimeEvent } from './realtime-events'
import { orderType } from './restaurants'
import { localizedText } from './text'

/**
 * The kitchen display (issue 17, decisions 0070 and 0071): tickets of accepted and cooking
 * orders, one per order and station, whose dishes the kitchen bumps when they are done.
 */

/** `private-kitchen.{restaurantId}`: the restaurant's kitchen screens hear what moves a ticket. */
export const kitchenChannel = (restaurantId: string) => `private-kitchen.${restaurantId}`

/**
 * Something on the kitchen's screen changed (an order accepted, bumped, cancelled, its table
 * moved): refetch the tickets. It names the order, if one (a moved table names none).
 */
export const kitchenChanged = {
  name: 'kitchen.changed',
  data: z.object({ orderId: z.nullable(z.string()) }),
} as const satisfies RealtimeEvent

/** How long the last bump can be undone, even after it made the order ready. */
export const KITCHEN_UNDO_SECONDS = 30

/**
 * How long a cancelled order stays on the kitchen's board, struck through with «Заказ отменён»
 * (issue 28, decision 0131), unless a cook takes it off sooner with its header.
 */
export const KITCHEN_CANCELLED_SECONDS = 300

export const stationId = z.uuid('A station id is a uuid')

export const kitchenThresholds = z.object({
  /** A ticket older than this many minutes shows amber ("soon late"). */
  warnMinutes: z.int().check(z.minimum(1), z.maximum(600)),
  /** A ticket older than this many minutes shows red ("late"); more than `warnMinutes`. */
  lateMinutes: z.int().check(z.minimum(2), z.maximum(720)),
})
export type KitchenThresholds = z.infer<typeof kitchenThresholds>

export const DEFAULT_KITCHEN_THRESHOLDS: KitchenThresholds = { warnMinutes: 10, lateMinutes: 20 }

export const kitchenStation = z.object({ id: stationId, name: z.string() })
export type KitchenStation = z.infer<typeof kitchenStation>

export const ticketItem = z.object({
  /** The line's index in the order: what a bump names. */
  line: z.int(),
  name: localizedText,
  quantity: z.int(),
  modifiers: z.array(localizedText),
  comment: z.nullable(z.string()),
  bumpedAt: z.nullable(z.string()),
  /**
   * How many of it a refund or a comp took off the order (decision 0119): the kitchen strikes
   * them out, saying so, instead of the dish just vanishing.
   */
  cancelled: z.optional(z.int()),
})
export type TicketItem = z.infer<typeof ticketItem>

export const kitchenTicket = z.object({
  /** `{orderId}:{stationId or "kitchen"}`: stable while the ticket lives. */
  key: z.string(),
  orderId,
  orderNumber: z.int(),
  orderType,
  status: orderStatus,
  /**
   * Where the order's money is, as the waiter's floor says it: a restaurant that cooks prepaid
   * orders before payment sees one whose online payment is pending or failed (decision 0113).
   */
  paymentStatus,
  /**
   * The station that cooks these dishes: their category's, else the restaurant's default (its
   * first station). Null only while the restaurant has no station at all ("Кухня").
   */
  stationId: z.nullable(z.string()),
  table: z.nullable(z.object({ code: z.string(), label: z.string() })),
  /**
   * When the ticket joined the live board, and its timer counts from: the order's acceptance,
   * or for an order for later, `joinsAt` if that is after it.
   */
  since: z.string(),
  scheduledFor: z.nullable(z.string()),
  /**
   * An order for later: when it leaves the "later" lane for the live board, `scheduledFor` less
   * the restaurant's `kitchenLeadMinutes` (decision 0118). Null for an order wanted now.
   */
  joinsAt: z.nullable(z.string()),
  /**
   * A cancelled order (`status` cancelled) stays on the board, struck through, until then
   * (its cancel plus KITCHEN_CANCELLED_SECONDS), or until a cook takes it off by bumping it.
   */
  leavesAt: z.optional(z.string()),
  comment: z.nullable(z.string()),
  items: z.array(ticketItem),
})
export type KitchenTicket = z.infer<typeof kitchenTicket>

export const kitchenBoard = z.object({
  stations: z.array(kitchenStation),
  thresholds: kitchenThresholds,
  /** The live board, oldest first. */
  tickets: z.array(kitchenTicket),
  /**
   * Orders for later not due yet (their `joinsAt` after `now`), soonest first: no timer runs on
   * them. A screen moves each to the live board at its `joinsAt` by its own clock as well.
   */
  later: z.array(kitchenTicket),
  /** The server's clock, so a screen with a wrong clock still counts right. */
  now: z.string(),
})
export type KitchenBoard = z.infer<typeof kitchenBoard>

export const getKitchenBoard = defineEndpoint({
  method: 'GET',
  path: '/kitchen/tickets',
  summary: "The kitchen's open tickets by station, oldest first, with the timer thresholds",
  tags: ['kitchen'],
  status: 200,
  response: kitchenBoard,
})

export const bumpResult = z.object({
  /** What undo names; null when every line named was bumped already. */
  bumpId: z.nullable(z.string()),
  orderStatus,
})
export type BumpResult = z.infer<typeof bumpResult>

export const bumpLines = defineEndpoint({
  method: 'POST',
  path: '/kitchen/orders/:orderId/bumps',
  summary:
    'Bumps dishes of an order (one, or a whole ticket): the first moves it to cooking, the last to ready',
  tags: ['kitchen'],
  params: z.object({ orderId }),
  body: z.object({
    lines: z
      .array(z.int().check(z.minimum(0), z.maximum(499)))
      .check(z.minLength(1), z.maxLength(500)),
  }),
  status: 200,
  response: bumpResult,
})

export const undoBump = defineEndpoint({
  method: 'DELETE',
  path: '/kitchen/bumps/:bumpId',
  summary: `Undoes a bump within ${String(KITCHEN_UNDO_SECONDS)} s; a ready order goes back to cooking`,
  tags: ['kitchen'],
  params: z.object({ bumpId: z.uuid('A bump id is a uuid') }),
  status: 200,
  response: bumpResult,
})

export const unbumpLine = defineEndpoint({
  method: 'DELETE',
  path: '/kitchen/orders/:orderId/bumps/:line',
  summary: 'Un-bumps one dish of an order still in the kitchen',
  tags: ['kitchen'],
  params: z.object({
    orderId,
    // A line's index as the path has it; the server reads it as a number (no z.coerce, which
    // would join the diners' first load).
    line: z.string().check(z.regex(/^(?:\d|[1-9]\d|[1-4]\d\d)$/, 'A line is a number 0–499')),
  }),
  status: 200,
  response: bumpResult,
})

// The manager's side: stations and the categories they cook, and the timer's thresholds.

const stationName = z.string().check(z.trim(), z.minLength(1), z.maxLength(60))

export const adminStation = z.object({
  id: stationId,
  name: z.string(),
  sortOrder: z.int(),
  /** The menu categories this station cooks (their subcategories too, unless assigned). */
  categoryIds: z.array(z.string()),
})
export type AdminStation = z.infer<typeof adminStation>

export const adminStations = z.object({
  stations: z.array(adminStation),
  thresholds: kitchenThresholds,
})

export const listStations = defineEndpoint({
  method: 'GET',
  path: '/admin/stations',
  summary: "The restaurant's kitchen stations, their categories and the timer thresholds",
  tags: ['admin'],
  status: 200,
  response: adminStations,
})

export const createStation = defineEndpoint({
  method: 'POST',
  path: '/admin/stations',
  summary: 'Adds a kitchen station',
  tags: ['admin'],
  body: z.object({
    name: stationName,
    sortOrder: z.optional(z.int().check(z.minimum(0), z.maximum(1000))),
    categoryIds: z.optional(z.array(z.string().check(z.maxLength(64))).check(z.maxLength(500))),
  }),
  status: 201,
  response: adminStation,
})

export const updateStation = defineEndpoint({
  method: 'PATCH',
  path: '/admin/stations/:stationId',
  summary:
    'Renames a station, moves it, sets the categories it cooks (`categoryIds`, the whole list) or gives it some more (`addCategoryIds`, each leaving the station that had it)',
  tags: ['admin'],
  params: z.object({ stationId }),
  body: z.object({
    name: z.optional(stationName),
    sortOrder: z.optional(z.int().check(z.minimum(0), z.maximum(1000))),
    categoryIds: z.optional(z.array(z.string().check(z.maxLength(64))).check(z.maxLength(500))),
    // Decision 0127: a category's form adds it without sending (and racing on) the whole list.
    addCategoryIds: z.optional(z.array(z.string().check(z.maxLength(64))).check(z.maxLength(500))),
  }),
  status: 200,
  response: adminStation,
})

export const deleteStation = defineEndpoint({
  method: 'DELETE',
  path: '/admin/stations/:stationId',
  summary: "Removes a station: its categories' dishes go to the default group",
  tags: ['admin'],
  params: z.object({ stationId }),
  status: 200,
  response: z.object({ deleted: z.boolean() }),
})

export const updateKitchenThresholds = defineEndpoint({
  method: 'PUT',
  path: '/admin/stations/thresholds',
  summary: 'Sets the minutes at which kitchen tickets turn amber and red',
  tags: ['admin'],
  body: kitchenThresholds,
  status: 200,
  response: kitchenThresholds,
})
