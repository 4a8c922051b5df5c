import { restaurantTimeParts, type Moment } from './restaurant-time'

/**
 * What a `datetime-local` input shows and means on the restaurant's clock: a manager in another
 * zone still picks the restaurant's 10:00. Apart from restaurant-time.ts, which the menu's first
 * load carries: only back-office screens pick moments.
 */

const MINUTE_MS = 60_000
const DAY_MS = 1_440 * MINUTE_MS
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/

/** The restaurant's wall clock at `instant`, written as if it were UTC (ms since the epoch). */
function wallClockAt(instant: number, timeZone: string): number {
  const fields: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {}
  const parts = restaurantTimeParts(instant, timeZone, 'en-US', {
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  })
  for (const part of parts) fields[part.type] = Number(part.value)
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0 } = fields
  return Date.UTC(year, month - 1, day, hour, minute)
}

/** `YYYY-MM-DDTHH:MM`, what a `datetime-local` input shows for `at` on the restaurant's clock. */
export const restaurantWallClock = (at: Moment, timeZone: string): string =>
  new Date(wallClockAt(new Date(at).getTime(), timeZone)).toISOString().slice(0, 16)

/**
 * The instant a `datetime-local` value names on the restaurant's clock, as ISO; undefined when
 * the value is no such time. Like Temporal's `compatible`: a time the clocks skip (spring forward)
 * moves later by the gap, a time that happens twice (fall back) is its first occurrence.
 */
export function instantAtRestaurant(wallClock: string, timeZone: string): string | undefined {
  const match = WALL_CLOCK.exec(wallClock)
  if (!match) return undefined
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0] = match.slice(1).map(Number)
  const wall = Date.UTC(year, month - 1, day, hour, minute)
  if (new Date(wall).toISOString().slice(0, 16) !== wallClock) return undefined
  const offset = (instant: number) => wallClockAt(instant, timeZone) - instant
  const before = offset(wall - DAY_MS)
  const after = offset(wall + DAY_MS)
  const fits = [wall - before, wall - after].filter((instant) => instant + offset(instant) === wall)
  return new Date(fits.length > 0 ? Math.min(...fits) : wall - before).toISOString()
}
