import type { KitchenTicket } from '@tableside/contracts/kitchen'
import type { OrderLine, PaymentStatus, StatusChange } from '@tableside/contracts/orders'
import type { OrderType } from '@tableside/contracts/restaurants'
import type { OrderStatus } from '@tableside/contracts/order-status'
import type { TableRef } from '@tableside/contracts/table-sessions'

/** The ticket key's station part for dishes whose category has no station ("Кухня"). */
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
 * The station that cooks each dish: its category's, else its nearest ancestor's; a dish with
 * none (or no longer on the menu) is cooked in the default group (decision 0070).
 */
export function stationOfDish({ dishes, categories, assignments }: StationMap) {
  const parent = new Map(categories.map((category) => [category.id, category.parentId]))
  const assigned = new Map(assignments.map((row) => [row.categoryId, row.stationId]))
  const ofCategory = (id: string | null, depth = 0): string | null => {
    if (id === null || depth > 32) return null
    return assigned.get(id) ?? ofCategory(parent.get(id) ?? null, depth + 1)
  }
  const byDish = new Map(dishes.map((dish) => [dish.id, ofCategory(dish.categoryId)]))
  return (dishId: string) => byDish.get(dishId) ?? null
}

/** When the kitchen got the order: its acceptance, else its placement. */
const acceptedAt = (order: OpenOrder) =>
  order.history.findLast((step) => step.status === 'accepted')?.at ?? order.placedAt.toISOString()

/**
 * One ticket per order and station, with that station's lines of the order, oldest order
 * first (then by number); stations follow their sort order, the default group last.
 */
export function buildTickets(
  orders: readonly OpenOrder[],
  bumps: readonly { orderId: string; lineIndex: number; bumpedAt: Date }[],
  stationOf: (dishId: string) => string | null,
  stationOrder: readonly string[],
): KitchenTicket[] {
  const bumped = new Map(bumps.map((bump) => [`${bump.orderId}:${String(bump.lineIndex)}`, bump]))
  const rank = (stationId: string | null) =>
    stationId === null ? stationOrder.length : stationOrder.indexOf(stationId)
  const sorted = orders
    .map((order) => ({ order, since: acceptedAt(order) }))
    .sort((a, b) => a.since.localeCompare(b.since) || a.order.number - b.order.number)
  return sorted.flatMap(({ order, since }) => {
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
        comment: order.comment,
        items,
      }))
  })
}
