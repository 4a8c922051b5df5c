import { safeParse } from 'zod/mini'
import { errorBody, type FieldError } from '@tableside/contracts/errors'

/** Codes the client itself assigns when there is no error body from the API to read. */
export type ClientErrorCode = 'network_error' | 'invalid_response' | 'http_error'

/** A failed API call: the status and the `{ error: { code, message, fields } }` body (spec §8). */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly status: number
  readonly code: string
  readonly fields: readonly FieldError[]

  constructor(status: number, code: string, message: string, fields: readonly FieldError[] = []) {
    super(message)
    this.status = status
    this.code = code
    this.fields = fields
  }

  /** From an HTTP error response; a body that is not the API's error shape still gives a usable error. */
  static fromResponse(status: number, statusText: string, data: unknown): ApiError {
    const parsed = safeParse(errorBody, data)
    if (parsed.success) {
      const { code, message, fields } = parsed.data.error
      return new ApiError(status, code, message, fields)
    }
    return new ApiError(status, 'http_error', statusText || `HTTP ${status}`)
  }

  static network(cause: unknown): ApiError {
    const error = new ApiError(0, 'network_error', 'The server could not be reached')
    error.cause = cause
    return error
  }

  static invalidResponse(status: number, path: string, detail: string): ApiError {
    return new ApiError(
      status,
      'invalid_response',
      `The response of ${path} does not match its contract: ${detail}`,
    )
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}
