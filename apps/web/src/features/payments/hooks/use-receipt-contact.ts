import { useState } from 'react'
import { isApiError } from '../../../lib/api-error'
import {
  deviceStorage,
  initialReceiptContact,
  looksLikeReceiptContact,
  recallReceiptContact,
  rememberReceiptContact,
  type ProfileReceiptContact,
} from '../receipt-contact'

const FIELD = 'body.receiptContact'

/**
 * The "where to send the receipt" field of a payment form (decisions 0133, 0142): prefilled from
 * the signed-in diner's profile, else from this device; for a signed-in diner, whether to keep
 * it on the profile (ticked when the profile keeps one already). `profile`: null for an anonymous
 * diner; it may arrive after the form is drawn, and fills the field then unless the diner typed.
 */
export function useReceiptContact(asks: boolean, profile: ProfileReceiptContact | null) {
  const [recalled] = useState(() => recallReceiptContact(deviceStorage()))
  const [typed, setTyped] = useState<string | null>(null)
  const [keepChoice, setKeepChoice] = useState<boolean | null>(null)
  const [tried, setTried] = useState(false)
  const [refused, setRefused] = useState(false)
  const value = typed ?? initialReceiptContact(profile, recalled)
  const keep = profile !== null && (keepChoice ?? profile.contact !== null)
  const invalid = asks && !looksLikeReceiptContact(value)
  return {
    asks,
    /** What the field is drawn with. */
    field: {
      value,
      invalid: (tried && invalid) || refused,
      onChange: (next: string) => {
        setTyped(next)
        setRefused(false)
      },
      ...(profile === null ? {} : { keep, onKeepChange: setKeepChoice }),
    },
    /** Before paying: false, and the field says why, when it is none; else kept on the device. */
    ready(): boolean {
      if (!asks) return true
      if (invalid) {
        setTried(true)
        return false
      }
      rememberReceiptContact(deviceStorage(), value)
      return true
    },
    /** What the payment's body carries of it. */
    body: asks
      ? { receiptContact: value.trim(), ...(keep ? { keepReceiptContact: true } : {}) }
      : {},
    /** The server refused the contact itself (a landline, say): the field says so. */
    refusedBy(error: unknown): boolean {
      if (!isApiError(error) || !error.fields.some((field) => field.path === FIELD)) return false
      setRefused(true)
      return true
    },
  }
}
