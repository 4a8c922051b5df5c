import { describe, expect, it } from 'vitest'
import { initials } from './initials'

describe('initials', () => {
  it('takes the first letters of the first two words, in capitals', () => {
    expect(initials('Анна')).toBe('А')
    expect(initials('анна другая')).toBe('АД')
    expect(initials('  Igor   Petrov  Jr ')).toBe('IP')
  })

  it('gives something for a name without letters to show', () => {
    expect(initials('')).toBe('?')
    expect(initials('   ')).toBe('?')
  })
})
