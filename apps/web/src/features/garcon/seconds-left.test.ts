import { describe, expect, it } from 'vitest'
import { secondsLeft } from './seconds-left'

describe('secondsLeft', () => {
  it('counts whole seconds up, so the last second still shows 1', () => {
    expect(secondsLeft(32_000, 0)).toBe(32)
    expect(secondsLeft(32_000, 31_001)).toBe(1)
    expect(secondsLeft(32_000, 32_000)).toBe(0)
    expect(secondsLeft(32_000, 40_000)).toBe(0)
  })
})
