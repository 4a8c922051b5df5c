/**
 * Where the diner's fiscal receipts go (decision 0133), remembered on this device so the next
 * payment asks nothing. Storage may be unavailable (private mode): then nothing is remembered.
 */
const KEY = 'tableside.receiptContact'

export function recallReceiptContact(storage: Pick<Storage, 'getItem'> | undefined): string {
  try {
    return storage?.getItem(KEY) ?? ''
  } catch {
    return ''
  }
}

export function rememberReceiptContact(
  storage: Pick<Storage, 'setItem'> | undefined,
  contact: string,
): void {
  try {
    storage?.setItem(KEY, contact.trim())
  } catch {
    // Not remembered: the diner types it again next time.
  }
}

/** An email, or a phone of 10–15 digits: the server's own check, so the form says it first. */
export function looksLikeReceiptContact(text: string): boolean {
  const value = text.trim()
  if (/^[^\s@]{1,64}@[^\s@]{1,185}\.[^\s@]{2,63}$/.test(value)) return true
  return /^\+?\d{10,15}$/.test(value.replace(/[\s()-]/g, ''))
}

export const deviceStorage = (): Storage | undefined => {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}
