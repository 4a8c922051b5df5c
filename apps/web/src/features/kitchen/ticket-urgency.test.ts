import { describe, expect, it } from 'vitest'
import { formatElapsed, urgencyOf } from './ticket-urgency'

const thresholds = { warnMinutes: 10, lateMinutes: 20 }

describe('a ticket timer', () => {
  it('turns amber at the warning and red at the late threshold', () => {
    expect(urgencyOf(9 * 60_000 + 59_000, thresholds)).toBe('on-time')
    expect(urgencyOf(10 * 60_000, thresholds)).toBe('soon')
    expect(urgencyOf(19 * 60_000 + 59_000, thresholds)).toBe('soon')
    expect(urgencyOf(20 * 60_000, thresholds)).toBe('late')
  })

  it('shows minutes and seconds, hours when long, never below zero', () => {
    expect(formatElapsed(65_000)).toBe('1:05')
    expect(formatElapsed(3_725_000)).toBe('1:02:05')
    expect(formatElapsed(-3_000)).toBe('0:00')
  })
})
