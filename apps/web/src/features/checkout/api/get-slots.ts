import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { getSlots } from '@tableside/contracts/orders'
import type { ApiClient } from '../../../lib/api-client'

export type ScheduledType = 'delivery' | 'pickup' | 'preorder'

/** Times a delivery, pickup or pre-order can be booked for on a day (null: the first day). */
export function slotsQueryOptions(
  api: ApiClient,
  restaurantId: string,
  type: ScheduledType,
  date: string | null,
) {
  return queryOptions({
    queryKey: ['restaurants', restaurantId, 'slots', type, date],
    queryFn: ({ signal }) =>
      api.callEndpoint(getSlots, {
        params: { restaurantId },
        query: date ? { type, date } : { type },
        signal,
      }),
    // Slots run out as the clock moves: a minute is as old as a list may get.
    staleTime: 60_000,
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  })
}
