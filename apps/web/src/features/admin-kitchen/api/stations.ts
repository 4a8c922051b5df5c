import { useSyncExternalStore } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  createStation,
  deleteStation,
  listStations,
  updateKitchenThresholds,
  updateStation,
  type KitchenThresholds,
} from '@tableside/contracts/kitchen'
import { getAdminMenu } from '@tableside/contracts/menu-admin'
import { useApiClient } from '../../../lib/app-context'
import { withChange, type AdminStations } from '../category-options'

// 'admin' first: a 401 ends the back office's session and a sign-out clears them (staff-session.ts).
const stationsKey = ['admin', 'stations'] as const
/** The menu screen's key too: both read the same answer, so one cache serves them. */
const menuKey = ['admin', 'menu'] as const
/** Changes to the stations go to the server one at a time, in the order they were made. */
const scope = { id: 'admin-stations' }

/** The kitchen's stations with their categories, and the ticket timer's thresholds. */
export function useStations() {
  const api = useApiClient()
  return useQuery({
    queryKey: stationsKey,
    queryFn: ({ signal }) => api.callEndpoint(listStations, { signal }),
  })
}

/** The menus whose categories the stations cook. */
export function useMenuForStations() {
  const api = useApiClient()
  return useQuery({
    queryKey: menuKey,
    queryFn: ({ signal }) => api.callEndpoint(getAdminMenu, { signal }),
    staleTime: 10_000,
  })
}

/** A change to the stations; the list is read again after it, whatever the answer. */
function useStationsChange<Variables>(
  name: string,
  call: (api: ReturnType<typeof useApiClient>, variables: Variables) => Promise<unknown>,
) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: ['admin', 'stations', name],
    scope,
    mutationFn: (variables: Variables) => call(api, variables),
    onSettled: () => queryClient.invalidateQueries({ queryKey: stationsKey }),
  })
}

export const useCreateStation = () =>
  useStationsChange('create', (api, body: { name: string; sortOrder: number }) =>
    api.callEndpoint(createStation, { body }),
  )

export interface StationChange {
  id: string
  name?: string
  sortOrder?: number
  categoryIds?: string[]
}

/**
 * A station's change shows at once (a tick is one tap, like the stop-list), and goes back if the
 * server refuses it. A category ticked here leaves the station that cooked it.
 */
export function useUpdateStation() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: ['admin', 'stations', 'update'],
    scope,
    mutationFn: ({ id, ...body }: StationChange) =>
      api.callEndpoint(updateStation, { params: { stationId: id }, body }),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: stationsKey })
      const before = queryClient.getQueryData<AdminStations>(stationsKey)
      if (before) queryClient.setQueryData(stationsKey, withChange(before, change))
      return { before }
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(stationsKey, context.before)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: stationsKey }),
  })
}

export const useDeleteStation = () =>
  useStationsChange('delete', (api, id: string) =>
    api.callEndpoint(deleteStation, { params: { stationId: id } }),
  )

export const useSaveThresholds = () =>
  useStationsChange('thresholds', (api, body: KitchenThresholds) =>
    api.callEndpoint(updateKitchenThresholds, { body }),
  )

/**
 * Where the manager's changes are: still on their way, all saved, or the last one refused (its
 * card says why). From the mutation cache itself: React Query's `useMutationState` would join
 * the diners' first load with the rest of @tanstack (vite.config.ts).
 */
export function useStationsSaveState(): 'idle' | 'saving' | 'saved' | 'failed' {
  const cache = useQueryClient().getMutationCache()
  const state = () => {
    const mine = cache.findAll({ mutationKey: ['admin', 'stations'] })
    if (mine.some((mutation) => mutation.state.status === 'pending')) return 'saving'
    const last = mine.at(-1)
    if (!last) return 'idle'
    return last.state.status === 'error' ? 'failed' : 'saved'
  }
  return useSyncExternalStore((notify) => cache.subscribe(notify), state)
}
