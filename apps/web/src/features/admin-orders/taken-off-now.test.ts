import { describe, expect, it } from 'vitest'
import type { OrderPaymentDetail, OrderRefund } from '@tableside/contracts/refunds'
import { takenOffNow } from './taken-off-now'

const refund = (row: Partial<OrderRefund>): OrderRefund => ({
  id: 'r1',
  actionId: 'a1',
  kind: 'part',
  way: 'online',
  paymentId: 'p1',
  lines: [],
  amount: 500_00,
  takenOff: 500_00,
  pointsReturned: 0,
  pointsTakenBack: 0,
  state: 'done',
  providerRefundId: null,
  reason: 'Cold soup',
  actor: { kind: 'manager', name: 'Anna' },
  waiter: null,
  createdAt: '2026-11-30T10:00:00Z',
  completedAt: null,
  ...row,
})

const payment = (points: number): OrderPaymentDetail => ({
  id: 'p1',
  method: 'card',
  status: 'succeeded',
  amount: 1000_00,
  forOrder: 1000_00,
  tip: 0,
  tipRefunded: 0,
  waiter: null,
  refunded: 0,
  points,
  createdAt: '2026-11-30T09:00:00Z',
})

describe('takenOffNow', () => {
  it('counts what refunds and comps took off the price', () => {
    const refunds = [refund({}), refund({ id: 'r2', actionId: 'a2', kind: 'comp', way: 'none' })]
    expect(takenOffNow({ payments: [payment(0)], refunds })).toBe(1000_00)
  })

  it('puts back the whole action once the bank refused every online refund of it', () => {
    const refunds = [refund({ state: 'failed' }), refund({ id: 'r2', kind: 'tip', takenOff: 0 })]
    expect(takenOffNow({ payments: [payment(0)], refunds: refunds.slice(0, 1) })).toBe(0)
    // A tip refund in the same action keeps the action; only the refused money comes back.
    expect(takenOffNow({ payments: [payment(0)], refunds })).toBe(0)
  })

  it('puts back only the refused money where cash went back with it or points paid the order', () => {
    const refused = refund({ state: 'failed', takenOff: 600_00 })
    const cash = refund({ id: 'r2', way: 'cash', amount: 100_00, takenOff: 100_00 })
    expect(takenOffNow({ payments: [payment(0)], refunds: [refused, cash] })).toBe(200_00)
    expect(takenOffNow({ payments: [payment(300)], refunds: [refused] })).toBe(100_00)
  })
})
