import { queryOptions } from '@tanstack/react-query'
import { lookupBonusCard } from '@tableside/contracts/bonus'
import type { ApiClient } from '../../../lib/api-client'
import { GARCON_KEY } from '../api/garcon-keys'

/**
 * A card of the waiter's restaurant by its twelve digits (decision 0059). Keyed under the
 * waiter's queries, so a 401 ends the session as anywhere else. Each look-up counts against
 * the waiter's limit, so a card once found is not asked again when the tab regains focus.
 */
export function bonusCardLookupOptions(api: ApiClient, number: string) {
  return queryOptions({
    queryKey: [GARCON_KEY, 'bonus-card', number],
    queryFn: ({ signal }) => api.callEndpoint(lookupBonusCard, { params: { number }, signal }),
    staleTime: 15_000,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  })
}
