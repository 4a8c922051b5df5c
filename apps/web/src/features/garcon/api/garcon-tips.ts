import { queryOptions } from '@tanstack/react-query'
import { getGarconTips, type TipsPeriod } from '@tableside/contracts/garcon-tips'
import type { ApiClient } from '../../../lib/api-client'
import { GARCON_KEY } from './garcon-keys'

export const garconTipsQueryKey = [GARCON_KEY, 'tips'] as const

/** The waiter's tips of a period (restaurant time), newest first, with the period's total. */
export function garconTipsQueryOptions(api: ApiClient, period: TipsPeriod) {
  return queryOptions({
    queryKey: [...garconTipsQueryKey, period],
    queryFn: ({ signal }) => api.callEndpoint(getGarconTips, { query: { period }, signal }),
    staleTime: 30_000,
  })
}
