import { BONUS_CARD_NUMBER_LENGTH } from '@tableside/contracts/bonus'

/**
 * The card number as the diner's screen shows it, in groups of four (`1234 5678 9012`): the
 * field masks what is typed or pasted to the same, so spaces, dashes or a `№` in a pasted
 * number are dropped and the groups are easy to check against the diner's phone.
 */
export const CARD_NUMBER_MASK = '#### #### ####'

/** The digits of what was typed or pasted. */
export const cardNumberDigits = (typed: string) => typed.replace(/\D/g, '')

/** The number to look up, or null while it is not twelve digits. */
export function cardNumberToLookUp(typed: string): string | null {
  const digits = cardNumberDigits(typed)
  return digits.length === BONUS_CARD_NUMBER_LENGTH ? digits : null
}

/** `1234 5678 9012`. */
export const groupedCardNumber = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ')
