import { LRUCache } from 'lru-cache'

/** A calendar date `YYYY-MM-DD` and a wall-clock time `HH:MM`, both in some timezone. */
export type CalendarDate = string
export type ClockTime = string

const MINUTE_MS = 60_000
const DAY_MS = 24 * 60 * MINUTE_MS

// Building a DateTimeFormat costs far more than using one; slots format hundreds of times.
const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

/** The wall clock in `timeZone` at `instant`, written as if it were UTC (ms since the epoch). */
function wallClockAt(instant: number, timeZone: string): number {
  const fields: Record<string, number> = {}
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value)
  }
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = fields
  return Date.UTC(year, month - 1, day, hour, minute, second)
}

/** How far `timeZone` is ahead of UTC at `instant`, in ms, as its formatter says. */
function measuredOffsetAt(instant: number, timeZone: string): number {
  const whole = instant - (((instant % 1000) + 1000) % 1000)
  return wallClockAt(whole, timeZone) - whole
}

/**
 * A zone's offset over each quarter-hour it was asked about. Offsets change at most twice a year
 * and never twice within a quarter-hour, so one that is the same at a quarter's first and last
 * second holds all through it. An order's checks asked the formatter ~50 times (a schedule of
 * nine days of opening hours, three offsets a time): with this, twice a quarter-hour (issue 31).
 */
const QUARTER_MS = 15 * MINUTE_MS
const offsets = new LRUCache<string, number>({ max: 20_000 })

function offsetAt(instant: number, timeZone: string): number {
  const quarter = Math.floor(instant / QUARTER_MS)
  const key = `${timeZone} ${String(quarter)}`
  const known = offsets.get(key)
  if (known !== undefined) return known
  const first = measuredOffsetAt(quarter * QUARTER_MS, timeZone)
  const last = measuredOffsetAt((quarter + 1) * QUARTER_MS - 1000, timeZone)
  // The clocks change within this quarter: ask for the very instant, and remember nothing.
  if (first !== last) return measuredOffsetAt(instant, timeZone)
  offsets.set(key, first)
  return first
}

function parseDate(date: CalendarDate): number {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number)
  return Date.UTC(year, month - 1, day)
}

function parseClock(time: ClockTime): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number)
  return (hours * 60 + minutes) * MINUTE_MS
}

function isoDate(utcMidnight: number): CalendarDate {
  return new Date(utcMidnight).toISOString().slice(0, 10)
}

/**
 * The instant a wall-clock time happens in `timeZone`. Like Temporal's `compatible`: a time
 * the clocks skip (spring forward) moves later by the gap, a time that happens twice (fall
 * back) is its first occurrence.
 */
export function zonedInstant(date: CalendarDate, time: ClockTime, timeZone: string): number {
  const wall = parseDate(date) + parseClock(time)
  const offsetBefore = offsetAt(wall - DAY_MS, timeZone)
  const offsetAfter = offsetAt(wall + DAY_MS, timeZone)
  const candidates = [wall - offsetBefore, wall - offsetAfter].filter(
    (instant) => instant + offsetAt(instant, timeZone) === wall,
  )
  return candidates.length > 0 ? Math.min(...candidates) : wall - offsetBefore
}

/** The calendar date in `timeZone` at `instant`. */
export function zonedDate(instant: number, timeZone: string): CalendarDate {
  return isoDate(instant + offsetAt(instant, timeZone))
}

/** The wall-clock time `HH:MM` in `timeZone` at `instant`. */
export function zonedClock(instant: number, timeZone: string): ClockTime {
  return new Date(instant + offsetAt(instant, timeZone)).toISOString().slice(11, 16)
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  return isoDate(parseDate(date) + days * DAY_MS)
}

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: CalendarDate): number {
  return new Date(parseDate(date)).getUTCDay() || 7
}

/** Whether `YYYY-MM-DD` names a day that exists (not 2026-02-30). */
export function isCalendarDate(date: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && isoDate(parseDate(date)) === date
}

/** Minutes from midnight of a wall-clock time. */
export function clockMinutes(time: ClockTime): number {
  return parseClock(time) / MINUTE_MS
}
