import { looksLikeEmail, MAX_RECEIPT_CONTACT } from '@tableside/contracts/receipt-contact'
import { mobileE164 } from './phone-number'

/**
 * Where a diner's fiscal receipt may go, as stored (decisions 0133, 0142): an email in lower
 * case, or a mobile number in E.164 read with libphonenumber-js (a Russian one without +7 or
 * with 8 is read as one); null for anything else, a landline too (the receipt comes by SMS).
 */
export function receiptContactOf(typed: string): string | null {
  const text = typed.trim()
  if (text.length === 0 || text.length > MAX_RECEIPT_CONTACT) return null
  if (text.includes('@')) return looksLikeEmail(text) ? text.toLowerCase() : null
  return mobileE164(text)
}

/** What a diner is told when a contact is none (the server's words; the app says its own). */
export const RECEIPT_CONTACT_INVALID =
  'Give an email or a mobile phone number. Укажите email или номер мобильного телефона.'
