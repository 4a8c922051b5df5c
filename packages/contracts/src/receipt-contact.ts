/**
 * Where a diner's fiscal receipt goes (decisions 0133, 0142), as the forms check it before
 * sending: small and free of zod, so the diner's first load carries it at no cost.
 */

/** Longest contact a receipt takes (an email's most, RFC 5321). */
export const MAX_RECEIPT_CONTACT = 254

/** An email as a receipt takes it: the form's check and the server's alike. */
export function looksLikeEmail(text: string): boolean {
  return /^[^\s@]{1,64}@[^\s@]{1,185}\.[^\s@]{2,63}$/.test(text.trim())
}

/**
 * An email, or what may be a phone (10–15 digits): the form's first check. The server then
 * reads a phone with libphonenumber-js and takes only a mobile one (decision 0142).
 */
export function receiptContactProblem(contact: string): 'invalid' | null {
  const text = contact.trim()
  if (looksLikeEmail(text)) return null
  const digits = text.replace(/[\s()-]/g, '')
  return /^\+?\d{10,15}$/.test(digits) ? null : 'invalid'
}
