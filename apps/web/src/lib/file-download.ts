import { ApiError } from './api-error'
import { apiErrorFromResponse } from './api-error-response'
import { tokenHeaders } from './token-headers'

/**
 * A file the server makes (a CSV), fetched with the signed-in staff's token: a plain link would
 * go without it, tokens travel in headers only. A failure is the app's `ApiError` with the
 * server's code, so a 401 ends the session as any other call's does.
 */
export async function fetchFile(
  url: string,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): Promise<Blob> {
  let response: Response
  try {
    response = await fetchImpl(url, { headers: tokenHeaders() })
  } catch (cause) {
    throw ApiError.network(cause)
  }
  if (!response.ok) {
    throw apiErrorFromResponse(response, await response.json().catch(() => undefined))
  }
  return response.blob()
}

/** Hands `blob` to the browser as a download named `name`. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  // After the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
