import { describe, expect, it } from 'vitest'
import { tipTime } from './tip-time'

describe('tipTime', () => {
  // 21:30 UTC on Tuesday is 00:30 on Wednesday in Moscow.
  const iso = '2026-11-24T21:30:00Z'

  it('gives today’s time on the restaurant’s clock, not the phone’s', () => {
    expect(tipTime(iso, 'today', 'ru', 'Europe/Moscow')).toBe('00:30')
    expect(tipTime(iso, 'today', 'en', 'Asia/Vladivostok')).toBe('07:30')
  })

  it('adds the restaurant’s day for a week or a month', () => {
    expect(tipTime(iso, 'week', 'en', 'Europe/Moscow')).toBe('Wed 25 Nov, 00:30')
    expect(tipTime(iso, 'month', 'ru', 'Europe/Moscow')).toMatch(/^ср, 25 нояб\.?,? 00:30$/)
  })
})
