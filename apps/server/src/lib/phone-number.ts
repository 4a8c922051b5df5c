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

/** What a typed mobile may hold: digits and the punctuation masks put in, nothing else. */
const TYPED_MOBILE = /^[+\d\s().-]{5,32}$/

/**
 * The number in E.164 when it is a real number a text message can reach (mobile, or a number
 * the plan does not tell apart from one), else null. Without a country code it is read as
 * Russian (`8 916 …`). The full ("max") metadata is used: it knows which ranges are mobile.
 */
export function mobileE164(typed: string): string | null {
  if (!TYPED_MOBILE.test(typed)) return null
  const parsed = parsePhoneNumberFromString(typed, 'RU')
  if (!parsed?.isValid()) return null
  const type = parsed.getType()
  if (type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE') return null
  return parsed.number
}
