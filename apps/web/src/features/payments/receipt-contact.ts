import { receiptContactProblem } from '@tableside/contracts/receipt-contact'

/**
 * Where the diner's fiscal receipts go (decision 0133), remembered on this device so the next
 * payment asks nothing. Storage may be unavailable (private mode): then nothing is remembered.
 */
const KEY = 'tableside.receiptContact'

/**
 * The signed-in diner's profile as a payment reads it (decision 0142): where their receipts go,
 * kept on the profile (null: none yet). A payment screen is given null for an anonymous diner.
 */
export interface ProfileReceiptContact {
  contact: string | null
}

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

/**
 * An email, or a phone of 10–15 digits: the form says it first. The server reads a phone with
 * libphonenumber-js and takes only a mobile one, and the field says so when it refuses.
 */
export function looksLikeReceiptContact(text: string): boolean {
  return receiptContactProblem(text) === null
}

/**
 * What the form starts with: the profile's contact for a signed-in diner who keeps one, else
 * this device's.
 */
export function initialReceiptContact(
  profile: ProfileReceiptContact | null,
  recalled: string,
): string {
  return profile?.contact ?? recalled
}

export const deviceStorage = (): Storage | undefined => {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}
