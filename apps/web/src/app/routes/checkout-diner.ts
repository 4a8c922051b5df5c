import { MAX_CLIENT_ADDRESSES } from '@tableside/contracts/client'
import { useAddAddress, useClientAddresses } from '../../features/client/api/client-addresses'
import { useClientMe } from '../../features/client/api/client-me'
import { useProfileToken } from '../../features/client/profile-session-store'
import type { CheckoutDiner } from '../../features/checkout/saved-addresses'

/**
 * The signed-in diner as the checkout takes them: undefined while their profile and saved
 * addresses load, null for an anonymous diner (or when the profile does not load: the checkout
 * works without it). Saving an address is fire-and-forget: its mutation keeps no error anyone
 * sees, and outlives this screen.
 */
export function useCheckoutDiner(): CheckoutDiner | null | undefined {
  const token = useProfileToken()
  const me = useClientMe()
  const client = me.data
  // Asked beside the profile, not after it: one round trip before the form, not two.
  const addresses = useClientAddresses(token !== undefined)
  const add = useAddAddress()
  if (!token) return null
  if (me.isPending) return undefined
  if (!client) return null
  if (addresses.isPending) return undefined
  return {
    name: client.name,
    phone: client.phone,
    addresses: addresses.data?.addresses ?? [],
    maxAddresses: MAX_CLIENT_ADDRESSES,
    saveAddress: (address) => add.mutate(address),
  }
}
