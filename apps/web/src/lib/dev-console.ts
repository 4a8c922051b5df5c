import type { Environment } from '@tableside/contracts/runtime-config'

/**
 * The in-page developer console, only in development (spec §9). A dynamic import keeps eruda
 * out of the production entry chunk.
 */
export async function startDevConsole(environment: Environment): Promise<boolean> {
  if (environment !== 'development') return false
  const { default: eruda } = await import('eruda')
  eruda.init()
  window.addEventListener('unhandledrejection', forgetCancelledReads)
  return true
}

/**
 * Eruda's network panel wraps `fetch` and reads a copy of every response's body, in a promise
 * nobody awaits (eruda 3.4, `FetchRequest.send`). When the app cancels a request after its
 * headers came (a screen closed, React Query dropped a query nobody watches any more), that
 * read fails with the cancel's AbortError and surfaced as an uncaught page error. The app's own
 * requests handle their cancels, so an unhandled AbortError here is that copy's: it is dropped.
 */
function forgetCancelledReads(event: PromiseRejectionEvent): void {
  const reason: unknown = event.reason
  if (reason instanceof DOMException && reason.name === 'AbortError') event.preventDefault()
}
