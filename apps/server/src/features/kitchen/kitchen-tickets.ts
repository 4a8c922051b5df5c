import { KITCHEN_CANCELLED_SECONDS, type KitchenTicket } from '@tableside/contracts/kitchen'
import type { OrderLine, PaymentStatus, StatusChange } from '@tableside/contracts/orders'
import type { OrderType } from '@tableside/contracts/restaurants'
import type { OrderStatus } from '@tableside/contracts/order-status'
import type { TableRef } from '@tableside/contracts/table-sessions'

/** The ticket key's station part while the restaurant has no station at all ("Кухня"). */
export const DEFAULT_GROUP = 'kitchen'

export interface OpenOrder {
  id: string
  number: number
  type: OrderType
  status: OrderStatus
  paymentStatus: PaymentStatus
  tableRef: TableRef | null
  placedAt: Date
  scheduledFor: Date | null
  comment: string | null
  lines: OrderLine[]
  history: StatusChange[]
}

export interface StationMap {
  dishes: readonly { id: string; categoryId: string }[]
  categories: readonly { id: string; parentId: string | null }[]
  assignments: readonly { categoryId: string; stationId: string }[]
}

/**
 * The station that cooks each dish: its category's, else its nearest ancestor's, else the
 * restaurant's default station (`fallback`, its first: decision 0118); null only when the
 * restaurant has no station at all (decision 0070's default group, "Кухня").
 */
export function stationOfDish(
  { dishes, categories, assignments }: StationMap,
  fallback: string | null = null,
) {
  const parent = new Map(categories.map((category) => [category.id, category.parentId]))
  const assigned = new Map(assignments.map((row) => [row.categoryId, row.stationId]))
  const ofCategory = (id: string | null, depth = 0): string | null => {
    if (id === null || depth > 32) return null
    return assigned.get(id) ?? ofCategory(parent.get(id) ?? null, depth + 1)
  }
  const byDish = new Map(dishes.map((dish) => [dish.id, ofCategory(dish.categoryId)]))
  return (dishId: string) => byDish.get(dishId) ?? fallback
}

/** When a cancelled order was cancelled (its first cancelled step), else null. */
const cancelledAt = (order: Pick<OpenOrder, 'status' | 'history'>) =>
  order.status === 'cancelled'
    ? (order.history.find((step) => step.status === 'cancelled')?.at ?? null)
    : null

/**
 * The orders the board shows at `now`: those in the kitchen, and those cancelled there (they had
 * been accepted) less than KITCHEN_CANCELLED_SECONDS ago (issue 28, decision 0131).
 */
export function onTheBoard<Order extends Pick<OpenOrder, 'status' | 'history'>>(
  orders: readonly Order[],
  now: Date,
): Order[] {
  return orders.filter((order) => {
    if (order.status !== 'cancelled') return true
    const at = cancelledAt(order)
    if (at === null || !order.history.some((step) => step.status === 'accepted')) return false
    return Date.parse(at) + KITCHEN_CANCELLED_SECONDS * 1000 > now.getTime()
  })
}

/** When the kitchen got the order: its acceptance, else its placement. */
const acceptedAt = (order: OpenOrder) =>
  order.history.findLast((step) => step.status === 'accepted')?.at ?? order.placedAt.toISOString()

/**
 * When an order for later joins the live board (`leadMinutes` before it is due), and when its
 * ticket's timer starts: that moment, or its acceptance if later (decision 0118).
 */
function boardTimes(order: OpenOrder, leadMinutes: number) {
  const accepted = acceptedAt(order)
  if (order.scheduledFor === null) return { joinsAt: null, since: accepted }
  const joinsAt = new Date(order.scheduledFor.getTime() - leadMinutes * 60_000).toISOString()
  return { joinsAt, since: Date.parse(joinsAt) > Date.parse(accepted) ? joinsAt : accepted }
}

/**
 * One ticket per order and station, with that station's lines of the order, oldest order
 * first (then by number); stations follow their sort order, the default group last.
 */
export function buildTickets(
  orders: readonly OpenOrder[],
  bumps: readonly { orderId: string; lineIndex: number; bumpedAt: Date }[],
  stationOf: (dishId: string) => string | null,
  stationOrder: readonly string[],
  leadMinutes: number,
): KitchenTicket[] {
  const bumped = new Map(bumps.map((bump) => [`${bump.orderId}:${String(bump.lineIndex)}`, bump]))
  const rank = (stationId: string | null) =>
    stationId === null ? stationOrder.length : stationOrder.indexOf(stationId)
  const sorted = orders
    .map((order) => ({ order, ...boardTimes(order, leadMinutes) }))
    .sort((a, b) => a.since.localeCompare(b.since) || a.order.number - b.order.number)
  return sorted.flatMap(({ order, since, joinsAt }) => {
    const cancelled = cancelledAt(order)
    const groups = new Map<string | null, KitchenTicket['items']>()
    order.lines.forEach((line, index) => {
      const station = stationOf(line.dishId)
      const items = groups.get(station) ?? []
      items.push({
        line: index,
        name: line.name,
        quantity: line.quantity,
        modifiers: line.modifiers.map((modifier) => modifier.name),
        comment: line.comment,
        ...(line.refundedQuantity || line.compedQuantity
          ? { cancelled: (line.refundedQuantity ?? 0) + (line.compedQuantity ?? 0) }
          : {}),
        bumpedAt: bumped.get(`${order.id}:${String(index)}`)?.bumpedAt.toISOString() ?? null,
      })
      groups.set(station, items)
    })
    return [...groups.entries()]
      .sort(([a], [b]) => rank(a) - rank(b))
      .map(([stationId, items]) => ({
        key: `${order.id}:${stationId ?? DEFAULT_GROUP}`,
        orderId: order.id,
        orderNumber: order.number,
        orderType: order.type,
        status: order.status,
        paymentStatus: order.paymentStatus,
        stationId,
        table: order.tableRef && { code: order.tableRef.code, label: order.tableRef.label },
        since,
        scheduledFor: order.scheduledFor?.toISOString() ?? null,
        joinsAt,
        ...(cancelled === null
          ? {}
          : {
              leavesAt: new Date(
                Date.parse(cancelled) + KITCHEN_CANCELLED_SECONDS * 1000,
              ).toISOString(),
            }),
        comment: order.comment,
        items,
      }))
      .filter(
        // A cook took the cancelled order off: every dish bumped, one since the cancel.
        (ticket) =>
          cancelled === null ||
          !(
            ticket.items.every((item) => item.bumpedAt !== null) &&
            ticket.items.some(
              (item) =>
                item.bumpedAt !== null && Date.parse(item.bumpedAt) >= Date.parse(cancelled),
            )
          ),
      )
  })
}

/**
 * The live board and the "later" lane at `now`: an order for later waits until its `joinsAt`
 * (decision 0118). The live board stays oldest first; the lane is soonest due first.
 */
export function splitByNow(tickets: readonly KitchenTicket[], now: Date) {
  const isLater = (ticket: KitchenTicket) =>
    ticket.joinsAt !== null && Date.parse(ticket.joinsAt) > now.getTime()
  return {
    tickets: tickets.filter((ticket) => !isLater(ticket)),
    // A cancelled order for later never joins the board.
    later: tickets
      .filter((ticket) => isLater(ticket) && ticket.status !== 'cancelled')
      .sort(
        (a, b) => (a.joinsAt ?? '').localeCompare(b.joinsAt ?? '') || a.orderNumber - b.orderNumber,
      ),
  }
}
