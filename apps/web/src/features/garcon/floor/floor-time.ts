import { restaurantClock, restaurantDay, restaurantTime } from '../../../lib/restaurant-time'
import { waitedForm, waitedSince } from '../alerts/waited'
import type { FloorT } from './floor-messages'

/** "19:05": a time of day on the restaurant's clock, in the waiter's language. */
export const clock = (iso: string, language: string, timeZone: string): string =>
  restaurantClock(iso, timeZone, language)

/**
 * When a delivery or pickup is wanted, on the restaurant's calendar: the time alone for today,
 * with the day ("28 Nov") for a later one.
 */
export function wantedWhen(
  iso: string,
  language: string,
  timeZone: string,
  now: Date = new Date(),
): { time: string; date?: string } {
  const time = clock(iso, language, timeZone)
  if (restaurantDay(iso, timeZone) === restaurantDay(now, timeZone)) return { time }
  return { time, date: restaurantTime(iso, timeZone, language, { day: 'numeric', month: 'short' }) }
}

/** Under five seconds it is "just now", as in the alert feed; then how long. */
export function callWaited(createdAt: string, now: number, language: string, t: FloorT): string {
  const waited = waitedSince(createdAt, now)
  if (waited.hours === 0 && waited.minutes === 0 && waited.seconds < 5) return t('callJustNow')
  return t('callWaiting', { time: waitedWords(createdAt, now, language) })
}

function waitedWords(createdAt: string, now: number, language: string): string {
  const waited = waitedSince(createdAt, now)
  const ru = language === 'ru'
  switch (waitedForm(waited)) {
    case 'seconds':
      return ru ? `${waited.seconds} с` : `${waited.seconds} s`
    case 'minutes':
      return ru ? `${waited.minutes} мин` : `${waited.minutes} min`
    case 'hours':
      return ru
        ? `${waited.hours} ч ${waited.minutes} мин`
        : `${waited.hours} h ${waited.minutes} min`
  }
}
