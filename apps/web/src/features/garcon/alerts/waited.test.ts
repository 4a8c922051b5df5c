import { describe, expect, it } from 'vitest'
import { nextChangeIn, waitedForm, waitedSince } from './waited'

const at = '2026-11-24T12:00:00.000Z'
const plus = (ms: number) => Date.parse(at) + ms

describe('how long an alert has waited', () => {
  it('counts whole seconds, minutes and hours', () => {
    expect(waitedSince(at, plus(45_900))).toEqual({ hours: 0, minutes: 0, seconds: 45 })
    expect(waitedSince(at, plus(3 * 60_000 + 12_000))).toEqual({
      hours: 0,
      minutes: 3,
      seconds: 12,
    })
    expect(waitedSince(at, plus(65 * 60_000))).toEqual({ hours: 1, minutes: 5, seconds: 0 })
  })

  it('is never negative when the phone’s clock runs behind the server’s', () => {
    expect(waitedSince(at, plus(-5_000))).toEqual({ hours: 0, minutes: 0, seconds: 0 })
  })

  it('speaks in seconds under a minute, minutes under an hour, then hours', () => {
    expect(waitedForm(waitedSince(at, plus(59_999)))).toBe('seconds')
    expect(waitedForm(waitedSince(at, plus(60_000)))).toBe('minutes')
    expect(waitedForm(waitedSince(at, plus(3_600_000)))).toBe('hours')
  })

  it('ticks each second under a minute, then when the minute turns', () => {
    expect(nextChangeIn(at, plus(45_300))).toBe(700)
    expect(nextChangeIn(at, plus(61_000))).toBe(59_000)
    expect(nextChangeIn(at, plus(-2_000))).toBe(1000)
  })
})
