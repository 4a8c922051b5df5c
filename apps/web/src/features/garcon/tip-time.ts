import type { TipsPeriod } from '@tableside/contracts/garcon-tips'
import type { UiLanguage } from '@tableside/contracts/restaurants'

const formats = new Map<string, Intl.DateTimeFormat>()

/**
 * When a tip came, on the restaurant's clock: the time today ("13:05"), with the day for a
 * week or a month ("Tue 24, 13:05").
 */
export function tipTime(
  iso: string,
  period: TipsPeriod,
  language: UiLanguage,
  timeZone: string,
): string {
  const key = `${language}|${timeZone}|${period === 'today' ? 't' : 'd'}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'ru' ? 'ru-RU' : 'en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      ...(period === 'today' ? {} : { weekday: 'short', day: 'numeric', month: 'short' }),
    })
    formats.set(key, format)
  }
  return format.format(new Date(iso))
}
