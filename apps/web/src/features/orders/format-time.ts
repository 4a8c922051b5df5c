import type { UiLanguage } from '@tableside/contracts/restaurants'

const formats = new Map<string, Intl.DateTimeFormat>()

function formatFor(language: UiLanguage, timeZone: string, withDay: boolean) {
  const key = `${language}|${timeZone}|${String(withDay)}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'ru' ? 'ru-RU' : 'en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      ...(withDay ? { day: 'numeric', month: 'long' } : {}),
    })
    formats.set(key, format)
  }
  return format
}

const dayOf = (date: Date, timeZone: string) =>
  date.toLocaleDateString('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })

/**
 * A moment in the restaurant's timezone, as people at the restaurant say it: "19:30" today,
 * "2 May, 19:30" on another day.
 */
export function formatOrderTime(
  iso: string,
  timeZone: string,
  language: UiLanguage,
  now: Date = new Date(),
): string {
  const date = new Date(iso)
  const sameDay = dayOf(date, timeZone) === dayOf(now, timeZone)
  return formatFor(language, timeZone, !sameDay).format(date)
}

const dateFormats = new Map<string, Intl.DateTimeFormat>()

/**
 * When an order was placed, for a list that reaches back months: always the day, in the
 * restaurant's timezone ("24 ноября, 19:30"), and the year too when it is not this year there.
 */
export function formatOrderDate(
  iso: string,
  timeZone: string,
  language: UiLanguage,
  now: Date = new Date(),
): string {
  const date = new Date(iso)
  const yearOf = (at: Date) => at.toLocaleDateString('en-CA', { timeZone, year: 'numeric' })
  const withYear = yearOf(date) !== yearOf(now)
  const key = `${language}|${timeZone}|${String(withYear)}`
  let format = dateFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'ru' ? 'ru-RU' : 'en-GB', {
      timeZone,
      day: 'numeric',
      month: 'long',
      ...(withYear ? { year: 'numeric' } : {}),
      hour: '2-digit',
      minute: '2-digit',
    })
    dateFormats.set(key, format)
  }
  return format.format(date)
}
