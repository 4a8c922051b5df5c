import type { z } from 'zod/mini'
import type { clientErrorKind, reportClientError } from '@tableside/contracts/client-errors'
import type { EndpointBody } from '@tableside/contracts/endpoint'
import { errorPageProps } from './error-details'

export type ClientErrorKind = z.infer<typeof clientErrorKind>
export type ClientErrorReport = EndpointBody<typeof reportClientError>
export type ReportError = (kind: ClientErrorKind, error: unknown, path?: string) => void

/** One page load never sends more than this, however often an error repeats. */
const MAX_REPORTS = 20

export interface ErrorReporterOptions {
  instanceId: string
  buildId: string
  /** Sends one report; a write, so it is never retried. */
  send: (report: ClientErrorReport) => Promise<unknown>
  currentPath?: () => string
}

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text)

/** Fire-and-forget error reports to the API (`reportClientError`), each error object once. */
export function createErrorReporter(options: ErrorReporterOptions): ReportError {
  const reported = new WeakSet<object>()
  let sent = 0
  return (kind, error, path = options.currentPath?.() ?? location.pathname) => {
    if (typeof error === 'object' && error !== null) {
      if (reported.has(error)) return
      reported.add(error)
    }
    if (sent >= MAX_REPORTS) return
    sent += 1
    const { status, message } = errorPageProps(error, path)
    const stack = error instanceof Error ? error.stack : undefined
    const report: ClientErrorReport = {
      kind,
      instanceId: clip(options.instanceId, 64),
      buildId: clip(options.buildId, 64),
      path: clip(path, 2048),
      status,
      message: clip(message ?? (error instanceof Error ? error.name : String(error)), 2000),
      ...(stack ? { stack: clip(stack, 8000) } : {}),
    }
    // A failed report must not become another error to report.
    options.send(report).catch(() => undefined)
  }
}
