import type { OrderLine } from '@tableside/contracts/orders'
import { describe, expect, it } from 'vitest'
import {
  apportion,
  buildRefundReceipt,
  buildSellReceipt,
  itemsOf,
  type ReceiptOrder,
  type ReceiptSeller,
} from './receipt-builder'

const line = (dishId: string, name: string, unitPrice: number, quantity: number): OrderLine => ({
  dishId,
  name: { ru: name },
  quantity,
  modifiers: [],
  comment: null,
  unitPrice,
  lineTotal: unitPrice * quantity,
})

const seller: ReceiptSeller = {
  taxSystem: 'osn',
  vatRate: 'vat22',
  vatOfDish: (dishId) => (dishId === 'wine' ? 'vat20' : undefined),
}

const order: ReceiptOrder = {
  id: 'o1',
  number: 7,
  type: 'dine_in',
  status: 'served',
  lines: [line('soup', 'Борщ', 45_000, 2), line('wine', 'Вино', 70_000, 1)],
  serviceCharge: 16_000,
  deliveryFee: 0,
}
const orders = new Map([[order.id, order]])
const sum = (items: readonly { sum: number }[]) => items.reduce((a, b) => a + b.sum, 0)

describe('the receipt of a payment', () => {
  it('names each dish with its own VAT rate, the service charge and the tip, adding up to what was paid', () => {
    const receipt = buildSellReceipt({
      seller,
      customer: { email: 'guest@example.ru' },
      payment: {
        amount: 176_000 + 10_000,
        tip: 10_000,
        currency: 'RUB',
        allocations: [{ orderId: 'o1', amount: 176_000, lines: [] }],
      },
      orders,
    })
    expect(receipt.items).toEqual([
      {
        name: 'Борщ',
        price: 45_000,
        quantity: 2,
        sum: 90_000,
        vat: 'vat22',
        subject: 'commodity',
        mode: 'full_payment',
      },
      {
        name: 'Вино',
        price: 70_000,
        quantity: 1,
        sum: 70_000,
        vat: 'vat20',
        subject: 'commodity',
        mode: 'full_payment',
      },
      {
        name: 'Сервисный сбор',
        price: 16_000,
        quantity: 1,
        sum: 16_000,
        vat: 'vat22',
        subject: 'service',
        mode: 'full_payment',
      },
      {
        name: 'Чаевые',
        price: 10_000,
        quantity: 1,
        sum: 10_000,
        vat: 'vat22',
        subject: 'another',
        mode: 'full_payment',
      },
    ])
    expect(receipt.total).toBe(186_000)
    expect(receipt.taxSystem).toBe('osn')
  })

  it('lowers the prices by the points spent: the items come to the money alone', () => {
    const receipt = buildSellReceipt({
      seller,
      customer: { phone: '+79161234567' },
      payment: {
        amount: 176_000 - 30_000,
        tip: 0,
        currency: 'RUB',
        allocations: [{ orderId: 'o1', amount: 176_000, lines: [], points: 300 }],
      },
      orders,
    })
    expect(sum(receipt.items)).toBe(146_000)
    expect(receipt.total).toBe(146_000)
    for (const item of receipt.items) expect(item.price * item.quantity).toBe(item.sum)
  })

  it('a third of the bill names every line at a third of its price, exactly', () => {
    const third = 58_667
    const receipt = buildSellReceipt({
      seller,
      customer: { email: 'a@b.ru' },
      payment: {
        amount: third,
        tip: 0,
        currency: 'RUB',
        allocations: [{ orderId: 'o1', amount: third, lines: [] }],
      },
      orders,
    })
    expect(receipt.total).toBe(third)
    for (const item of receipt.items) expect(item.price * item.quantity).toBe(item.sum)
    expect(new Set(receipt.items.map((item) => item.name))).toEqual(
      new Set(['Борщ', 'Вино', 'Сервисный сбор']),
    )
  })

  it('a delivery paid before it comes is a prepayment', () => {
    const receipt = buildSellReceipt({
      seller,
      customer: { email: 'a@b.ru' },
      payment: {
        amount: 45_000 + 20_000,
        tip: 0,
        currency: 'RUB',
        allocations: [{ orderId: 'd', amount: 65_000, lines: [] }],
      },
      orders: new Map([
        [
          'd',
          {
            ...order,
            id: 'd',
            type: 'delivery' as const,
            status: 'placed',
            lines: [line('soup', 'Борщ', 45_000, 1)],
            serviceCharge: 0,
            deliveryFee: 20_000,
          },
        ],
      ]),
    })
    expect(receipt.items.map((item) => [item.name, item.mode, item.sum])).toEqual([
      ['Борщ', 'full_prepayment', 45_000],
      ['Доставка', 'full_prepayment', 20_000],
    ])
  })

  it('refuses to build a receipt that does not add up to the payment', () => {
    expect(() =>
      buildSellReceipt({
        seller,
        customer: { email: 'a@b.ru' },
        payment: {
          amount: 999,
          tip: 0,
          currency: 'RUB',
          allocations: [{ orderId: 'o1', amount: 1_000, lines: [] }],
        },
        orders,
      }),
    ).toThrow(/come to 1000/)
  })
})

describe('the receipt of a refund', () => {
  const sold = buildSellReceipt({
    seller,
    customer: { email: 'guest@example.ru' },
    payment: {
      amount: 186_000,
      tip: 10_000,
      currency: 'RUB',
      allocations: [{ orderId: 'o1', amount: 176_000, lines: [] }],
    },
    orders,
  })

  it('one dish refunded names that dish, for exactly the refund', () => {
    const receipt = buildRefundReceipt({
      seller,
      customer: { email: 'guest@example.ru' },
      refund: { amount: 45_000, kind: 'part', lines: [{ line: 0, quantity: 1 }] },
      currency: 'RUB',
      sold,
      order,
    })
    expect(receipt.kind).toBe('sell_refund')
    expect(receipt.items).toEqual([
      {
        name: 'Борщ',
        price: 45_000,
        quantity: 1,
        sum: 45_000,
        vat: 'vat22',
        subject: 'commodity',
        mode: 'full_payment',
      },
    ])
    expect(receipt.total).toBe(45_000)
  })

  it('an amount refunded is shared over what was sold, the tip apart, and comes to the amount', () => {
    const receipt = buildRefundReceipt({
      seller,
      customer: { email: 'guest@example.ru' },
      refund: { amount: 10_001, kind: 'part', lines: [] },
      currency: 'RUB',
      sold,
      order,
    })
    expect(receipt.total).toBe(10_001)
    expect(receipt.items.some((item) => item.name === 'Чаевые')).toBe(false)
    for (const item of receipt.items) expect(item.price * item.quantity).toBe(item.sum)
  })

  it('a tip refunded is the tip line', () => {
    const receipt = buildRefundReceipt({
      seller,
      customer: { email: 'guest@example.ru' },
      refund: { amount: 4_000, kind: 'tip', lines: [] },
      currency: 'RUB',
      sold,
      order,
    })
    expect(receipt.items.map((item) => [item.name, item.sum])).toEqual([['Чаевые', 4_000]])
  })
})

describe('sharing money exactly', () => {
  it('apportions by the largest remainder, adding up to the total', () => {
    expect(apportion([1, 1, 1], 100)).toEqual([34, 33, 33])
    expect(apportion([0, 0], 5)).toEqual([5, 0])
    expect(apportion([90_000, 70_000, 16_000], 58_667).reduce((a, b) => a + b)).toBe(58_667)
  })

  it('splits an item whose sum does not divide by its quantity into two exact ones', () => {
    const items = itemsOf(
      { name: 'Борщ', quantity: 3, vat: 'vat22', subject: 'commodity', mode: 'full_payment' },
      1_001,
    )
    expect(items.map((item) => [item.price, item.quantity, item.sum])).toEqual([
      [333, 2, 666],
      [335, 1, 335],
    ])
  })
})
