import { describe, expect, it } from 'vitest'
import type { Bill, BillOrder } from '@tableside/contracts/orders'
import {
  billChoice,
  billChoiceAmount,
  billItems,
  initialBillChoice,
  maxTip,
  openModes,
  tipAmount,
  tipPresets,
} from './bill-payment-choice'

const line = (dishId: string, quantity: number, unitPrice: number) => ({
  dishId,
  name: { ru: dishId },
  quantity,
  modifiers: [],
  comment: null,
  unitPrice,
  lineTotal: unitPrice * quantity,
})

const order = (number: number, overrides: Partial<BillOrder> = {}): BillOrder => ({
  number,
  paidQuantities: [],
  paidAmount: 0,
  status: 'accepted',
  placedAt: '2026-05-20T12:00:00Z',
  lines: [line('borscht', 2, 45_000), line('kvass', 1, 15_000)],
  totals: {
    subtotal: 105_000,
    serviceCharge: 0,
    deliveryFee: 0,
    discount: 0,
    tip: 0,
    total: 105_000,
  },
  paymentMethod: 'cash',
  paymentStatus: 'unpaid',
  paidWith: [],
  ...overrides,
})

function billOf(orders: BillOrder[], overrides: Partial<Bill> = {}): Bill {
  const total = orders.reduce((sum, o) => sum + o.totals.total, 0)
  const paid = orders.reduce((sum, o) => sum + o.paidAmount, 0)
  return {
    sessionId: 'session',
    table: { code: 'T1', label: '1', zone: null },
    sessionStatus: 'open',
    currency: 'RUB',
    orders,
    totals: {
      subtotal: total,
      serviceCharge: 0,
      total,
      paid,
      pending: 0,
      due: total - paid,
      free: total - paid,
      tips: 0,
    },
    splitBy: null,
    waiter: null,
    ...overrides,
  }
}

describe('paying the bill', () => {
  const bill = billOf([order(1), order(2)])

  it('pays the rest, or an equal share rounded up', () => {
    expect(billChoiceAmount(bill, billChoice(bill, initialBillChoice))).toBe(210_000)
    const share = billChoice(bill, { ...initialBillChoice, mode: 'share', parts: 7 })
    expect(share).toEqual({ mode: 'share', parts: 7 })
    expect(billChoiceAmount(bill, share)).toBe(30_000)
  })

  it('splits what is still due, not the whole bill, once part of it is paid', () => {
    // Issue 14: 1 330 ₽ left of 2 110 ₽, split between two, is 665 ₽ each, not 1 055 ₽.
    const partlyPaid = billOf([
      order(1, {
        totals: { ...order(1).totals, subtotal: 78_000, total: 78_000 },
        paidAmount: 78_000,
      }),
      order(2, { totals: { ...order(2).totals, subtotal: 133_000, total: 133_000 } }),
    ])
    const share = billChoice(partlyPaid, { ...initialBillChoice, mode: 'share', parts: 2 })
    expect(billChoiceAmount(partlyPaid, share)).toBe(66_500)
    // Rounded up to the kopeck; the shares never come to less than what is due.
    const thirds = billChoice(partlyPaid, { ...initialBillChoice, mode: 'share', parts: 3 })
    expect(billChoiceAmount(partlyPaid, thirds)).toBe(44_334)
  })

  it('prices chosen items and skips what is taken', () => {
    const taken = billOf([order(1, { paidQuantities: [1, 0], paidAmount: 45_000 })])
    const items = billItems(taken)
    expect(items.map(({ key, free, taken: held }) => [key, free, held])).toEqual([
      ['1:0', 1, 1],
      ['1:1', 1, 0],
    ])
    const choice = billChoice(taken, { ...initialBillChoice, mode: 'items', items: { '1:0': 2 } })
    expect(choice).toEqual({ mode: 'items', items: [{ orderNumber: 1, line: 0, quantity: 1 }] })
    expect(billChoiceAmount(taken, choice)).toBe(45_000)
    expect(billChoice(taken, { ...initialBillChoice, mode: 'items' })).toBeUndefined()
  })

  it('closes the other way of splitting once one is used', () => {
    expect(openModes({ splitBy: null })).toEqual({ remaining: true, share: true, items: true })
    expect(openModes({ splitBy: 'items' }).share).toBe(false)
    expect(openModes({ splitBy: 'amounts' }).items).toBe(false)
  })

  it('tips by preset in whole roubles, and at most the amount', () => {
    expect(tipAmount({ kind: 'percent', percent: 10 }, 52_500)).toBe(5_300)
    expect(tipAmount({ kind: 'custom', amount: 20_000 }, 52_500)).toBe(20_000)
    expect(tipAmount({ kind: 'none' }, 52_500)).toBe(0)
    expect(maxTip(52_500)).toBe(52_500)
    expect(tipPresets([])).toEqual([5, 10, 15])
    expect(tipPresets([7])).toEqual([7])
  })
})
