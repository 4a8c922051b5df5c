import { describe, expect, it } from 'vitest'
import { pointsCap, totalAfterPoints } from './bonus-points'

describe('Points at checkout', () => {
  it('are capped by the programme’s share of the order before delivery', () => {
    // 30 % of 1 000 ₽ of food is 300 points, whatever the delivery fee.
    expect(pointsCap({ balance: 5000, shareBasisPoints: 3000 }, 100_000)).toBe(300)
  })

  it('are capped by the balance, and are whole points rounded down', () => {
    expect(pointsCap({ balance: 120, shareBasisPoints: 3000 }, 100_000)).toBe(120)
    expect(pointsCap({ balance: 999, shareBasisPoints: 3000 }, 45_050)).toBe(135)
    expect(pointsCap({ balance: 0, shareBasisPoints: 3000 }, 45_050)).toBe(0)
  })

  it('never pay all of it', () => {
    expect(pointsCap({ balance: 999, shareBasisPoints: 10_000 }, 45_000)).toBe(449)
    expect(pointsCap({ balance: 999, shareBasisPoints: 3000 }, 0)).toBe(0)
  })

  it('take their worth off the total', () => {
    expect(totalAfterPoints(45_050, 135)).toBe(31_550)
  })
})
