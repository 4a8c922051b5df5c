import type { UiLanguage } from '@tableside/contracts/restaurants'

/**
 * Moments as the restaurant's clock and calendar show them, whatever zone the device is set to:
 * a waiter's phone or a kitchen tablet left on UTC still reads 19:30 for 19:30 at the restaurant.
 * The one place the web app makes a `DateTimeFormat` (lint forbids the device's zone elsewhere).
 */

/** The locale a UI language writes dates in: both on a 24-hour clock. */
export const dateLocale = (language: UiLanguage): string => (language === 'ru' ? 'ru-RU' : 'en-GB')

/** An instant: ISO text, ms since the epoch or a Date. */
export type Moment = string | number | Date

const formats = new Map<string, Intl.DateTimeFormat>()

// Building a format costs far more than using one, and lists format many moments.
function formatFor(
  timeZone: string,
  locale: string,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone })
    formats.set(key, format)
  }
  return format
}

/** `at` in the restaurant's `timeZone` as parts (year, hour…), for a picker to read. */
export const restaurantTimeParts = (
  at: Moment,
  timeZone: string,
  locale: string,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): Intl.DateTimeFormatPart[] => formatFor(timeZone, locale, options).formatToParts(new Date(at))

/** `at` written in `locale` with `options`, in the restaurant's `timeZone`. */
export function restaurantTime(
  at: Moment,
  timeZone: string,
  locale: string,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): string {
  return formatFor(timeZone, locale, options).format(new Date(at))
}

/** "19:30": the time of day at the restaurant. */
export const restaurantClock = (at: Moment, timeZone: string, locale: string) =>
  restaurantTime(at, timeZone, locale, { hour: '2-digit', minute: '2-digit' })

/** The calendar day at `at` where the restaurant is, as `YYYY-MM-DD` (en-CA writes it so). */
export const restaurantDay = (at: Moment, timeZone: string): string =>
  restaurantTime(at, timeZone, 'en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' })

/**
 * When something is wanted, on the restaurant's calendar: the time alone for today ("22:30"),
 * with the day ("30 Nov") for another one.
 */
export function restaurantWhen(
  at: Moment,
  timeZone: string,
  locale: string,
  now: Moment = Date.now(),
): { time: string; date?: string } {
  const time = restaurantClock(at, timeZone, locale)
  if (restaurantDay(at, timeZone) === restaurantDay(now, timeZone)) return { time }
  return { time, date: restaurantTime(at, timeZone, locale, { day: 'numeric', month: 'short' }) }
}

/** "Sat, 24 Nov": a calendar date `YYYY-MM-DD`, the same day wherever the device is. */
export const calendarDate = (
  date: string,
  locale: string,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): string => restaurantTime(`${date}T12:00:00Z`, 'UTC', locale, options)
