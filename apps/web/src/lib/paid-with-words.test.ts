import { describe, expect, it } from 'vitest'
import { paidWithText, standingAlone } from './paid-with-words'

describe('how an order was actually paid, in words', () => {
  it('says nothing while nothing is paid', () => {
    expect(paidWithText([], 'dine_in', 'ru')).toBeNull()
  })

  it('names one way as it is, cash by whoever took it', () => {
    expect(paidWithText(['card'], 'dine_in', 'ru')).toBe('картой онлайн')
    expect(paidWithText(['sbp'], 'pickup', 'en')).toBe('by SBP')
    expect(paidWithText(['cash'], 'dine_in', 'ru')).toBe('наличными или картой официанту')
    expect(paidWithText(['cash'], 'pickup', 'ru')).toBe('наличными или картой при получении')
    expect(paidWithText(['cash'], 'delivery', 'en')).toBe('in cash or by card to the courier')
    expect(paidWithText(['points'], 'dine_in', 'en')).toBe('in bonus points')
  })

  it('calls two ways or more a mixed payment and names each', () => {
    expect(paidWithText(['card', 'points'], 'dine_in', 'ru')).toBe(
      'смешанно: картой онлайн + баллами',
    )
    expect(paidWithText(['sbp', 'cash'], 'dine_in', 'en')).toBe(
      'in a mix: by SBP + in cash or by card to the waiter',
    )
  })

  it('stands alone with a capital', () => {
    expect(standingAlone('картой онлайн')).toBe('Картой онлайн')
  })
})
