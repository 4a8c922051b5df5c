import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { getSlots } from '@tableside/contracts/orders'
import type { ApiClient } from '../../../lib/api-client'
import { useApiClient } from '../../../lib/app-context'

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

/** The slots of a scheduled order type on a day; none asked for an order to the table (null). */
export function useSlots(restaurantId: string, type: ScheduledType | null, date: string | null) {
  return useQuery({
    ...slotsQueryOptions(useApiClient(), restaurantId, type ?? 'pickup', date),
    enabled: type !== null,
  })
}
