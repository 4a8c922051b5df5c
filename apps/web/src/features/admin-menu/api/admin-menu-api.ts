import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { safeParse } from 'zod/mini'
import {
  getAdminMenu,
  uploadedPhoto,
  type AdminMenu,
  type UploadedPhoto,
} from '@tableside/contracts/menu-admin'
import type { ApiClient } from '../../../lib/api-client'
import { ApiError } from '../../../lib/api-error'
import { tokenHeaders } from '../../../lib/token-headers'

export const adminMenuQueryKey = ['admin', 'menu'] as const

/** The manager's whole menu, as the import/export file. */
export function adminMenuQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: adminMenuQueryKey,
    queryFn: ({ signal }) => api.callEndpoint(getAdminMenu, { signal }),
    staleTime: 10_000,
  })
}

/** Every save answers with the whole menu: the screen shows what was stored. */
export function showSaved(queryClient: QueryClient, saved: AdminMenu): void {
  queryClient.setQueryData(adminMenuQueryKey, saved)
}

/** The photo itself as the body (not JSON), with the manager's token like any call. */
export async function uploadPhoto(apiBase: string, file: Blob): Promise<UploadedPhoto> {
  let response: Response
  try {
    response = await fetch(`${apiBase}/admin/menu/photos`, {
      method: 'POST',
      headers: { ...tokenHeaders(), 'content-type': file.type || 'application/octet-stream' },
      body: file,
    })
  } catch {
    throw new ApiError(0, 'network_error', 'No connection to the server.')
  }
  const data: unknown = await response.json().catch(() => undefined)
  if (!response.ok) throw ApiError.fromResponse(response, data)
  const parsed = safeParse(uploadedPhoto, data)
  if (!parsed.success) throw new ApiError(response.status, 'invalid_response', 'Unexpected answer.')
  return parsed.data
}

/** The menu as a file to keep or to import elsewhere (`menu:import` takes it back unchanged). */
export function downloadMenuFile(menu: AdminMenu, name: string): void {
  const blob = new Blob([`${JSON.stringify(menu.file, null, 2)}\n`], { type: 'application/json' })
  const link = document.createElement('a')
  link.href = URL.createObjectURL(blob)
  link.download = name
  link.click()
  setTimeout(() => {
    URL.revokeObjectURL(link.href)
  }, 1000)
}
