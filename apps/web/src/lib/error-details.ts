import { isRouteErrorResponse } from 'react-router'
import { ApiError } from './api-error'
import { HttpStatusError } from './http-status-error'

export const NOT_FOUND_TITLE = 'Page Not Found'
export const SERVER_ERROR_TITLE = 'Internal Server Error'
export const notFoundMessage = (path: string) => `Page not found: ${path}`

/** What the error page shows (spec §8): a status and, when the error has one, its own message. */
export interface ErrorPageProps {
  /** 0 when nothing answered: the server could not be reached. */
  status: number
  message?: string | undefined
}

function statusOf(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status
  if (error instanceof HttpStatusError) return error.status
  if (error instanceof ApiError) return error.code === 'network_error' ? 0 : error.status || 500
  return 500
}

function ownMessage(error: unknown): string | undefined {
  if (isRouteErrorResponse(error)) {
    return typeof error.data === 'string' && error.data !== ''
      ? error.data
      : error.statusText || undefined
  }
  if (error instanceof Error) return error.message || undefined
  if (typeof error === 'string') return error || undefined
  return undefined
}

/** Maps anything thrown to the error page's props; a 404 always names the path asked for. */
export function errorPageProps(error: unknown, path: string): ErrorPageProps {
  const status = statusOf(error)
  if (status === 404) return { status, message: notFoundMessage(path) }
  return { status, message: ownMessage(error) }
}

/**
 * The server did not answer at all (offline, a dropped connection): not a server error, and
 * not the spec's "Internal Server Error" either, since no status was ever given.
 */
export const isConnectionProblem = ({ status }: ErrorPageProps) => status === 0

export function errorTitle({ status, message }: ErrorPageProps): string {
  if (status === 404) return NOT_FOUND_TITLE
  return message ?? SERVER_ERROR_TITLE
}
