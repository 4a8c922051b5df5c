import { queryOptions } from '@tanstack/react-query'
import { getKitchenBoard } from '@tableside/contracts/kitchen'
import type { ApiClient } from '../../../lib/api-client'

export const kitchenBoardKey = ['kitchen', 'board'] as const

/**
 * The kitchen's tickets. Kept fresh by `kitchen.changed` events (and a slow poll in case the
 * socket is down); structural sharing keeps unchanged tickets the same objects, so their
 * memoised cards do not draw again.
 */
export function kitchenBoardQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: kitchenBoardKey,
    queryFn: ({ signal }) => api.callEndpoint(getKitchenBoard, { signal }),
    refetchInterval: 60_000,
    staleTime: 5_000,
  })
}
