import { describe, expect, it } from 'vitest'
import {
  createMask,
  formatMoney,
  formatNumber,
  formatPhone,
  isCompletePhone,
  maskValue,
  numberMaskOptions,
  unmaskValue,
} from './masks'

/** Intl uses narrow no-break spaces in ru-RU; compare with plain spaces for readability. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

describe('mask tokens', () => {
  it('# takes digits only', () => {
    expect(maskValue('12ab34', '##-##')).toBe('12-34')
  })

  it('@ takes letters of any script, not digits', () => {
    expect(maskValue('ab12', '@@')).toBe('ab')
    expect(maskValue('жк', '@@')).toBe('жк')
  })

  it('* takes letters or digits but not punctuation', () => {
    expect(maskValue('a1-б2', '****')).toBe('a1б2')
  })

  it('unmasks back to the typed characters', () => {
    expect(unmaskValue('12-34', '##-##')).toBe('1234')
  })
})

describe('phone mask', () => {
  it.each([
    ['9161234567', '+7 (916) 123-45-67'],
    ['+79161234567', '+7 (916) 123-45-67'],
    ['89161234567', '+7 (916) 123-45-67'],
    ['+7 916 123 45 67', '+7 (916) 123-45-67'],
    ['916', '+7 (916'],
  ])('formats %s as %s', (input, expected) => {
    expect(formatPhone(input)).toBe(expected)
  })

  it('knows a complete number from a partial one', () => {
    expect(isCompletePhone('+7 (916) 123-45-67')).toBe(true)
    expect(isCompletePhone('+7 (916) 123-45')).toBe(false)
  })
})

describe('number input mask', () => {
  it('groups digits and limits fraction digits the locale way', () => {
    const ru = createMask(null, numberMaskOptions({ locale: 'ru-RU', fraction: 2 }))
    expect(plain(ru.masked('1234567,891'))).toBe('1 234 567,89')
    expect(ru.unmasked('1 234,5')).toBe('1234.5')
    const en = createMask(null, numberMaskOptions({ locale: 'en-US', fraction: 0 }))
    expect(en.masked('1234567.8')).toBe('1,234,567')
  })

  it('drops the minus sign when unsigned', () => {
    expect(createMask(null, numberMaskOptions({ locale: 'en-US' })).masked('-5')).toBe('-5')
    expect(
      createMask(null, numberMaskOptions({ locale: 'en-US', unsigned: true })).masked('-5'),
    ).toBe('5')
  })
})

describe('number and money formatting', () => {
  it('formats with a locale and at most the given fraction digits', () => {
    expect(plain(formatNumber(1234.567, { locale: 'ru-RU', fraction: 2 }))).toBe('1 234,57')
    expect(formatNumber(1234.567, { locale: 'en-US', fraction: 1 })).toBe('1,234.6')
    expect(formatNumber(1234.5, { locale: 'en-US' })).toBe('1,235')
  })

  it('drops the sign when unsigned', () => {
    expect(formatNumber(-12.5, { locale: 'en-US', fraction: 1, unsigned: true })).toBe('12.5')
    expect(formatNumber(-12.5, { locale: 'en-US', fraction: 1 })).toBe('-12.5')
  })

  it('formats integer minor units as money in the currency', () => {
    expect(plain(formatMoney(123_450, 'RUB', 'ru-RU'))).toBe('1 234,50 ₽')
    expect(plain(formatMoney(50_000, 'RUB', 'ru-RU'))).toBe('500 ₽')
    expect(formatMoney(1_999, 'USD', 'en-US')).toBe('$19.99')
    expect(formatMoney(1_500, 'JPY', 'ja-JP')).toBe('￥1,500')
  })
})
