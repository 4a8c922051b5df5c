import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { instantAtRestaurant, restaurantWallClock } from './restaurant-clock-input'

// The restaurant is in Moscow (UTC+3) or New York (daylight saving); the manager's screen is set
// to a zone far from it.
const deviceZone = process.env.TZ
afterAll(() => {
  if (deviceZone === undefined) delete process.env.TZ
  else process.env.TZ = deviceZone
})

describe.each(['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati'])(
  'a picker on the restaurant’s clock on a device in %s',
  (device) => {
    beforeAll(() => {
      process.env.TZ = device
    })

    it('shows a picker the restaurant’s wall clock and reads it back the same', () => {
      expect(restaurantWallClock('2026-06-01T07:00:00.000Z', 'Europe/Moscow')).toBe(
        '2026-06-01T10:00',
      )
      expect(instantAtRestaurant('2026-06-01T10:00', 'Europe/Moscow')).toBe(
        '2026-06-01T07:00:00.000Z',
      )
      // Just after midnight in Moscow is still yesterday in UTC.
      expect(instantAtRestaurant('2026-06-01T00:30', 'Europe/Moscow')).toBe(
        '2026-05-31T21:30:00.000Z',
      )
      expect(restaurantWallClock('2026-05-31T21:30:00Z', 'Europe/Moscow')).toBe('2026-06-01T00:30')
      expect(instantAtRestaurant('2026-06-01T10:00', 'Pacific/Kiritimati')).toBe(
        '2026-05-31T20:00:00.000Z',
      )
    })

    it('reads a picked time across daylight saving as Temporal’s compatible does', () => {
      expect(instantAtRestaurant('2026-07-01T12:00', 'America/New_York')).toBe(
        '2026-07-01T16:00:00.000Z',
      )
      expect(instantAtRestaurant('2026-12-01T12:00', 'America/New_York')).toBe(
        '2026-12-01T17:00:00.000Z',
      )
      // 02:30 on 8 March never happens in New York: it is the moment after the gap, 03:30 EDT.
      expect(instantAtRestaurant('2026-03-08T02:30', 'America/New_York')).toBe(
        '2026-03-08T07:30:00.000Z',
      )
      // 01:30 on 1 November happens twice: the first one, still EDT.
      expect(instantAtRestaurant('2026-11-01T01:30', 'America/New_York')).toBe(
        '2026-11-01T05:30:00.000Z',
      )
    })

    it('refuses a value that names no time', () => {
      for (const value of ['', '2026-02-30T10:00', '2026-06-01T24:00', '2026-06-01 10:00', 'x'])
        expect(instantAtRestaurant(value, 'Europe/Moscow'), value).toBeUndefined()
    })
  },
)
