import { describe, expect, it } from 'vitest'
import { translate } from '../../lib/i18n/messages'
import { orderWords } from './order-messages'
import { paymentWordKey } from './payment-words'

const say = (language: 'ru' | 'en', type: Parameters<typeof paymentWordKey>[0]['type']) =>
  translate(orderWords, language, paymentWordKey({ type, paymentMethod: 'cash' }))

describe("an order's way of paying, in words", () => {
  it('pays the waiter only at the table', () => {
    expect(say('ru', 'dine_in')).toBe('Наличными или картой официанту')
    expect(say('en', 'preorder')).toBe('Cash or card to the waiter')
  })

  it('pays on collection for a pickup and the courier for a delivery', () => {
    expect(say('ru', 'pickup')).toBe('Наличными или картой при получении')
    expect(say('en', 'pickup')).toBe('Cash or card when you collect it')
    expect(say('ru', 'delivery')).toBe('Наличными или картой курьеру')
    expect(say('en', 'delivery')).toBe('Cash or card to the courier')
  })

  it('names an online way of paying as it is', () => {
    expect(paymentWordKey({ type: 'pickup', paymentMethod: 'card' })).toBe('card')
    expect(paymentWordKey({ type: 'delivery', paymentMethod: 'sbp' })).toBe('sbp')
  })
})
