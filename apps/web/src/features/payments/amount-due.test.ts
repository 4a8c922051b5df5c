import { describe, expect, it } from 'vitest'
import { amountDue } from './amount-due'

const totals = {
  subtotal: 2000,
  serviceCharge: 200,
  deliveryFee: 0,
  discount: 0,
  tip: 0,
  total: 2200,
}

describe('amountDue', () => {
  it('is the whole total while nothing is paid', () => {
    expect(amountDue({ totals, paidAmount: 0 })).toBe(2200)
  })

  it('is what remains after part was paid through the bill', () => {
    expect(amountDue({ totals, paidAmount: 1500 })).toBe(700)
  })

  it('is nothing once the order is paid, even if more came in than was due', () => {
    expect(amountDue({ totals, paidAmount: 2200 })).toBe(0)
    expect(amountDue({ totals, paidAmount: 2500 })).toBe(0)
  })
})
