import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  listGarconTables,
  setGarconShift,
  setGarconTables,
  type WaiterProfile,
} from '@tableside/contracts/garcon'
import type { EndpointBody, EndpointResponse } from '@tableside/contracts/endpoint'
import type { ApiClient } from '../../../lib/api-client'
import { useApiClient } from '../../../lib/app-context'
import { GARCON_KEY, garconMeQueryKey } from './garcon-keys'

export const garconTablesQueryKey = [GARCON_KEY, 'tables'] as const
export type GarconTablesAnswer = EndpointResponse<typeof listGarconTables>

/** The restaurant's tables with who serves each; the waiter's own are `mine`. */
export function garconTablesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: garconTablesQueryKey,
    queryFn: ({ signal }) => api.callEndpoint(listGarconTables, { signal }),
    staleTime: 60_000,
  })
}

/**
 * Makes the waiter's tables exactly these. The answer is the whole list afresh: it replaces
 * the cached one, and `garcon/me` learns the waiter's codes from it.
 */
export function useSaveGarconTables() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: [GARCON_KEY, 'tables', 'save'],
    mutationFn: (body: EndpointBody<typeof setGarconTables>) =>
      api.callEndpoint(setGarconTables, { body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(garconTablesQueryKey, answer)
      queryClient.setQueryData<WaiterProfile>(garconMeQueryKey, (me) =>
        me ? { ...me, tableCodes: answer.tables.filter((t) => t.mine).map((t) => t.code) } : me,
      )
    },
  })
}

/** Starts or ends the waiter's shift; `garcon/me` takes the answer. */
export function useSetGarconShift() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: [GARCON_KEY, 'shift'],
    mutationFn: (onShift: boolean) => api.callEndpoint(setGarconShift, { body: { onShift } }),
    onSuccess: (me) => queryClient.setQueryData(garconMeQueryKey, me),
  })
}
