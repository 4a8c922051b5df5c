import { waitedForm, waitedSince } from '../alerts/waited'
import type { FloorT } from './floor-messages'

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
