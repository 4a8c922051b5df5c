import * as z from 'zod/mini'
import type { OrderType } from './restaurants'

/**
 * An order's life: `placed → accepted → cooking → ready → served | out_for_delivery →
 * completed`, or `cancelled`. The server moves it along one transition table (`nextStatuses`).
 */
export const orderStatus = z.enum([
  'placed',
  'accepted',
  'cooking',
  'ready',
  'served',
  'out_for_delivery',
  'completed',
  'cancelled',
])
export type OrderStatus = z.infer<typeof orderStatus>

const afterReady: Record<OrderType, readonly OrderStatus[]> = {
  dine_in: ['served'],
  preorder: ['served'],
  delivery: ['out_for_delivery'],
  // A pickup order is handed over at the counter: that completes it.
  pickup: ['completed'],
}

/** The statuses an order of this type may move to next; the one transition table. */
export function nextStatuses(type: OrderType, status: OrderStatus): readonly OrderStatus[] {
  switch (status) {
    case 'placed':
      return ['accepted', 'cancelled']
    case 'accepted':
      return ['cooking', 'cancelled']
    case 'cooking':
      return ['ready', 'cancelled']
    case 'ready':
      return afterReady[type]
    case 'served':
    case 'out_for_delivery':
      return ['completed']
    case 'completed':
    case 'cancelled':
      return []
  }
}

/** The steps a diner sees on the order's timeline, in order, for this type of order. */
export function statusTimeline(type: OrderType): readonly OrderStatus[] {
  switch (type) {
    case 'dine_in':
    case 'preorder':
      return ['placed', 'accepted', 'cooking', 'ready', 'served', 'completed']
    case 'delivery':
      return ['placed', 'accepted', 'cooking', 'ready', 'out_for_delivery', 'completed']
    case 'pickup':
      return ['placed', 'accepted', 'cooking', 'ready', 'completed']
  }
}

/** A diner may cancel only an order nobody has accepted yet. */
export const DINER_CANCELLABLE: readonly OrderStatus[] = ['placed']

export const isFinalStatus = (status: OrderStatus) =>
  status === 'completed' || status === 'cancelled'
