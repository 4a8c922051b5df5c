import { describe, expect, it } from 'vitest'
import { formatNumber, formatPercent, formatPrice } from './format-price'

/** Intl uses no-break spaces in ru-RU; compare with plain spaces for readability. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')
const rub = { locale: 'ru-RU', currency: 'RUB' }

describe('formatPrice', () => {
  it('shows whole roubles without kopecks', () => {
    expect(plain(formatPrice(125_000, rub))).toBe('1 250 ₽')
    expect(plain(formatPrice(0, rub))).toBe('0 ₽')
  })

  it('shows kopecks when there are some', () => {
    expect(plain(formatPrice(1250, rub))).toBe('12,50 ₽')
  })

  it('follows the restaurant, not the interface language', () => {
    expect(formatPrice(99_900, { locale: 'en-US', currency: 'USD' })).toBe('$999')
    expect(formatPrice(99_950, { locale: 'en-US', currency: 'USD' })).toBe('$999.50')
  })

  it('knows currencies without minor units', () => {
    expect(formatPrice(500, { locale: 'ja-JP', currency: 'JPY' })).toBe('￥500')
  })
})

describe('formatNumber', () => {
  it('writes a plain number in the locale', () => {
    expect(formatNumber(4.5, 'ru')).toBe('4,5')
    expect(formatNumber(4.5, 'en')).toBe('4.5')
    expect(plain(formatNumber(1250, 'ru'))).toBe('1 250')
  })
})

describe('formatPercent', () => {
  it('writes basis points as the restaurant’s locale writes a share', () => {
    expect(plain(formatPercent(500, 'ru-RU'))).toBe('5 %')
    expect(plain(formatPercent(1250, 'ru-RU'))).toBe('12,5 %')
    expect(plain(formatPercent(1250, 'en-GB'))).toBe('12.5 %')
  })
})
