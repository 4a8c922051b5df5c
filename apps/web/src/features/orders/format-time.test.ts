import { describe, expect, it } from 'vitest'
import { formatOrderDate, formatOrderTime } from './format-time'

const now = new Date('2026-05-02T09:00:00.000Z')

describe('formatOrderTime', () => {
  it('gives the clock in the restaurant timezone for a moment of the same day', () => {
    expect(formatOrderTime('2026-05-02T16:30:00.000Z', 'Europe/Moscow', 'ru', now)).toBe('19:30')
    expect(formatOrderTime('2026-05-02T16:30:00.000Z', 'Europe/Moscow', 'en', now)).toBe('19:30')
  })

  it('adds the day for a moment on another day there', () => {
    const text = formatOrderTime('2026-05-02T22:10:00.000Z', 'Europe/Moscow', 'ru', now)
    expect(text.replace(/\s+/g, ' ')).toMatch(/^3 мая(,| в) 01:10$/)
  })
})

describe('formatOrderDate', () => {
  const spaced = (text: string) => text.replace(/\s+/g, ' ')

  it('always gives the day and the clock in the restaurant timezone, even today', () => {
    expect(spaced(formatOrderDate('2026-05-02T06:30:00.000Z', 'Europe/Moscow', 'ru', now))).toMatch(
      /^2 мая(,| в) 09:30$/,
    )
    expect(spaced(formatOrderDate('2026-05-02T06:30:00.000Z', 'Europe/Moscow', 'en', now))).toMatch(
      /^2 May(,| at) 09:30$/,
    )
  })

  it('counts the day where the restaurant is, not where the phone is', () => {
    // 23:10 in UTC on the 1st is already 09:10 on the 2nd in Vladivostok.
    expect(
      spaced(formatOrderDate('2026-05-01T23:10:00.000Z', 'Asia/Vladivostok', 'ru', now)),
    ).toMatch(/^2 мая(,| в) 09:10$/)
  })

  it('adds the year for an order from another year there', () => {
    // Still 2025 in UTC, already 2026 in Moscow: this year there, so no year.
    expect(spaced(formatOrderDate('2025-12-31T22:00:00.000Z', 'Europe/Moscow', 'ru', now))).toMatch(
      /^1 января(,| в) 01:00$/,
    )
    expect(spaced(formatOrderDate('2025-12-31T20:00:00.000Z', 'Europe/Moscow', 'ru', now))).toMatch(
      /^31 декабря 2025 г\.(,| в) 23:00$/,
    )
  })
})
