import { parsePhoneNumberFromString } from 'libphonenumber-js/max'

/** What a typed phone may hold: digits and the punctuation people put in, nothing else. */
const TYPED_PHONE = /^[+\d\s().-]{5,40}$/

/**
 * A restaurant's phone as typed, in E.164 when it is a valid number of any kind (a landline
 * too), else null. Without a country code it is read as Russian (`8 495 …`, `495 …`).
 */
export function phoneE164(typed: string): string | null {
  if (!TYPED_PHONE.test(typed)) return null
  const parsed = parsePhoneNumberFromString(typed, 'RU')
  return parsed?.isValid() ? parsed.number : null
}

/** A stored number as people write it (`+7 495 123-45-67`); text that is none, as it is. */
export function phoneDisplay(stored: string): string {
  const parsed = parsePhoneNumberFromString(stored)
  return parsed?.isValid() ? parsed.formatInternational() : stored
}
