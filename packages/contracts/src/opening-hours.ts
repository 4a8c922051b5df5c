import type { OpeningHours } from './restaurants'

const DAY_MINUTES = 24 * 60
const WEEK_MINUTES = 7 * DAY_MINUTES

const minutesOf = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number)
  return hours * 60 + minutes
}

/** A period's place in the week, in minutes from Monday 00:00 (Sunday's night runs past it). */
function weekSpan({ day, opens, closes }: OpeningHours): { start: number; end: number } {
  const start = (day - 1) * DAY_MINUTES + minutesOf(opens)
  const length = (minutesOf(closes) - minutesOf(opens) + DAY_MINUTES) % DAY_MINUTES || DAY_MINUTES
  return { start, end: start + length }
}

/** Whether a period closes the day after it opens (18:00–02:00); equal times are 24 hours. */
export const closesNextDay = (period: Pick<OpeningHours, 'opens' | 'closes'>) =>
  minutesOf(period.closes) <= minutesOf(period.opens)

/** A period past midnight closes by 08:00: 10:00–09:00 is a typo, not 23 hours open. */
export const LATEST_NEXT_DAY_CLOSE = '08:00'

/** Whether a period runs past midnight and on beyond 08:00 the next day. */
export const closesTooLate = (period: Pick<OpeningHours, 'opens' | 'closes'>) =>
  period.opens !== period.closes &&
  closesNextDay(period) &&
  minutesOf(period.closes) > minutesOf(LATEST_NEXT_DAY_CLOSE)

export interface OpeningHoursClash {
  /** The later period of the two in the list, and its field that runs into the other. */
  index: number
  field: 'opens' | 'closes'
  /** The period it overlaps. */
  other: number
}

/**
 * Periods that overlap (decision 0069), each pair once, on the later of the two: `opens` when it
 * opens inside the other, else `closes` (it runs into the other, the next day's included).
 * Server and back office judge alike.
 */
export function openingHoursClashes(hours: readonly OpeningHours[]): OpeningHoursClash[] {
  const spans = hours.map(weekSpan)
  const clashes: OpeningHoursClash[] = []
  spans.forEach((span, index) => {
    for (let other = 0; other < index; other++) {
      const earlier = spans[other]
      if (!earlier) continue
      for (const shift of [-WEEK_MINUTES, 0, WEEK_MINUTES]) {
        const start = earlier.start + shift
        const end = earlier.end + shift
        if (span.start < end && start < span.end) {
          const opensInside = start <= span.start && span.start < end
          clashes.push({ index, field: opensInside ? 'opens' : 'closes', other })
          return
        }
      }
    }
  })
  return clashes
}
