import { describe, expect, it } from 'vitest'
import { eraseDigit, pinFromKey, pinFromTyping, typeDigit } from './pin-entry'

describe('PIN entry', () => {
  it('adds digits up to eight and erases the last one', () => {
    expect(typeDigit('123', '4')).toBe('1234')
    expect(typeDigit('12345678', '9')).toBe('12345678')
    expect(eraseDigit('1234')).toBe('123')
    expect(eraseDigit('')).toBe('')
  })

  it('takes digits and Backspace from a physical keyboard, and nothing else', () => {
    expect(pinFromKey('12', '3')).toBe('123')
    expect(pinFromKey('12', 'Backspace')).toBe('1')
    expect(pinFromKey('12', 'a')).toBeNull()
    expect(pinFromKey('12', 'Enter')).toBeNull()
    expect(pinFromKey('12', 'F5')).toBeNull()
  })

  it('keeps only the digits of what is typed or pasted into the field, at most eight', () => {
    expect(pinFromTyping('12 34')).toBe('1234')
    expect(pinFromTyping('1a2b')).toBe('12')
    expect(pinFromTyping('123456789')).toBe('12345678')
  })
})
