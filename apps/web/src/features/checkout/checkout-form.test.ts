import { describe, expect, it } from 'vitest'
import {
  ASAP,
  NO_TIME,
  checkoutProblems,
  firstProblemField,
  problemLineIndexes,
  serverFieldProblems,
  toPlaceOrderBody,
  type CheckoutValues,
} from './checkout-form'
import { initialOrderType } from './order-types'
import { offeredPaymentMethods } from './payment-methods'

const values: CheckoutValues = {
  name: ' Анна ',
  phone: '+7 (912) 345-67-89',
  street: 'Покровка',
  house: '17',
  apartment: '5',
  entrance: '',
  floor: ' ',
  intercom: '',
  when: ASAP,
  guests: 2,
  comment: '',
  paymentMethod: 'cash',
}
const lines = [{ dishId: 'borscht', quantity: 1, optionIds: [] }]
const open = { asapAllowed: true, offeredSlots: null }

describe('checkout form', () => {
  it('builds a delivery as the API takes it: trimmed, phone as +7 and digits, empty parts left out', () => {
    expect(
      toPlaceOrderBody({
        type: 'delivery',
        lines,
        values,
        tableSessionId: null,
        expectedTotal: 68900,
      }),
    ).toEqual({
      type: 'delivery',
      lines,
      paymentMethod: 'cash',
      expectedTotal: 68900,
      contact: { name: 'Анна', phone: '+79123456789' },
      address: { street: 'Покровка', house: '17', apartment: '5' },
      scheduledFor: null,
    })
  })

  it('an order to the table carries the session and no contact', () => {
    const body = toPlaceOrderBody({
      type: 'dine_in',
      lines,
      values,
      tableSessionId: 'abc',
      expectedTotal: 1,
    })
    expect(body.tableSessionId).toBe('abc')
    expect(body.contact).toBeUndefined()
    expect(body.scheduledFor).toBeUndefined()
  })

  it('finds every missing field, first in the order of the form', () => {
    const empty = { ...values, name: '', phone: '+7 (912', street: '', house: '', when: ASAP }
    const problems = checkoutProblems('delivery', empty, { asapAllowed: false, offeredSlots: [] })
    expect(Object.keys(problems)).toEqual(['name', 'phone', 'street', 'house', 'when'])
    expect(firstProblemField(problems)).toBe('name')
    expect(checkoutProblems('pickup', values, open)).toEqual({})
    expect(checkoutProblems('preorder', values, open).when).toEqual({ key: 'whenRequired' })
    expect(
      checkoutProblems(
        'pickup',
        { ...values, when: '2026-01-01T10:00:00.000Z' },
        { asapAllowed: true, offeredSlots: [] },
      ).when,
    ).toEqual({ key: 'whenRequired' })
  })

  it('asks for a time when none is chosen, even when the times on offer are not known', () => {
    const noTime = { ...values, when: NO_TIME }
    expect(checkoutProblems('pickup', noTime, open)).toEqual({ when: { key: 'whenRequired' } })
    expect(
      checkoutProblems('delivery', noTime, {
        asapAllowed: true,
        offeredSlots: ['2026-11-25T06:00:00.000Z'],
      }),
    ).toEqual({ when: { key: 'whenRequired' } })
  })

  it("puts the server's field errors beside the fields and names the refused lines", () => {
    const fields = [
      { path: 'body.contact.phone', message: 'Enter the phone as +7 and 10 digits' },
      { path: 'body.lines.1', message: 'Sold out' },
    ]
    expect(serverFieldProblems(fields)).toEqual({
      phone: { text: 'Enter the phone as +7 and 10 digits' },
    })
    expect(problemLineIndexes(fields)).toEqual([1])
  })

  it('offers card and SBP only while the restaurant takes payments online', () => {
    const paymentMethods = ['card' as const, 'cash' as const, 'sbp' as const]
    expect(offeredPaymentMethods({ settings: { paymentMethods, onlinePayment: true } })).toEqual([
      'card',
      'cash',
      'sbp',
    ])
    expect(offeredPaymentMethods({ settings: { paymentMethods, onlinePayment: false } })).toEqual([
      'cash',
    ])
  })

  it('opens on the asked type, else the table, else the only choice', () => {
    const all = ['dine_in', 'delivery', 'pickup', 'preorder'] as const
    expect(initialOrderType(all, 'pickup', true)).toBe('pickup')
    expect(initialOrderType(all, null, true)).toBe('dine_in')
    expect(initialOrderType(all, 'dine_in', false)).toBeNull()
    expect(initialOrderType(['dine_in', 'pickup'], null, false)).toBe('pickup')
  })
})
