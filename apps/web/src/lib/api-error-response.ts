import { safeParse } from 'zod/mini'
import { errorBody } from '@tableside/contracts/errors'
import { ApiError } from './api-error'

/**
 * From an HTTP error response; a body that is not the API's error shape still gives a usable
 * error. A module of its own, with the error body's schema: it loads with the first failed
 * call, out of the first load (decision 0124).
 */
export function apiErrorFromResponse(response: Response, data: unknown): ApiError {
  const { status } = response
  const parsed = safeParse(errorBody, data)
  const { code, message, fields } = parsed.success
    ? parsed.data.error
    : { code: 'http_error', message: response.statusText || `HTTP ${status}`, fields: [] }
  const error = new ApiError(status, code, message, fields)
  // The API sends seconds; a date or nothing leaves the wait unknown.
  const seconds = Number(response.headers.get('retry-after'))
  if (seconds) error.retryAfterSeconds = seconds
  return error
}
