import type { UiLanguage } from '@tableside/contracts/restaurants'

/**
 * Moments as the restaurant's clock and calendar show them, whatever zone the device is set to:
 * a waiter's phone or a kitchen tablet left on UTC still reads 19:30 for 19:30 at the restaurant.
 */

/** The locale a UI language writes dates in: both on a 24-hour clock. */
export const dateLocale = (language: UiLanguage): string => (language === 'ru' ? 'ru-RU' : 'en-GB')

const formats = new Map<string, Intl.DateTimeFormat>()

/** `at` written in `locale` with `options`, in the restaurant's `timeZone`. */
export function restaurantTime(
  at: string | number | Date,
  timeZone: string,
  locale: string,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): string {
  // Building a format costs far more than using one, and lists format many moments.
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone })
    formats.set(key, format)
  }
  return format.format(new Date(at))
}

/** "19:30": the time of day at the restaurant. */
export const restaurantClock = (at: string | number | Date, timeZone: string, locale: string) =>
  restaurantTime(at, timeZone, locale, { hour: '2-digit', minute: '2-digit' })

/** The calendar day at `at` where the restaurant is, as `YYYY-MM-DD` (en-CA writes it so). */
export const restaurantDay = (at: string | number | Date, timeZone: string): string =>
  restaurantTime(at, timeZone, 'en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' })
