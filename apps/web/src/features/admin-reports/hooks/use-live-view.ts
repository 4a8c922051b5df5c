import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { orderStatus } from '@tableside/contracts/order-status'
import { orderType } from '@tableside/contracts/restaurants'
import { useApiClient } from '../../../lib/app-context'
import { adminLiveQueryOptions, type LiveFilters } from '../api/admin-live'
import { useNow } from '../use-now'

/** The filters as the URL has them: a reload or a shared link shows the same. */
function filtersOf(params: URLSearchParams): LiveFilters {
  const filters: LiveFilters = {}
  const status = orderStatus.options.find((value) => value === params.get('status'))
  const type = orderType.options.find((value) => value === params.get('type'))
  if (status) filters.status = status
  if (type) filters.type = type
  for (const name of ['table', 'zone', 'waiter'] as const) {
    const value = params.get(name)
    if (value) filters[name] = value
  }
  return filters
}

/**
 * The live screen's state: its filters (in the URL), the orders and calls they show, polled,
 * and the clock calls' waits are counted on, the server's rather than the tablet's.
 */
export function useLiveView() {
  const api = useApiClient()
  const [params, setParams] = useSearchParams()
  const filters = filtersOf(params)
  const live = useQuery(adminLiveQueryOptions(api, filters))
  const now = useNow(1_000)
  const data = live.data
  // The server's clock against ours, so a call's wait does not depend on the tablet's clock.
  const skew = data ? Date.parse(data.generatedAt) - live.dataUpdatedAt : 0
  return {
    filters,
    live,
    serverNow: now + skew,
    setFilter: (name: keyof LiveFilters, value: string) => {
      const next = new URLSearchParams(params)
      if (value) next.set(name, value)
      else next.delete(name)
      setParams(next, { replace: true })
    },
    resetFilters: () => setParams({}, { replace: true }),
  }
}
