import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  createAdminTable,
  createAdminZone,
  deleteAdminZone,
  getAdminFloor,
  orderAdminZones,
  rotateAdminTableToken,
  updateAdminTable,
  updateAdminZone,
  type AdminFloor,
  type AdminTable,
  type TableInput,
  type ZoneInput,
} from '@tableside/contracts/admin-tables'
import type { ApiClient } from '../../../lib/api-client'
import { useApiClient } from '../../../lib/app-context'

export const adminFloorQueryKey = ['admin', 'tables'] as const

/** The restaurant's zones and tables with their QR links, as the manager edits them. */
export function adminFloorQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: adminFloorQueryKey,
    queryFn: ({ signal }) => api.callEndpoint(getAdminFloor, { signal }),
  })
}

/** A changed table replaces its row in the cached floor; a new one joins it. */
function withTable(floor: AdminFloor | undefined, table: AdminTable): AdminFloor | undefined {
  if (!floor) return floor
  const known = floor.tables.some((row) => row.id === table.id)
  return {
    ...floor,
    tables: known
      ? floor.tables.map((row) => (row.id === table.id ? table : row))
      : [...floor.tables, table],
  }
}

/** Every change answers with the row it wrote; the floor is fetched again for counts and order. */
function useFloorMutation<Variables, Answer>(
  name: string,
  call: (api: ApiClient, variables: Variables) => Promise<Answer>,
  apply?: (floor: AdminFloor | undefined, answer: Answer) => AdminFloor | undefined,
) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: ['admin', 'tables', name],
    mutationFn: (variables: Variables) => call(api, variables),
    onSuccess: async (answer) => {
      if (apply) queryClient.setQueryData<AdminFloor>(adminFloorQueryKey, (f) => apply(f, answer))
      await queryClient.invalidateQueries({ queryKey: adminFloorQueryKey })
    },
  })
}

export const useCreateZone = () =>
  useFloorMutation('create-zone', (api, body: ZoneInput) =>
    api.callEndpoint(createAdminZone, { body }),
  )

export const useUpdateZone = () =>
  useFloorMutation('update-zone', (api, { id, ...body }: Partial<ZoneInput> & { id: string }) =>
    api.callEndpoint(updateAdminZone, { params: { zoneId: id }, body }),
  )

export const useDeleteZone = () =>
  useFloorMutation('delete-zone', (api, id: string) =>
    api.callEndpoint(deleteAdminZone, { params: { zoneId: id } }),
  )

export const useCreateTable = () =>
  useFloorMutation(
    'create-table',
    (api, body: TableInput) => api.callEndpoint(createAdminTable, { body }),
    withTable,
  )

export const useUpdateTable = () =>
  useFloorMutation(
    'update-table',
    (api, { id, ...body }: Partial<TableInput> & { id: string }) =>
      api.callEndpoint(updateAdminTable, { params: { tableId: id }, body }),
    withTable,
  )

export const useRotateTableToken = () =>
  useFloorMutation(
    'rotate-token',
    (api, id: string) => api.callEndpoint(rotateAdminTableToken, { params: { tableId: id } }),
    withTable,
  )

/**
 * Puts the zones in a new order, drawn at once (a refetch in flight is cancelled first, so it
 * cannot draw the old order back) and drawn back if the server refuses it.
 */
export function useOrderZones() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: ['admin', 'tables', 'order-zones'],
    // Quick presses go to the server one after another, so the last order drawn is the one kept.
    scope: { id: 'admin-zone-order' },
    mutationFn: (zoneIds: string[]) => api.callEndpoint(orderAdminZones, { body: { zoneIds } }),
    onMutate: async (zoneIds) => {
      await queryClient.cancelQueries({ queryKey: adminFloorQueryKey })
      const before = queryClient.getQueryData<AdminFloor>(adminFloorQueryKey)
      queryClient.setQueryData<AdminFloor>(adminFloorQueryKey, (floor) => {
        if (!floor) return floor
        const rank = new Map(zoneIds.map((id, index) => [id, index]))
        const place = (id: string) => rank.get(id) ?? zoneIds.length
        return { ...floor, zones: [...floor.zones].sort((a, b) => place(a.id) - place(b.id)) }
      })
      return { before }
    },
    onError: (_error, _zoneIds, context) => {
      if (context?.before) queryClient.setQueryData(adminFloorQueryKey, context.before)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminFloorQueryKey }),
  })
}
