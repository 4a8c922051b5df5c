import { describe, expect, it } from 'vitest'
import { groupedNumber, pointsText } from './bonus-card'

describe('The bonus card’s words', () => {
  it('groups the number by four for a waiter to read', () => {
    expect(groupedNumber('123456789012')).toBe('1234 5678 9012')
  })

  it('counts points in Russian and English', () => {
    expect(pointsText(1, 'ru')).toBe('1\u00a0балл')
    expect(pointsText(61, 'ru')).toBe('61\u00a0балл')
    expect(pointsText(2, 'ru')).toBe('2\u00a0балла')
    expect(pointsText(120, 'ru')).toBe('120\u00a0баллов')
    expect(pointsText(200, 'ru')).toBe('200\u00a0баллов')
    expect(pointsText(1, 'en')).toBe('1\u00a0point')
    expect(pointsText(500, 'en')).toBe('500\u00a0points')
  })
})
