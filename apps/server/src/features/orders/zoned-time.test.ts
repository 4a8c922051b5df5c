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

  it('reads every instant round a change of the clocks as the zone’s own formatter does, asked once or again', () => {
    const reference = (instant: number, timeZone: string) => {
      const parts = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      }).formatToParts(instant)
      const part = (type: string) => parts.find((p) => p.type === type)?.value
      return `${part('year') ?? ''}-${part('month') ?? ''}-${part('day') ?? ''} ${part('hour') ?? ''}:${part('minute') ?? ''}`
    }
    // Changes on the hour (Berlin), by half an hour (Lord Howe) and at an odd second inside a
    // quarter-hour (Kolkata, 1905: +05:21:10 to +05:30 at 18:38:50 UTC; Santo Domingo, 1933).
    const changes = [
      ['Europe/Berlin', '2026-03-29T01:00:00Z'],
      ['Europe/Berlin', '2026-10-25T01:00:00Z'],
      ['Australia/Lord_Howe', '2026-10-03T15:30:00Z'],
      ['Asia/Kolkata', '1905-12-31T18:38:50Z'],
      ['America/Santo_Domingo', '1933-04-01T16:40:00Z'],
    ] as const
    for (const [timeZone, at] of changes) {
      for (let round = 0; round < 2; round++) {
        for (
          let instant = Date.parse(at) - 3_600_000;
          instant < Date.parse(at) + 3_600_000;
          instant += 37_000
        ) {
          expect(`${zonedDate(instant, timeZone)} ${zonedClock(instant, timeZone)}`).toBe(
            reference(instant, timeZone),
          )
        }
      }
    }
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
