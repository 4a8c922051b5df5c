import { queryOptions } from '@tanstack/react-query'
import { getGarconMe } from '@tableside/contracts/garcon'
import type { ApiClient } from '../../../lib/api-client'
import { garconMeQueryKey } from './garcon-keys'

/** The waiter the token signs in: asked when the waiter area opens, so a dead token shows at once. */
export function garconMeQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: garconMeQueryKey,
    queryFn: ({ signal }) => api.callEndpoint(getGarconMe, { signal }),
    staleTime: 5 * 60_000,
  })
}
