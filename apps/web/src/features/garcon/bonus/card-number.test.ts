import { describe, expect, it } from 'vitest'
import { cardNumberDigits, cardNumberToLookUp, groupedCardNumber } from './card-number'

describe('A card number typed or pasted by a waiter', () => {
  it('keeps only its digits, however it was grouped', () => {
    expect(cardNumberDigits('1234 5678 9012')).toBe('123456789012')
    expect(cardNumberDigits('1234-5678-9012')).toBe('123456789012')
    expect(cardNumberDigits(' №1234\u00a05678\t9012 ')).toBe('123456789012')
  })

  it('is looked up once it has exactly twelve digits', () => {
    expect(cardNumberToLookUp('1234 5678 9012')).toBe('123456789012')
    expect(cardNumberToLookUp('1234 5678 901')).toBeNull()
    expect(cardNumberToLookUp('1234 5678 9012 3')).toBeNull()
    expect(cardNumberToLookUp('')).toBeNull()
  })

  it('is shown in groups of four, as on the diner’s screen', () => {
    expect(groupedCardNumber('123456789012')).toBe('1234 5678 9012')
  })
})
