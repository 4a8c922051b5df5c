import { describe, expect, it } from 'vitest'
import { orderRefund, orderRefundReasons } from './order-refund'

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

  it('says a refused refund failed until it is asked again, and counts it once then (decision 0139)', () => {
    const step = (amount: number, state: 'in_progress' | 'done' | 'failed', again = false) => ({
      status: 'completed' as const,
      at,
      refund: { amount, state, ...(again ? { again: true as const } : {}) },
    })
    const refused = [step(500, 'in_progress'), step(300, 'in_progress'), step(500, 'failed')]
    expect(orderRefund(refused)).toEqual({ amount: 500, state: 'failed' })
    // The other refund goes on; the refused one is still what the diner must hear of.
    expect(orderRefund([...refused, step(300, 'done')])).toEqual({ amount: 500, state: 'failed' })
    const again = [...refused, step(300, 'done'), step(500, 'in_progress', true)]
    expect(orderRefund(again)).toEqual({ amount: 800, state: 'in_progress' })
    expect(orderRefund([...again, step(500, 'done')])).toEqual({ amount: 800, state: 'done' })
    // Refused again after the retry: failed once more, for its amount only.
    expect(orderRefund([...again, step(500, 'failed')])).toEqual({ amount: 500, state: 'failed' })
  })

  it('leaves a refused refund out of the reasons until it is asked again', () => {
    const said = { kind: 'part' as const, reason: 'Остыло' }
    const step = (state: 'in_progress' | 'done' | 'failed', again = false) => ({
      status: 'completed' as const,
      at,
      refund: { amount: 500, state, ...said, ...(again ? { again: true as const } : {}) },
    })
    const asked = [
      { ...step('in_progress'), refund: { ...step('in_progress').refund, takenOff: 500 } },
    ]
    const reason = { kind: 'part', amount: 500, takenOff: 500, reason: 'Остыло' }
    expect(orderRefundReasons(asked)).toEqual([reason])
    const refused = [...asked, step('failed')]
    expect(orderRefundReasons(refused)).toEqual([])
    expect(orderRefundReasons([...refused, step('in_progress', true)])).toEqual([reason])
    expect(orderRefundReasons([...refused, step('in_progress', true), step('done')])).toEqual([
      reason,
    ])
  })
})
