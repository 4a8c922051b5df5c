import { GARCON_PIN_LENGTH } from '@tableside/contracts/garcon'

export type PinChangeProblem = 'currentShort' | 'newShort' | 'mismatch' | 'same'

const isPin = (pin: string) =>
  /^\d+$/.test(pin) && pin.length >= GARCON_PIN_LENGTH.min && pin.length <= GARCON_PIN_LENGTH.max

/** What is wrong with the form before asking the server, in the order the fields come. */
export function pinChangeProblem(
  current: string,
  next: string,
  again: string,
): PinChangeProblem | null {
  if (!isPin(current)) return 'currentShort'
  if (!isPin(next)) return 'newShort'
  if (next !== again) return 'mismatch'
  if (next === current) return 'same'
  return null
}
