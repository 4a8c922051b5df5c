import type { Slot } from '@tableside/contracts/orders'

/** The calendar date (`YYYY-MM-DD`) it is now in a timezone. */
export function todayIn(timezone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now)
}

/** The date after `date`, both `YYYY-MM-DD`. */
export function nextDate(date: string): string {
  const next = new Date(`${date}T12:00:00Z`)
  next.setUTCDate(next.getUTCDate() + 1)
  return next.toISOString().slice(0, 10)
}

/** "Sat, 24 Nov" in the diner's language: a calendar date, the same wherever the phone is. */
export function dayName(date: string, language: string): string {
  return new Intl.DateTimeFormat(language, {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  }).format(new Date(`${date}T12:00:00Z`))
}

/** Slots still ahead: a list fetched a while ago never offers a time that has passed. */
export function futureSlots(slots: readonly Slot[], now: number = Date.now()): Slot[] {
  return slots.filter((slot) => Date.parse(slot.at) > now)
}
