import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { safeParse } from 'zod/mini'
import {
  getAdminMenu,
  uploadedPhoto,
  type AdminMenu,
  type UploadedPhoto,
} from '@tableside/contracts/menu-admin'
import type { ApiClient } from '../../../lib/api-client'
import { ApiError } from '../../../lib/api-error'
import { useApiClient, useRuntimeConfig } from '../../../lib/app-context'
import { tokenHeaders } from '../../../lib/token-headers'
import { isOlderMenu, keepNewerMenu } from '../menu-version'

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

/** One change of the menu: a call whose answer is the whole menu as stored after it. */
export type MenuChange = (api: ApiClient) => Promise<AdminMenu>

/**
 * Every save of the menu screen. One at a time: a second waits in the mutation scope until the
 * first has answered. Keyed under 'admin', so a 401 ends the back office's session
 * (features/staff/api/staff-session.ts). The answer is shown unless a newer menu already is.
 */
export function useMenuSave() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: ['admin', 'menu-save'],
    scope: { id: 'admin-menu-save' },
    mutationFn: async (change: MenuChange) => {
      // A fetch under way would answer with the menu before this change.
      await queryClient.cancelQueries({ queryKey: adminMenuQueryKey })
      return change(api)
    },
    onSuccess: (saved) => {
      queryClient.setQueryData<AdminMenu>(adminMenuQueryKey, (shown) =>
        isOlderMenu(saved, shown) ? shown : saved,
      )
    },
  })
}

/** A photo for a dish or a story, keyed under 'admin' like the saves. */
export function usePhotoUpload() {
  const { apiBase } = useRuntimeConfig()
  return useMutation({
    mutationKey: ['admin', 'menu-photo'],
    mutationFn: (file: Blob) => uploadPhoto(apiBase, file),
  })
}

/**
 * The photo itself as the body (not JSON), with the manager's token like any call; a failure is
 * the app's `ApiError` with the server's code (a 401 ends the session like any other call's).
 */
export async function uploadPhoto(
  apiBase: string,
  file: Blob,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): Promise<UploadedPhoto> {
  let response: Response
  try {
    response = await fetchImpl(`${apiBase}/admin/menu/photos`, {
      method: 'POST',
      headers: { ...tokenHeaders(), 'content-type': file.type || 'application/octet-stream' },
      body: file,
    })
  } catch (cause) {
    throw ApiError.network(cause)
  }
  const data: unknown = await response.json().catch(() => undefined)
  if (!response.ok) throw ApiError.fromResponse(response, data)
  const parsed = safeParse(uploadedPhoto, data)
  if (!parsed.success) {
    throw ApiError.invalidResponse(response.status, '/admin/menu/photos', parsed.error.message)
  }
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
