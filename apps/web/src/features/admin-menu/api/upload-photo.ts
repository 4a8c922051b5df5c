import { useMutation } from '@tanstack/react-query'
import { safeParse } from 'zod/mini'
import { uploadedPhoto, type UploadedPhoto } from '@tableside/contracts/menu-admin'
import { ApiError } from '../../../lib/api-error'
import { useRuntimeConfig } from '../../../lib/app-context'
import { tokenHeaders } from '../../../lib/token-headers'

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
