import { REPORT_MAX_DAYS, type ReportQuery } from '@tableside/contracts/admin-reports'
import { HttpError } from '../../http/http-error'

const DAY_MS = 86_400_000

/** A `YYYY-MM-DD` that names a real day, as its UTC midnight; undefined otherwise. */
function calendarDay(text: string): number | undefined {
  const [year, month, day] = text.split('-').map(Number)
  if (year === undefined || month === undefined || day === undefined) return undefined
  const at = Date.UTC(year, month - 1, day)
  const date = new Date(at)
  return date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
    ? at
    : undefined
}

/** Checks a report's range: real days, `from` not after `to`, at most REPORT_MAX_DAYS days. */
export function checkReportRange(query: ReportQuery): { days: number } {
  const from = calendarDay(query.from)
  const to = calendarDay(query.to)
  const invalid = (path: string, message: string) =>
    new HttpError(400, 'validation_failed', message, [{ path, message }])
  if (from === undefined) throw invalid('querystring.from', 'Not a day of the calendar.')
  if (to === undefined) throw invalid('querystring.to', 'Not a day of the calendar.')
  if (to < from) throw invalid('querystring.to', 'The range ends before it starts.')
  const days = (to - from) / DAY_MS + 1
  if (days > REPORT_MAX_DAYS) {
    throw invalid('querystring.to', `A report covers at most ${REPORT_MAX_DAYS} days.`)
  }
  return { days }
}

/** Every day from `from` to `to`, inclusive, as `YYYY-MM-DD`. */
export function daysOf(from: string, days: number): string[] {
  const start = calendarDay(from) ?? 0
  return Array.from({ length: days }, (_, index) =>
    new Date(start + index * DAY_MS).toISOString().slice(0, 10),
  )
}
