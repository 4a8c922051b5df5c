import { statusTimeline, type OrderStatus } from '@tableside/contracts/order-status'
import type { Order } from '@tableside/contracts/orders'

export type StepState = 'done' | 'current' | 'upcoming' | 'cancelled'

export interface TimelineStep {
  status: OrderStatus
  state: StepState
  /** When the order reached this step; null for a step still ahead. */
  at: string | null
}

/**
 * The steps a diner sees for an order: its type's timeline with the steps behind it done (with
 * their times), the one it is at now, and those still ahead. A cancelled order keeps the steps
 * it reached and ends with the cancellation; nothing is shown ahead of it.
 */
export function orderTimeline({
  type,
  status,
  history,
}: Pick<Order, 'type' | 'status' | 'history'>): TimelineStep[] {
  const reached = new Map<OrderStatus, string>()
  // Refund entries say when money went back, not when the order reached a step.
  for (const change of history) if (!change.refund) reached.set(change.status, change.at)
  const steps = statusTimeline(type)
  if (status === 'cancelled') {
    return [
      ...steps
        .filter((step) => reached.has(step))
        .map((step) => ({ status: step, state: 'done' as const, at: reached.get(step) ?? null })),
      { status, state: 'cancelled', at: reached.get(status) ?? null },
    ]
  }
  const now = steps.indexOf(status)
  return steps.map((step, index) => ({
    status: step,
    state: index < now ? 'done' : index === now ? 'current' : 'upcoming',
    at: index <= now ? (reached.get(step) ?? null) : null,
  }))
}
