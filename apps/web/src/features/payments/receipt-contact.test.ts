import { describe, expect, it } from 'vitest'
import {
  initialReceiptContact,
  looksLikeReceiptContact,
  recallReceiptContact,
  rememberReceiptContact,
} from './receipt-contact'

describe('where the receipt goes', () => {
  it('takes an email or a phone, and nothing else', () => {
    expect(looksLikeReceiptContact('guest@example.ru')).toBe(true)
    expect(looksLikeReceiptContact('+7 (916) 123-45-67')).toBe(true)
    expect(looksLikeReceiptContact('9161234567')).toBe(true)
    expect(looksLikeReceiptContact('guest@')).toBe(false)
    expect(looksLikeReceiptContact('12345')).toBe(false)
  })

  it('starts from the profile’s, for a signed-in diner who keeps one, else the device’s', () => {
    expect(initialReceiptContact({ contact: '+79161234567' }, 'old@example.ru')).toBe(
      '+79161234567',
    )
    expect(initialReceiptContact({ contact: null }, 'old@example.ru')).toBe('old@example.ru')
    expect(initialReceiptContact(null, 'old@example.ru')).toBe('old@example.ru')
    expect(initialReceiptContact(null, '')).toBe('')
  })

  it('is remembered on the device, and forgotten quietly where storage refuses', () => {
    const stored = new Map<string, string>()
    const storage = {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
    }
    rememberReceiptContact(storage, ' guest@example.ru ')
    expect(recallReceiptContact(storage)).toBe('guest@example.ru')
    const broken = {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('denied')
      },
    }
    expect(() => rememberReceiptContact(broken, 'x@y.ru')).not.toThrow()
    expect(recallReceiptContact(broken)).toBe('')
  })
})
