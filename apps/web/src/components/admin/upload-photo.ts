import { safeParse } from 'zod/mini'
import { uploadedPhoto, type UploadedPhoto } from '@tableside/contracts/menu-admin'
import { ApiError } from '../../lib/api-error'
import { apiErrorFromResponse } from '../../lib/api-error-response'
import { tokenHeaders } from '../../lib/token-headers'

/**
 * A photo uploaded in the back office (a dish's, a story's, the restaurant's logo): the photo itself as the body (not JSON), with the manager's token like any call; a failure is
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
  if (!response.ok) throw apiErrorFromResponse(response, data)
  const parsed = safeParse(uploadedPhoto, data)
  if (!parsed.success) {
    throw ApiError.invalidResponse(response.status, '/admin/menu/photos', parsed.error.message)
  }
  return parsed.data
}
