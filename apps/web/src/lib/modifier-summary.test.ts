import { describe, expect, it } from 'vitest'
import { modifierSummary } from './modifier-summary'

describe('modifierSummary', () => {
  const price = (minor: number) => `${String(minor / 100)} ₽`
  const modifiers = [
    { name: { ru: 'Большой', en: 'Large' }, priceDelta: 5000 },
    { name: { ru: 'Овсяное молоко', en: 'Oat milk' }, priceDelta: 0 },
  ]

  it('names each choice in the language, with what it adds when it adds anything', () => {
    expect(modifierSummary(modifiers, 'en', price)).toBe('Large +50 ₽ · Oat milk')
    expect(modifierSummary(modifiers, 'ru', price)).toBe('Большой +50 ₽ · Овсяное молоко')
    expect(modifierSummary([], 'ru', price)).toBe('')
  })
})
