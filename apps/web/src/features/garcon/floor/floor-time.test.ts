import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clock, wantedWhen } from './floor-time'

// The waiter's phone is on UTC; the restaurant is in Moscow (UTC+3).
const deviceZone = process.env.TZ
beforeAll(() => {
  process.env.TZ = 'UTC'
})
afterAll(() => {
  if (deviceZone === undefined) delete process.env.TZ
  else process.env.TZ = deviceZone
})

describe('the floor’s times', () => {
  it('shows when a table was seated on the restaurant’s clock', () => {
    expect(clock('2026-11-28T19:30:00Z', 'ru', 'Europe/Moscow')).toBe('22:30')
  })

  it('says a delivery for 22:30 today is for 22:30, whatever the phone’s zone', () => {
    const now = new Date('2026-11-28T12:00:00Z')
    expect(wantedWhen('2026-11-28T19:30:00Z', 'ru', 'Europe/Moscow', now)).toEqual({
      time: '22:30',
    })
  })

  it('names the day when it is tomorrow at the restaurant, though still today on the phone', () => {
    // 21:30 UTC on the 28th is 00:30 on the 29th in Moscow.
    const now = new Date('2026-11-28T20:00:00Z')
    expect(wantedWhen('2026-11-28T21:30:00Z', 'ru', 'Europe/Moscow', now)).toEqual({
      time: '00:30',
      date: '29 нояб.',
    })
  })
})
