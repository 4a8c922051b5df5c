import type { FieldError } from '@tableside/contracts/errors'

/** Codes the client itself assigns when there is no error body from the API to read. */
export type ClientErrorCode = 'network_error' | 'invalid_response' | 'http_error'

/** A failed API call: the status and the `{ error: { code, message, fields } }` body (spec §8). */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly status: number
  readonly code: string
  readonly fields: readonly FieldError[]
  /** From `retry-after` on a 429: how long before trying again is worth it. */
  declare retryAfterSeconds?: number

  constructor(status: number, code: string, message: string, fields: readonly FieldError[] = []) {
    super(message)
    this.status = status
    this.code = code
    this.fields = fields
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
