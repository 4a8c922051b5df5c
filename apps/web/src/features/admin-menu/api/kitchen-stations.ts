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
 * Gives the category to the station (decision 0070: a station's list is set whole, and a
 * category put on one leaves the station that had it). Read just before, so the list sent is the
 * station's as it is now; nothing is sent when the station has the category already.
 */
export async function assignStation(api: ApiClient, categoryId: string, stationId: string) {
  const { stations } = await api.callEndpoint(listStations)
  const categoryIds = stations.find((station) => station.id === stationId)?.categoryIds ?? []
  if (categoryIds.includes(categoryId)) return
  await api.callEndpoint(updateStation, {
    params: { stationId },
    body: { categoryIds: [...categoryIds, categoryId] },
  })
}
