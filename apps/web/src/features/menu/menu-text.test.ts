import { describe, expect, it } from 'vitest'
import { formatPortion } from './menu-text'

describe('formatPortion', () => {
  it('writes the portion in the diner’s language', () => {
    expect(formatPortion({ amount: 350, unit: 'g' }, 'ru')).toBe('350\u00a0г')
    expect(formatPortion({ amount: 350, unit: 'g' }, 'en')).toBe('350\u00a0g')
    expect(formatPortion({ amount: 250, unit: 'ml' }, 'ru')).toBe('250\u00a0мл')
    expect(formatPortion({ amount: 6, unit: 'pcs' }, 'en')).toBe('6\u00a0pcs')
  })
})
