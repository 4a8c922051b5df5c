import { GARCON_PIN_LENGTH } from '@tableside/contracts/garcon'

/** One more digit, while the PIN is shorter than its longest. */
export const typeDigit = (pin: string, digit: string): string =>
  pin.length < GARCON_PIN_LENGTH.max ? pin + digit : pin

export const eraseDigit = (pin: string): string => pin.slice(0, -1)

/** A key pressed on a physical keyboard: the new PIN, or null when the key is not for the PIN. */
export function pinFromKey(pin: string, key: string): string | null {
  if (/^\d$/.test(key)) return typeDigit(pin, key)
  if (key === 'Backspace') return eraseDigit(pin)
  return null
}

/** What the PIN field holds after typing or pasting: its digits, no more than a PIN has. */
export const pinFromTyping = (value: string): string =>
  value.replace(/\D/g, '').slice(0, GARCON_PIN_LENGTH.max)
