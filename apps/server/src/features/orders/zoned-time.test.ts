import { describe, expect, it } from 'vitest'
import {
  addDays,
  isCalendarDate,
  isoWeekday,
  zonedClock,
  zonedDate,
  zonedInstant,
} from './zoned-time'

const iso = (instant: number) => new Date(instant).toISOString()

describe('wall-clock time in a timezone', () => {
  it('converts a wall-clock time to its instant in zones near and far from UTC', () => {
    expect(iso(zonedInstant('2026-11-16', '08:00', 'Europe/Moscow'))).toBe(
      '2026-11-16T05:00:00.000Z',
    )
    expect(iso(zonedInstant('2026-11-16', '08:00', 'Asia/Vladivostok'))).toBe(
      '2026-11-15T22:00:00.000Z',
    )
    expect(iso(zonedInstant('2026-11-16', '20:00', 'America/Los_Angeles'))).toBe(
      '2026-11-17T04:00:00.000Z',
    )
    expect(iso(zonedInstant('2026-07-16', '20:00', 'America/Los_Angeles'))).toBe(
      '2026-07-17T03:00:00.000Z',
    )
  })

  it('moves a time the clocks skip later by the gap (Berlin, spring forward)', () => {
    expect(iso(zonedInstant('2026-03-29', '01:30', 'Europe/Berlin'))).toBe(
      '2026-03-29T00:30:00.000Z',
    )
    expect(iso(zonedInstant('2026-03-29', '02:30', 'Europe/Berlin'))).toBe(
      '2026-03-29T01:30:00.000Z',
    )
    expect(zonedClock(zonedInstant('2026-03-29', '02:30', 'Europe/Berlin'), 'Europe/Berlin')).toBe(
      '03:30',
    )
    expect(iso(zonedInstant('2026-03-29', '03:00', 'Europe/Berlin'))).toBe(
      '2026-03-29T01:00:00.000Z',
    )
  })

  it('takes the first of a time that happens twice (Berlin, fall back)', () => {
    expect(iso(zonedInstant('2026-10-25', '02:30', 'Europe/Berlin'))).toBe(
      '2026-10-25T00:30:00.000Z',
    )
    expect(iso(zonedInstant('2026-10-25', '03:00', 'Europe/Berlin'))).toBe(
      '2026-10-25T02:00:00.000Z',
    )
  })

  it('reads the date and clock of an instant in the zone, not in UTC', () => {
    const instant = Date.parse('2026-11-16T20:30:00Z')
    expect(zonedDate(instant, 'Asia/Vladivostok')).toBe('2026-11-17')
    expect(zonedClock(instant, 'Asia/Vladivostok')).toBe('06:30')
    expect(zonedDate(Date.parse('2026-11-17T06:00:00Z'), 'America/Los_Angeles')).toBe('2026-11-16')
    expect(zonedClock(Date.parse('2026-11-16T21:00:00Z'), 'Europe/Moscow')).toBe('00:00')
  })

  it('counts calendar days and weekdays without a timezone', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(isoWeekday('2026-11-16')).toBe(1)
    expect(isoWeekday('2026-11-22')).toBe(7)
    expect(isCalendarDate('2028-02-29')).toBe(true)
    expect(isCalendarDate('2026-02-29')).toBe(false)
    expect(isCalendarDate('2026-13-01')).toBe(false)
  })
})
