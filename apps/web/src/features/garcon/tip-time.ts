import type { TipsPeriod } from '@tableside/contracts/garcon-tips'
import type { UiLanguage } from '@tableside/contracts/restaurants'
import { dateLocale, restaurantTime } from '../../lib/restaurant-time'

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
  return restaurantTime(iso, timeZone, dateLocale(language), {
    hour: '2-digit',
    minute: '2-digit',
    ...(period === 'today' ? {} : { weekday: 'short', day: 'numeric', month: 'short' }),
  })
}
