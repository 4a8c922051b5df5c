import { useQuery, useQueryClient } from '@tanstack/react-query'
import { listStations, updateStation } from '@tableside/contracts/kitchen'
import type { ApiClient } from '../../../lib/api-client'
import { useApiClient } from '../../../lib/app-context'

/** The stations screen's key too: both read the same answer, so one cache serves them. */
const stationsKey = ['admin', 'stations'] as const

/** The kitchen's stations, for the category form's choice of the one that cooks it. */
export function useKitchenStations() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  const query = useQuery({
    queryKey: stationsKey,
    queryFn: ({ signal }) => api.callEndpoint(listStations, { signal }),
    staleTime: 10_000,
  })
  return {
    stations: query.data?.stations ?? [],
    refresh: () => queryClient.invalidateQueries({ queryKey: stationsKey }),
  }
}

/**
 * Gives the category to the station; it leaves the station that had it (decisions 0070, 0127).
 * Only the category is sent, not the station's whole list read before: two managers giving a
 * category each to one station both keep theirs.
 */
export async function assignStation(api: ApiClient, categoryId: string, stationId: string) {
  await api.callEndpoint(updateStation, {
    params: { stationId },
    body: { addCategoryIds: [categoryId] },
  })
}
