import { describe, expect, it } from 'vitest'
import { orderTimeline } from './order-timeline'

const at = (minute: number) => `2026-05-01T12:${String(minute).padStart(2, '0')}:00.000Z`

describe('orderTimeline', () => {
  it('marks the steps behind a cooking dine-in order done with their times, and the rest ahead', () => {
    const steps = orderTimeline({
      type: 'dine_in',
      status: 'cooking',
      history: [
        { status: 'placed', at: at(0) },
        { status: 'accepted', at: at(2) },
        { status: 'cooking', at: at(5) },
      ],
    })
    expect(steps).toEqual([
      { status: 'placed', state: 'done', at: at(0) },
      { status: 'accepted', state: 'done', at: at(2) },
      { status: 'cooking', state: 'current', at: at(5) },
      { status: 'ready', state: 'upcoming', at: null },
      { status: 'served', state: 'upcoming', at: null },
      { status: 'completed', state: 'upcoming', at: null },
    ])
  })

  it('follows the order type: delivery goes out for delivery, pickup has no serving', () => {
    const placed = [{ status: 'placed' as const, at: at(0) }]
    const delivery = orderTimeline({ type: 'delivery', status: 'placed', history: placed })
    expect(delivery.map((step) => step.status)).toContain('out_for_delivery')
    const pickup = orderTimeline({ type: 'pickup', status: 'placed', history: placed })
    expect(pickup.map((step) => step.status)).toEqual([
      'placed',
      'accepted',
      'cooking',
      'ready',
      'completed',
    ])
  })

  it('ends a cancelled order with the cancellation and shows nothing ahead of it', () => {
    const steps = orderTimeline({
      type: 'dine_in',
      status: 'cancelled',
      history: [
        { status: 'placed', at: at(0) },
        { status: 'cancelled', at: at(1) },
      ],
    })
    expect(steps).toEqual([
      { status: 'placed', state: 'done', at: at(0) },
      { status: 'cancelled', state: 'cancelled', at: at(1) },
    ])
  })
})
