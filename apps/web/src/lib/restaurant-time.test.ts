import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  calendarDate,
  dateLocale,
  restaurantClock,
  restaurantDay,
  restaurantTime,
  restaurantWhen,
} from './restaurant-time'

// The restaurant is in Moscow (UTC+3, no daylight saving); the device is set to a zone far from
// it: UTC (a tablet left on its factory zone), Los Angeles (UTC−8/−7) or Kiritimati (UTC+14).
const deviceZone = process.env.TZ
afterAll(() => {
  if (deviceZone === undefined) delete process.env.TZ
  else process.env.TZ = deviceZone
})

describe.each(['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati'])(
  'the restaurant’s time on a device in %s',
  (device) => {
    beforeAll(() => {
      process.env.TZ = device
    })

    const delivery = '2026-11-28T19:30:00Z'

    it('reads the restaurant’s clock, not the device’s', () => {
      const onDevice = new Date(delivery).getHours()
      expect(onDevice).not.toBe(22)
      expect(restaurantClock(delivery, 'Europe/Moscow', 'ru-RU')).toBe('22:30')
      expect(restaurantClock('2026-11-29T06:00:00Z', 'Europe/Moscow', 'ru-RU')).toBe('09:00')
      expect(restaurantClock(delivery, 'Asia/Vladivostok', dateLocale('en'))).toBe('05:30')
    })

    it('keeps a format per zone: two restaurants never share one', () => {
      const options = { hour: '2-digit', minute: '2-digit' } as const
      expect(restaurantTime(delivery, 'Europe/Moscow', 'en-GB', options)).toBe('22:30')
      expect(restaurantTime(delivery, 'America/New_York', 'en-GB', options)).toBe('14:30')
      expect(restaurantTime(delivery, 'Europe/Moscow', 'en-GB', options)).toBe('22:30')
    })

    it('writes a moment in the restaurant’s locale', () => {
      const paidAt = { day: '2-digit', month: '2-digit', year: 'numeric' } as const
      const withTime = { ...paidAt, hour: '2-digit', minute: '2-digit' } as const
      expect(restaurantTime('2026-05-02T22:10:00Z', 'Europe/Moscow', 'ru-RU', withTime)).toBe(
        '03.05.2026, 01:10',
      )
    })

    it('takes the day where the restaurant is, not where the device is', () => {
      // 23:30 on 20 November in UTC is already the 21st in Moscow, still the 20th in New York.
      const now = new Date('2026-11-20T23:30:00Z')
      expect(restaurantDay(now, 'Europe/Moscow')).toBe('2026-11-21')
      expect(restaurantDay(now, 'America/New_York')).toBe('2026-11-20')
      expect(restaurantDay(now.toISOString(), 'UTC')).toBe('2026-11-20')
      // The last minute of a Moscow day and the first of the next.
      expect(restaurantDay('2026-11-20T20:59:00Z', 'Europe/Moscow')).toBe('2026-11-20')
      expect(restaurantDay('2026-11-20T21:00:00Z', 'Europe/Moscow')).toBe('2026-11-21')
      // The last night of a year, on the restaurant's calendar.
      expect(restaurantDay('2026-12-31T21:00:00Z', 'Europe/Moscow')).toBe('2027-01-01')
    })

    it('says a delivery for 22:30 today is for 22:30, and names another day', () => {
      const noon = '2026-11-28T09:00:00Z'
      expect(restaurantWhen(delivery, 'Europe/Moscow', 'ru-RU', noon)).toEqual({ time: '22:30' })
      // 06:00 UTC on the 29th: the next morning's 09:00 in Moscow, tomorrow there too.
      expect(restaurantWhen('2026-11-29T06:00:00Z', 'Europe/Moscow', 'ru-RU', noon)).toEqual({
        time: '09:00',
        date: '29 нояб.',
      })
      // 21:30 UTC on the 28th is 00:30 on the 29th in Moscow: tomorrow there, today in UTC.
      const evening = '2026-11-28T20:00:00Z'
      expect(restaurantWhen('2026-11-28T21:30:00Z', 'Europe/Moscow', 'en-GB', evening)).toEqual({
        time: '00:30',
        date: '29 Nov',
      })
      // 20:30 UTC is still the 28th in Moscow (23:30), though already the 29th in Kiritimati.
      expect(restaurantWhen('2026-11-28T20:30:00Z', 'Europe/Moscow', 'en-GB', evening)).toEqual({
        time: '23:30',
      })
    })

    it('follows a restaurant’s daylight saving', () => {
      // New York: EST (UTC−5) until 2 a.m. on 8 March 2026, EDT (UTC−4) after; back on 1 November.
      expect(restaurantClock('2026-03-08T06:59:00Z', 'America/New_York', 'en-GB')).toBe('01:59')
      expect(restaurantClock('2026-03-08T07:00:00Z', 'America/New_York', 'en-GB')).toBe('03:00')
      expect(restaurantClock('2026-11-01T05:30:00Z', 'America/New_York', 'en-GB')).toBe('01:30')
      expect(restaurantClock('2026-11-01T06:30:00Z', 'America/New_York', 'en-GB')).toBe('01:30')
      expect(restaurantClock('2026-07-01T12:00:00Z', 'Europe/London', 'en-GB')).toBe('13:00')
      expect(restaurantClock('2026-12-01T12:00:00Z', 'Europe/London', 'en-GB')).toBe('12:00')
    })

    it('writes a calendar date as the same day in every zone', () => {
      const options = { weekday: 'short', day: 'numeric', month: 'short' } as const
      expect(calendarDate('2026-11-24', 'en-GB', options)).toBe('Tue 24 Nov')
      expect(calendarDate('2026-01-01', 'ru-RU', { day: 'numeric', month: 'long' })).toBe(
        '1 января',
      )
    })
  },
)
