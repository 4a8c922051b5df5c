import { describe, expect, it } from 'vitest'
import { formatOrderTime } from './format-time'

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
