import { queryOptions, useQuery } from '@tanstack/react-query'
import { getAdminMenu } from '@tableside/contracts/menu-admin'
import type { ApiClient } from '../../../lib/api-client'
import { useApiClient } from '../../../lib/app-context'
import { keepNewerMenu } from '../menu-version'

export const adminMenuQueryKey = ['admin', 'menu'] as const

/** The manager's whole menu, as the import/export file. */
export function adminMenuQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: adminMenuQueryKey,
    queryFn: ({ signal }) => api.callEndpoint(getAdminMenu, { signal }),
    staleTime: 10_000,
    // A fetch that read the menu before a save and answers after it does not roll it back.
    structuralSharing: keepNewerMenu,
  })
}

export function useAdminMenu() {
  return useQuery(adminMenuQueryOptions(useApiClient()))
}
