import { describe, expect, it } from 'vitest'
import type { Slots } from '@tableside/contracts/orders'
import { scheduleView } from './schedule'

const TODAY = '2026-11-24'
const TOMORROW = '2026-11-25'
const NOW = Date.parse('2026-11-24T12:00:00Z')

const slots = (patch: Partial<Slots>): Slots => ({
  type: 'pickup',
  timezone: 'Europe/Moscow',
  date: TODAY,
  days: [TODAY, TOMORROW],
  asap: true,
  leadTimeMinutes: 20,
  slots: [{ at: '2026-11-24T13:00:00.000Z', label: '16:00' }],
  ...patch,
})

describe('what the time picker offers', () => {
  it('offers "as soon as possible" today, beside the times still ahead', () => {
    expect(scheduleView(slots({}), null, TODAY, NOW)).toEqual({
      days: [TODAY, TOMORROW],
      day: TODAY,
      asap: true,
      slots: [{ at: '2026-11-24T13:00:00.000Z', label: '16:00' }],
    })
  })

  it('never offers "as soon as possible" on a later day, even while the restaurant is open now', () => {
    const tomorrow = slots({
      date: TOMORROW,
      slots: [{ at: '2026-11-25T06:00:00.000Z', label: '09:00' }],
    })
    expect(scheduleView(tomorrow, TOMORROW, TODAY, NOW)).toMatchObject({
      day: TOMORROW,
      asap: false,
      slots: [{ at: '2026-11-25T06:00:00.000Z', label: '09:00' }],
    })
  })

  it("shows no times of the day left while the chosen day's times are still loading", () => {
    expect(scheduleView(slots({}), TOMORROW, TODAY, NOW)).toMatchObject({
      day: TOMORROW,
      asap: false,
      slots: [],
    })
  })

  it('keeps a "today" tab for "as soon as possible" when no time is left today', () => {
    const late = slots({ date: TOMORROW, days: [TOMORROW], slots: [] })
    expect(scheduleView(late, null, TODAY, NOW)).toMatchObject({
      days: [TODAY, TOMORROW],
      day: TODAY,
      asap: true,
      slots: [],
    })
    expect(
      scheduleView(slots({ date: TOMORROW, days: [TOMORROW], asap: false }), null, TODAY, NOW),
    ).toMatchObject({ days: [TOMORROW], day: TOMORROW, asap: false })
  })

  it('offers "as soon as possible" under last night\'s hours past midnight, and never for a pre-order', () => {
    const yesterday = '2026-11-23'
    const night = slots({ date: yesterday, days: [yesterday, TODAY], slots: [] })
    expect(scheduleView(night, null, TODAY, NOW)).toMatchObject({ day: yesterday, asap: true })
    expect(scheduleView(slots({ type: 'preorder', asap: false }), null, TODAY, NOW).asap).toBe(
      false,
    )
  })

  it('drops times that have passed since the list was fetched', () => {
    expect(scheduleView(slots({}), null, TODAY, Date.parse('2026-11-24T13:00:00Z')).slots).toEqual(
      [],
    )
  })
})
