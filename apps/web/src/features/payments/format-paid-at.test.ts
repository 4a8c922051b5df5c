import { describe, expect, it } from 'vitest'
import { formatPaidAt } from './format-paid-at'

describe('formatPaidAt', () => {
  it('reads the moment on the restaurant’s clock, in its locale', () => {
    const moscow = { locale: 'ru-RU', timezone: 'Europe/Moscow' }
    expect(formatPaidAt('2026-05-02T16:30:00.000Z', moscow)).toBe('02.05.2026, 19:30')
    expect(formatPaidAt('2026-05-02T22:10:00.000Z', moscow)).toBe('03.05.2026, 01:10')
  })
})
