import type { ErrorCode, FieldError } from '@tableside/contracts/errors'

/**
 * A failure the client caused or may act on: answered with its status, code and message, and
 * `extra` keys beside them where the endpoint's contract documents them (`Endpoint.errors`).
 */
export class HttpError extends Error {
  override readonly name = 'HttpError'

  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldError[],
    readonly extra?: Readonly<Record<string, unknown>>,
  ) {
    super(message)
  }
}

export function notFound(message: string): HttpError {
  return new HttpError(404, 'not_found', message)
}
