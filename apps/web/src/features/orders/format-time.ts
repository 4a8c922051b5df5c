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
