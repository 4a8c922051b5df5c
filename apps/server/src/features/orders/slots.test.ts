import { describe, expect, it } from 'vitest'
import type { OpeningHours, RestaurantSettings } from '@tableside/contracts/restaurants'
import { DEFAULT_RESTAURANT_SETTINGS } from '../restaurants/restaurant-settings'
import { checkSlot, computeSlots, type ScheduledOrderType, type SlotRestaurant } from './slots'

/** Like the demo: Mon–Thu 08:00–23:00, Fri–Sat 08:00–01:00, Sun 09:00–23:00. */
const demoHours: OpeningHours[] = [1, 2, 3, 4, 5, 6, 7].map((day) => ({
  day,
  opens: day === 7 ? '09:00' : '08:00',
  closes: day === 5 || day === 6 ? '01:00' : '23:00',
}))

const settings: RestaurantSettings = {
  ...DEFAULT_RESTAURANT_SETTINGS,
  delivery: { ...DEFAULT_RESTAURANT_SETTINGS.delivery, leadTimeMinutes: 60 },
  pickup: { leadTimeMinutes: 20 },
  preorder: { leadTimeMinutes: 120, slotMinutes: 30 },
}

function restaurantWith(
  overrides: Partial<SlotRestaurant> & { slotMinutes?: number } = {},
): SlotRestaurant {
  const { slotMinutes = 30, ...rest } = overrides
  return {
    timezone: 'Europe/Moscow',
    openingHours: demoHours,
    settings: { ...settings, preorder: { ...settings.preorder, slotMinutes } },
    ...rest,
  }
}

const demo = restaurantWith()
const at = (iso: string) => new Date(iso)
const labels = (restaurant: SlotRestaurant, type: ScheduledOrderType, now: string, date?: string) =>
  computeSlots({ restaurant, type, date, now: at(now) }).slots.map((s) => s.label)

// 2026-11-16 is a Monday; Moscow is UTC+3 all year.
const MONDAY = '2026-11-16'
const FRIDAY = '2026-11-20'

describe('computeSlots', () => {
  it('lists whole slots within the opening hours, as instants and local labels', () => {
    const result = computeSlots({ restaurant: demo, type: 'pickup', now: at('2026-11-16T04:00Z') })
    expect(result).toMatchObject({
      type: 'pickup',
      timezone: 'Europe/Moscow',
      date: MONDAY,
      asap: false,
      leadTimeMinutes: 20,
    })
    expect(result.slots).toHaveLength(30)
    expect(result.slots[0]).toEqual({ at: '2026-11-16T05:00:00.000Z', label: '08:00' })
    expect(result.slots.at(-1)).toEqual({ at: '2026-11-16T19:30:00.000Z', label: '22:30' })
  })

  it('aligns the grid to the opening time and drops a slot that would end after closing', () => {
    const restaurant = restaurantWith({
      openingHours: [{ day: 1, opens: '08:10', closes: '10:00' }],
    })
    expect(labels(restaurant, 'pickup', '2026-11-16T04:00Z')).toEqual(['08:10', '08:40', '09:10'])
    const wide = restaurantWith({
      openingHours: [{ day: 1, opens: '08:00', closes: '10:00' }],
      slotMinutes: 45,
    })
    expect(labels(wide, 'pickup', '2026-11-16T04:00Z')).toEqual(['08:00', '08:45'])
  })

  it('offers each opening period of a day with a break between them', () => {
    const restaurant = restaurantWith({
      openingHours: [
        { day: 1, opens: '18:00', closes: '19:30' },
        { day: 1, opens: '12:00', closes: '13:00' },
      ],
    })
    expect(labels(restaurant, 'pickup', '2026-11-16T04:00Z')).toEqual([
      '12:00',
      '12:30',
      '18:00',
      '18:30',
      '19:00',
    ])
  })

  it('starts after now plus the lead time, on the grid, when now is inside a slot', () => {
    const now = '2026-11-16T09:10Z' // 12:10 in Moscow
    expect(labels(demo, 'pickup', now)[0]).toBe('12:30')
    expect(labels(demo, 'pickup', '2026-11-16T09:15Z')[0]).toBe('13:00')
    expect(labels(demo, 'delivery', now)[0]).toBe('13:30')
    expect(labels(demo, 'preorder', now)[0]).toBe('14:30')
    expect(labels(demo, 'pickup', '2026-11-16T09:10Z')).not.toContain('12:00')
  })

  it('lists the part of a period past midnight under the day it opened', () => {
    const friday = computeSlots({
      restaurant: demo,
      type: 'pickup',
      date: FRIDAY,
      now: at('2026-11-16T04:00Z'),
    })
    expect(friday.slots.slice(-3)).toEqual([
      { at: '2026-11-20T20:30:00.000Z', label: '23:30' },
      { at: '2026-11-20T21:00:00.000Z', label: '00:00' },
      { at: '2026-11-20T21:30:00.000Z', label: '00:30' },
    ])
    expect(labels(demo, 'pickup', '2026-11-16T04:00Z', '2026-11-21')[0]).toBe('08:00')
  })

  it('after midnight, keeps offering the night that is still open under its own date', () => {
    const result = computeSlots({
      restaurant: demo,
      type: 'pickup',
      now: at('2026-11-20T21:05Z'), // Saturday 00:05 in Moscow
    })
    expect(result.date).toBe(FRIDAY)
    expect(result.days.slice(0, 2)).toEqual([FRIDAY, '2026-11-21'])
    expect(result.slots.map((s) => s.label)).toEqual(['00:30'])
    expect(result.asap).toBe(true)
  })

  it('skips a closed day and offers days from today up to a week ahead', () => {
    const restaurant = restaurantWith({ openingHours: demoHours.filter((h) => h.day !== 3) })
    const result = computeSlots({ restaurant, type: 'pickup', now: at('2026-11-16T04:00Z') })
    expect(result.days).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
    ])
    expect(labels(restaurant, 'pickup', '2026-11-16T04:00Z', '2026-11-18')).toEqual([])
  })

  it('includes the seventh day ahead and nothing after it', () => {
    const result = computeSlots({ restaurant: demo, type: 'pickup', now: at('2026-11-16T04:00Z') })
    expect(result.days).toHaveLength(8)
    expect(result.days.at(-1)).toBe('2026-11-23')
    expect(labels(demo, 'pickup', '2026-11-16T04:00Z', '2026-11-24')).toEqual([])
    expect(labels(demo, 'pickup', '2026-11-16T04:00Z', '2026-11-15')).toEqual([])
  })

  it('defaults to the next day with slots once today is over, and to today when none has', () => {
    const lateMonday = computeSlots({
      restaurant: demo,
      type: 'delivery',
      now: at('2026-11-16T19:30Z'), // 22:30: the kitchen closes before a delivery is ready
    })
    expect(lateMonday.date).toBe('2026-11-17')
    expect(lateMonday.days[0]).toBe('2026-11-17')
    const closed = computeSlots({
      restaurant: restaurantWith({ openingHours: [] }),
      type: 'pickup',
      now: at('2026-11-16T19:30Z'),
    })
    expect(closed).toMatchObject({ date: MONDAY, days: [], slots: [], asap: false })
  })

  it('follows the wall clock on the day Berlin springs forward', () => {
    const restaurant = restaurantWith({
      timezone: 'Europe/Berlin',
      openingHours: [{ day: 6, opens: '22:00', closes: '04:00' }],
    })
    const result = computeSlots({
      restaurant,
      type: 'pickup',
      now: at('2026-03-28T12:00Z'),
    })
    expect(result.date).toBe('2026-03-28')
    expect(result.slots.map((s) => s.label)).toEqual([
      '22:00',
      '22:30',
      '23:00',
      '23:30',
      '00:00',
      '00:30',
      '01:00',
      '01:30',
      '03:00',
      '03:30',
    ])
    expect(result.slots.at(-1)?.at).toBe('2026-03-29T01:30:00.000Z')
  })

  it('offers the repeated hour twice on the day Berlin falls back', () => {
    const restaurant = restaurantWith({
      timezone: 'Europe/Berlin',
      openingHours: [{ day: 6, opens: '22:00', closes: '04:00' }],
    })
    const result = computeSlots({ restaurant, type: 'pickup', now: at('2026-10-24T12:00Z') })
    expect(result.slots.map((s) => s.label).slice(6)).toEqual([
      '01:00',
      '01:30',
      '02:00',
      '02:30',
      '02:00',
      '02:30',
      '03:00',
      '03:30',
    ])
    expect([result.slots[8]?.at, result.slots[10]?.at]).toEqual([
      '2026-10-25T00:00:00.000Z',
      '2026-10-25T01:00:00.000Z',
    ])
  })

  it('counts days in the restaurant timezone, far east and far west of UTC', () => {
    const tenToTen: OpeningHours[] = [1, 2, 3, 4, 5, 6, 7].map((day) => ({
      day,
      opens: '10:00',
      closes: '22:00',
    }))
    const vladivostok = computeSlots({
      restaurant: restaurantWith({ timezone: 'Asia/Vladivostok', openingHours: tenToTen }),
      type: 'pickup',
      now: at('2026-11-16T20:30Z'), // 06:30 on Tuesday the 17th there
    })
    expect(vladivostok.date).toBe('2026-11-17')
    expect(vladivostok.slots[0]).toEqual({ at: '2026-11-17T00:00:00.000Z', label: '10:00' })

    const losAngeles = computeSlots({
      restaurant: restaurantWith({ timezone: 'America/Los_Angeles', openingHours: tenToTen }),
      type: 'pickup',
      now: at('2026-11-17T06:00Z'), // 22:00 on Monday the 16th there
    })
    expect(losAngeles.days[0]).toBe('2026-11-17')
    expect(losAngeles.slots[0]).toEqual({ at: '2026-11-17T18:00:00.000Z', label: '10:00' })
  })
})

describe('asap', () => {
  const asap = (type: ScheduledOrderType, now: string, restaurant = demo) =>
    computeSlots({ restaurant, type, now: at(now) }).asap

  it('is offered while open for at least the lead time, and not a minute less', () => {
    expect(asap('pickup', '2026-11-16T19:40Z')).toBe(true) // 22:40 + 20 min = closing
    expect(asap('pickup', '2026-11-16T19:41Z')).toBe(false)
    expect(asap('delivery', '2026-11-16T19:00Z')).toBe(true) // 22:00 + 60 min = closing
    expect(asap('delivery', '2026-11-16T19:01Z')).toBe(false)
  })

  it('is not offered before opening, and is from the opening minute', () => {
    expect(asap('pickup', '2026-11-16T04:59Z')).toBe(false)
    expect(asap('pickup', '2026-11-16T05:00Z')).toBe(true)
  })

  it('counts a period past midnight as open until it closes', () => {
    expect(asap('delivery', '2026-11-20T21:00Z')).toBe(true) // Saturday 00:00, closes 01:00
    expect(asap('delivery', '2026-11-20T21:01Z')).toBe(false)
  })

  it('does not stop at midnight when the restaurant is open round the clock', () => {
    const always = restaurantWith({
      openingHours: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, opens: '00:00', closes: '00:00' })),
    })
    expect(asap('delivery', '2026-11-16T20:45Z', always)).toBe(true) // 23:45 Moscow
  })

  it('is never offered for a pre-order', () => {
    expect(asap('preorder', '2026-11-16T09:00Z')).toBe(false)
  })
})

describe('one restaurant profile asked again and again', () => {
  it("answers each moment as a fresh profile does, across the restaurant's midnight", () => {
    const kept = restaurantWith()
    // Moscow's Monday ends at 21:00Z; the kept profile is asked before and after it.
    for (const now of [
      '2026-11-16T20:58Z',
      '2026-11-16T21:01Z',
      '2026-11-17T04:00Z',
      '2026-11-16T20:59Z',
    ]) {
      for (const type of ['pickup', 'delivery', 'preorder'] as const) {
        const fresh = computeSlots({ restaurant: restaurantWith(), type, now: at(now) })
        expect(computeSlots({ restaurant: kept, type, now: at(now) })).toEqual(fresh)
      }
      const nextMorning = at('2026-11-17T05:20Z')
      expect(
        checkSlot({ restaurant: kept, type: 'pickup', scheduledFor: nextMorning, now: at(now) }),
      ).toBe(
        checkSlot({
          restaurant: restaurantWith(),
          type: 'pickup',
          scheduledFor: nextMorning,
          now: at(now),
        }),
      )
    }
  })
})

describe('checkSlot', () => {
  const now = at('2026-11-16T09:10Z') // Monday 12:10 in Moscow
  const check = (type: ScheduledOrderType, scheduledFor: string | null, restaurant = demo) =>
    checkSlot({ restaurant, type, scheduledFor: scheduledFor ? at(scheduledFor) : null, now })

  it('accepts an offered slot, including one past midnight and one a week ahead', () => {
    expect(check('pickup', '2026-11-16T09:30Z')).toBeNull() // 12:30
    expect(check('preorder', '2026-11-20T21:30Z')).toBeNull() // Friday's 00:30
    expect(check('delivery', '2026-11-23T19:00Z')).toBeNull() // next Monday 22:00
  })

  it('refuses a past slot and one sooner than the lead time', () => {
    expect(check('pickup', '2026-11-16T08:30Z')).toMatch(/cannot be booked/)
    expect(check('pickup', '2026-11-16T09:00Z')).toMatch(/cannot be booked/)
    expect(check('delivery', '2026-11-16T10:00Z')).toMatch(/cannot be booked/) // 13:00 < 13:10
  })

  it('refuses a time off the slot grid', () => {
    expect(check('pickup', '2026-11-16T10:15Z')).toMatch(/cannot be booked/)
    expect(check('pickup', '2026-11-16T10:00:01Z')).toMatch(/cannot be booked/)
  })

  it('refuses a closed time, a slot running past closing and a closed day', () => {
    expect(check('pickup', '2026-11-16T20:30Z')).toMatch(/cannot be booked/) // 23:30
    expect(check('pickup', '2026-11-16T20:00Z')).toMatch(/cannot be booked/) // 23:00–23:30
    const noWednesday = restaurantWith({ openingHours: demoHours.filter((h) => h.day !== 3) })
    expect(check('pickup', '2026-11-18T09:00Z', noWednesday)).toMatch(/cannot be booked/)
  })

  it('refuses a slot beyond a week ahead', () => {
    expect(check('pickup', '2026-11-24T09:00Z')).toMatch(/cannot be booked/)
  })

  it('accepts as soon as possible only when asap is offered, and never for a pre-order', () => {
    expect(check('pickup', null)).toBeNull()
    expect(check('preorder', null)).toMatch(/time for the pre-order/)
    const lateNow = at('2026-11-16T19:30Z')
    expect(
      checkSlot({ restaurant: demo, type: 'delivery', scheduledFor: null, now: lateNow }),
    ).toMatch(/as soon as possible/)
  })

  it('leaves a table order alone', () => {
    expect(checkSlot({ restaurant: demo, type: 'dine_in', scheduledFor: null, now })).toBeNull()
  })
})
