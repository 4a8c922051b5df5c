import type { Slot, Slots } from '@tableside/contracts/orders'
import { calendarDate } from '../../lib/restaurant-time'

/** The date after `date`, both `YYYY-MM-DD`. */
export function nextDate(date: string): string {
  const next = new Date(`${date}T12:00:00Z`)
  next.setUTCDate(next.getUTCDate() + 1)
  return next.toISOString().slice(0, 10)
}

/** "Sat, 24 Nov" in the diner's language: a calendar date, the same wherever the phone is. */
export const dayName = (date: string, language: string): string =>
  calendarDate(date, language, { weekday: 'short', day: 'numeric', month: 'short' })

/** Slots still ahead: a list fetched a while ago never offers a time that has passed. */
export function futureSlots(slots: readonly Slot[], now: number = Date.now()): Slot[] {
  return slots.filter((slot) => Date.parse(slot.at) > now)
}

/** What the time picker shows: the day tabs, the day on show, and what can be chosen on it. */
export interface ScheduleView {
  days: string[]
  day: string
  /** "As soon as possible" means now: offered on today (or last night's hours), never later. */
  asap: boolean
  slots: Slot[]
}

/**
 * The picker's view of the slots the server gave for `data.date`. `chosen` is the day tapped
 * (null: none yet). While another day's slots load, the old day's times are not shown under
 * the new day's tab. When nothing is left to book today but the restaurant can still cook
 * now, a "today" tab keeps "as soon as possible" within reach.
 */
export function scheduleView(
  data: Slots,
  chosen: string | null,
  today: string,
  now: number = Date.now(),
): ScheduleView {
  const asapNow = data.asap && data.type !== 'preorder'
  const nothingToday = !data.days.some((day) => day <= today)
  const days = asapNow && nothingToday ? [today, ...data.days] : data.days
  const day = chosen ?? (asapNow && data.date > today ? today : data.date)
  return {
    days,
    day,
    asap: asapNow && day <= today,
    slots: day === data.date ? futureSlots(data.slots, now) : [],
  }
}
