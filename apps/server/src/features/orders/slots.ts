import type { Slot, Slots } from '@tableside/contracts/orders'
import type { OrderType, Restaurant, RestaurantSettings } from '@tableside/contracts/restaurants'
import {
  addDays,
  clockMinutes,
  isoWeekday,
  zonedClock,
  zonedDate,
  zonedInstant,
  type CalendarDate,
} from './zoned-time'

export type ScheduledOrderType = Slots['type']
export type SlotRestaurant = Pick<Restaurant, 'timezone' | 'openingHours' | 'settings'>

/** Slots are offered from today up to this many days ahead (restaurant timezone). */
export const SLOT_HORIZON_DAYS = 7

const MINUTE_MS = 60_000

interface Interval {
  start: number
  end: number
}

/** One opening period and the calendar date it opened on, which is the date its slots go under. */
interface OpeningPeriod extends Interval {
  date: CalendarDate
}

export function leadTimeMinutes(settings: RestaurantSettings, type: ScheduledOrderType): number {
  switch (type) {
    case 'delivery':
      return settings.delivery.leadTimeMinutes
    case 'pickup':
      return settings.pickup.leadTimeMinutes
    case 'preorder':
      return settings.preorder.leadTimeMinutes
  }
}

/**
 * The periods that open on `date`. A `closes` earlier than `opens` ends the next day; equal
 * times mean open round the clock.
 */
function openingPeriodsOn(restaurant: SlotRestaurant, date: CalendarDate): OpeningPeriod[] {
  const weekday = isoWeekday(date)
  return restaurant.openingHours
    .filter((hours) => hours.day === weekday)
    .map(({ opens, closes }) => {
      const closesNextDay = clockMinutes(closes) <= clockMinutes(opens)
      return {
        date,
        start: zonedInstant(date, opens, restaurant.timezone),
        end: zonedInstant(closesNextDay ? addDays(date, 1) : date, closes, restaurant.timezone),
      }
    })
}

/** Touching or overlapping periods joined, so back-to-back hours read as one stretch open. */
function openStretches(periods: readonly Interval[]): Interval[] {
  const stretches: Interval[] = []
  for (const { start, end } of [...periods].sort((a, b) => a.start - b.start)) {
    const last = stretches.at(-1)
    if (last && start <= last.end) last.end = Math.max(last.end, end)
    else stretches.push({ start, end })
  }
  return stretches
}

function stretchAround(stretches: readonly Interval[], from: number, to: number) {
  return stretches.find((stretch) => stretch.start <= from && to <= stretch.end)
}

interface Schedule {
  readonly today: CalendarDate
  /** Opening periods from yesterday (whose night may still be open) to the horizon. */
  readonly periods: readonly Readonly<OpeningPeriod>[]
  readonly stretches: readonly Readonly<Interval>[]
}

/**
 * Each restaurant profile's schedule for the day it was last asked about. A schedule depends only
 * on the profile and the restaurant's date; the restaurants' cache hands every request the same
 * profile for a few seconds, so an order's slot check no longer lays out nine days of opening
 * hours in the restaurant's time zone each time (issue 31). A new profile starts afresh.
 */
const schedules = new WeakMap<SlotRestaurant, Schedule>()

function scheduleAround(restaurant: SlotRestaurant, now: Date): Schedule {
  const today = zonedDate(now.getTime(), restaurant.timezone)
  const held = schedules.get(restaurant)
  if (held?.today === today) return held
  const dates = Array.from({ length: SLOT_HORIZON_DAYS + 2 }, (_, i) => addDays(today, i - 1))
  const periods = dates.flatMap((date) => openingPeriodsOn(restaurant, date))
  const schedule = { today, periods, stretches: openStretches(periods) }
  schedules.set(restaurant, schedule)
  return schedule
}

/** Bookable slot starts (ms, ascending) per opening date. */
function bookableStarts(
  restaurant: SlotRestaurant,
  type: ScheduledOrderType,
  now: Date,
  { periods, stretches }: Schedule,
): Map<CalendarDate, number[]> {
  const slotMs = restaurant.settings.preorder.slotMinutes * MINUTE_MS
  const earliest = now.getTime() + leadTimeMinutes(restaurant.settings, type) * MINUTE_MS
  const byDate = new Map<CalendarDate, number[]>()
  for (const period of periods) {
    const starts = byDate.get(period.date) ?? []
    for (let at = period.start; at < period.end; at += slotMs) {
      const bookable = at >= earliest && stretchAround(stretches, at, at + slotMs)
      if (bookable && !starts.includes(at)) starts.push(at)
    }
    byDate.set(
      period.date,
      starts.sort((a, b) => a - b),
    )
  }
  return byDate
}

/**
 * Whether "as soon as possible" can be chosen now: the restaurant is open and stays open for
 * at least the lead time. Never for pre-orders, which are always for a time.
 */
export function isAsapAvailable(
  restaurant: SlotRestaurant,
  type: ScheduledOrderType,
  now: Date,
  schedule = scheduleAround(restaurant, now),
): boolean {
  if (type === 'preorder') return false
  const at = now.getTime()
  const ready = at + leadTimeMinutes(restaurant.settings, type) * MINUTE_MS
  return schedule.stretches.some(({ start, end }) => start <= at && at < end && ready <= end)
}

export interface SlotQuery {
  restaurant: SlotRestaurant
  type: ScheduledOrderType
  /** The opening date to list; the first day with slots when absent. */
  date?: CalendarDate | undefined
  now: Date
}

/**
 * The slots of one opening date. Slots lie on a grid of `preorder.slotMinutes` from the
 * opening time; a whole slot fits in the opening hours and starts no sooner than now plus
 * the lead time. A period past midnight lists its late slots under the date it opened.
 */
export function computeSlots({ restaurant, type, date, now }: SlotQuery): Slots {
  const { timezone } = restaurant
  const schedule = scheduleAround(restaurant, now)
  const byDate = bookableStarts(restaurant, type, now, schedule)
  const days = [...byDate.keys()].filter((day) => (byDate.get(day)?.length ?? 0) > 0).sort()
  const chosen = date ?? days[0] ?? schedule.today
  const slots: Slot[] = (byDate.get(chosen) ?? []).map((at) => ({
    at: new Date(at).toISOString(),
    label: zonedClock(at, timezone),
  }))
  return {
    type,
    timezone,
    date: chosen,
    days,
    asap: isAsapAvailable(restaurant, type, now, schedule),
    leadTimeMinutes: leadTimeMinutes(restaurant.settings, type),
    slots,
  }
}

export interface SlotCheckInput {
  restaurant: SlotRestaurant
  type: OrderType
  /** Null: as soon as possible. */
  scheduledFor: Date | null
  now: Date
}

/**
 * Why an order cannot be placed for `scheduledFor`, or null when it can. Only the times
 * `computeSlots` offers are accepted; a table order is never scheduled (validation says so).
 */
export function checkSlot({ restaurant, type, scheduledFor, now }: SlotCheckInput): string | null {
  if (type === 'dine_in') return null
  if (scheduledFor === null) {
    if (type === 'preorder') return 'Choose a time for the pre-order.'
    return isAsapAvailable(restaurant, type, now)
      ? null
      : 'The restaurant cannot take an order for as soon as possible now; choose a time.'
  }
  const wanted = scheduledFor.getTime()
  const byDate = bookableStarts(restaurant, type, now, scheduleAround(restaurant, now))
  for (const starts of byDate.values()) {
    if (starts.includes(wanted)) return null
  }
  return 'This time cannot be booked; choose one of the offered times.'
}
