import { orderChannel, type Order, type OrderSummary } from '@tableside/contracts/orders'
import type { ReorderQuote } from '@tableside/contracts/reorder'
import { billUpdated, orderPlaced, orderUpdated } from '@tableside/contracts/table-events'
import { tableChannel } from '@tableside/contracts/table-sessions'
import { notFound } from '../../http/http-error'
import { publishEvent } from '../realtime/publish-event'
import { orderUpdatedData } from './order-events'
import { createOrderPlacement } from './order-placement'
import { ORDER_PLACED, type OrderPlacedEntry, type OrderRow } from './order-repository'
import {
  createOrderServiceContext,
  UNKNOWN_ORDER,
  UNKNOWN_RESTAURANT,
  type OrderServiceDeps,
} from './order-service-context'
import { createOrderStatusChanges } from './order-status-changes'
import { toOrderSummary } from './order-view'
import { quoteReorder } from './reorder-quote'
import { createWaiterCash } from './waiter-cash'

// The service's own types and rules, published with it (eslint.config.js), wherever they live.
export { UNKNOWN_ORDER } from './order-service-context'
export type { ActingWaiter, OrderServiceDeps, SlotCheck } from './order-service-context'
export { acceptsPaymentMethod } from './placement-checks'
export type { PlacedOrder } from './order-placement'

/**
 * Orders: placed once per idempotency key, priced by the server, moved along one transition
 * table, paid in cash to a waiter; the parts are composed here, with what reads an order.
 */
export function createOrderService(deps: OrderServiceDeps) {
  const context = createOrderServiceContext(deps)
  const { repository, restaurantOf } = context
  const { menus, broadcaster } = deps

  const announce = async (row: OrderRow) => {
    const channels = [orderChannel(row.id)]
    await publishEvent(broadcaster, channels, orderUpdated, orderUpdatedData(row))
    if (row.tableSessionId) {
      await publishEvent(broadcaster, tableChannel(row.tableSessionId), billUpdated, {
        sessionId: row.tableSessionId,
      })
    }
  }

  const tellPlaced = async (row: OrderRow, waiterChannels: readonly string[]) => {
    await announce(row)
    if (waiterChannels.length > 0) {
      await publishEvent(broadcaster, waiterChannels, orderPlaced, {
        id: row.id,
        number: row.number,
        type: row.type,
        tableLabel: row.tableRef?.label ?? null,
      })
    }
  }

  // A placed order's entry tells of the order as its statement inserted it when this node
  // placed it (its first delivery), else as it is when delivered (read ahead with the others of
  // its batch): a later change has its own entry, delivered after this one.
  let readAhead = new Map<string, OrderRow>()
  deps.outbox.handle(
    ORDER_PLACED,
    async (payload) => {
      const { orderId, waiterChannels } = payload as OrderPlacedEntry
      const row = readAhead.get(orderId) ?? (await repository.find(orderId))
      readAhead.delete(orderId)
      if (!row) throw new Error(`The placed order ${orderId} is not in the database`)
      await tellPlaced(row, waiterChannels)
    },
    async (payloads) => {
      readAhead = new Map()
      const unread: string[] = []
      for (const payload of payloads) {
        const { orderId } = payload as OrderPlacedEntry
        // An order this node has just placed is told as its statement inserted it, unread.
        const row = repository.takePlaced(orderId)
        if (row) readAhead.set(orderId, row)
        else unread.push(orderId)
      }
      for (const row of await repository.findMany(unread)) readAhead.set(row.id, row)
    },
  )

  return {
    ...createOrderPlacement(context),
    ...createOrderStatusChanges(context),
    ...createWaiterCash(context),

    /**
     * A past order of this restaurant priced against today's menu ("Order again"): its id is
     * the capability, as for reading it; another restaurant's order is not found here.
     */
    async reorderQuote(restaurantId: string, id: string): Promise<ReorderQuote> {
      const row = await repository.find(id)
      if (row?.restaurantId !== restaurantId) throw notFound(UNKNOWN_ORDER)
      const restaurant = await restaurantOf(restaurantId)
      const snapshot = await menus.get(restaurantId)
      if (!snapshot) throw notFound(UNKNOWN_RESTAURANT)
      return quoteReorder(await context.view(row), snapshot, restaurant.settings)
    },

    async get(id: string): Promise<Order> {
      const row = await repository.find(id)
      if (!row) throw notFound(UNKNOWN_ORDER)
      return context.view(row)
    },

    async lookup(restaurantId: string, ids: readonly string[]): Promise<OrderSummary[]> {
      const rows = await repository.lookup(restaurantId, [...new Set(ids)])
      // How each was actually paid (issue 28, decision 0140): the list says it as the order does.
      const ways = await deps.paidWith(rows)
      return rows.map((row) => toOrderSummary(row, ways.get(row.id) ?? []))
    },

    /** Whether an order with this id exists (for its realtime channel). */
    async exists(id: string): Promise<boolean> {
      return (await repository.find(id)) !== undefined
    },
  }
}

export type OrderService = ReturnType<typeof createOrderService>
