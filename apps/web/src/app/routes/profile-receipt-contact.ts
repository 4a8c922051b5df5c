import { useClientMe } from '../../features/client/api/client-me'
import type { ProfileReceiptContact } from '../../features/payments/receipt-contact'

/**
 * The signed-in diner's receipt contact as the payment screens take it (decision 0142): null
 * for an anonymous diner, and until the profile is read (the field fills in when it is).
 */
export function useProfileReceiptContact(): ProfileReceiptContact | null {
  const me = useClientMe()
  return me.data ? { contact: me.data.receiptContact } : null
}
