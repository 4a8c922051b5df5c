import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dateLocale, restaurantClock, restaurantDay, restaurantTime } from './restaurant-time'

// The device is on UTC (a tablet left on its factory zone); the restaurant is in Moscow (UTC+3).
const deviceZone = process.env.TZ
beforeAll(() => {
  process.env.TZ = 'UTC'
})
afterAll(() => {
  if (deviceZone === undefined) delete process.env.TZ
  else process.env.TZ = deviceZone
})

describe('the restaurant’s time', () => {
  const delivery = '2026-11-28T19:30:00Z'

  it('reads the restaurant’s clock, not the device’s', () => {
    const onDevice = new Date(delivery).toLocaleTimeString('ru-RU', {
      hour: '2-digit',
      minute: '2-digit',
    })
    expect(onDevice).toBe('19:30')
    expect(restaurantClock(delivery, 'Europe/Moscow', 'ru-RU')).toBe('22:30')
    expect(restaurantClock(delivery, 'Asia/Vladivostok', dateLocale('en'))).toBe('05:30')
  })

  it('keeps a format per zone: two restaurants never share one', () => {
    const options = { hour: '2-digit', minute: '2-digit' } as const
    expect(restaurantTime(delivery, 'Europe/Moscow', 'en-GB', options)).toBe('22:30')
    expect(restaurantTime(delivery, 'America/New_York', 'en-GB', options)).toBe('14:30')
  })

  it('writes a moment in the restaurant’s locale', () => {
    const paidAt = { day: '2-digit', month: '2-digit', year: 'numeric' } as const
    const withTime = { ...paidAt, hour: '2-digit', minute: '2-digit' } as const
    expect(restaurantTime('2026-05-02T22:10:00Z', 'Europe/Moscow', 'ru-RU', withTime)).toBe(
      '03.05.2026, 01:10',
    )
  })

  it('takes the day where the restaurant is, not where the device is', () => {
    // 23:30 on 20 November in UTC is already the 21st in Moscow, still the 20th in New York.
    const now = new Date('2026-11-20T23:30:00Z')
    expect(restaurantDay(now, 'Europe/Moscow')).toBe('2026-11-21')
    expect(restaurantDay(now, 'America/New_York')).toBe('2026-11-20')
    expect(restaurantDay(now.toISOString(), 'UTC')).toBe('2026-11-20')
  })
})
