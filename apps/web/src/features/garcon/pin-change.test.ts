import { describe, expect, it } from 'vitest'
import { pinChangeProblem } from './pin-change'

describe('pinChangeProblem', () => {
  it('takes 4 to 8 digits, the new PIN twice, and a PIN other than the current one', () => {
    expect(pinChangeProblem('1111', '2468', '2468')).toBeNull()
    expect(pinChangeProblem('1111', '12345678', '12345678')).toBeNull()
    expect(pinChangeProblem('111', '2468', '2468')).toBe('currentShort')
    expect(pinChangeProblem('1111', '246', '246')).toBe('newShort')
    expect(pinChangeProblem('1111', '123456789', '123456789')).toBe('newShort')
    expect(pinChangeProblem('1111', '24a8', '24a8')).toBe('newShort')
    expect(pinChangeProblem('1111', '2468', '2469')).toBe('mismatch')
    expect(pinChangeProblem('1111', '1111', '1111')).toBe('same')
  })
})
