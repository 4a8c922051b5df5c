import { describe, expect, it } from 'vitest'
import { orderRefund } from './order-refund'

const at = '2026-01-01T12:00:00.000Z'

describe('orderRefund', () => {
  it('is null for an order nothing was given back of', () => {
    expect(orderRefund([{ status: 'placed', at }])).toBeNull()
  })

  it('is in progress until every refund started is done', () => {
    const started = [
      { status: 'cancelled' as const, at },
      { status: 'cancelled' as const, at, refund: { amount: 500, state: 'in_progress' as const } },
      { status: 'cancelled' as const, at, refund: { amount: 300, state: 'in_progress' as const } },
    ]
    expect(orderRefund(started)).toEqual({ amount: 800, state: 'in_progress' })
    const oneDone = [
      ...started,
      { status: 'cancelled' as const, at, refund: { amount: 500, state: 'done' as const } },
    ]
    expect(orderRefund(oneDone)).toEqual({ amount: 800, state: 'in_progress' })
    const allDone = [
      ...oneDone,
      { status: 'cancelled' as const, at, refund: { amount: 300, state: 'done' as const } },
    ]
    expect(orderRefund(allDone)).toEqual({ amount: 800, state: 'done' })
  })
})
