/** An error a loader throws to show the error page with an HTTP status, e.g. 404. */
export class HttpStatusError extends Error {
  override readonly name = 'HttpStatusError'
  readonly status: number

  constructor(status: number, message: string) {
    super(message)
    this.status = status
  }
}

export function notFound(message = 'Not found'): HttpStatusError {
  return new HttpStatusError(404, message)
}
