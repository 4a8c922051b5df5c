import type { UiLanguage } from '@tableside/contracts/restaurants'
import { dateLocale, restaurantDay, restaurantTime } from '../../lib/restaurant-time'

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
  const sameDay = restaurantDay(iso, timeZone) === restaurantDay(now, timeZone)
  return restaurantTime(iso, timeZone, dateLocale(language), {
    hour: '2-digit',
    minute: '2-digit',
    ...(sameDay ? {} : { day: 'numeric', month: 'long' }),
  })
}

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
  const yearOf = (at: Date | string) => restaurantDay(at, timeZone).slice(0, 4)
  const withYear = yearOf(iso) !== yearOf(now)
  return restaurantTime(iso, timeZone, dateLocale(language), {
    day: 'numeric',
    month: 'long',
    ...(withYear ? { year: 'numeric' } : {}),
    hour: '2-digit',
    minute: '2-digit',
  })
}
