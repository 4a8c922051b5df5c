/**
 * The waiter's service worker (`public/garcon-sw.js`), registered for the waiter's screens only:
 * it shows Web Push alerts when the screen is locked and opens the waiter's screen on a tap.
 * Service workers and push exist only in secure contexts (https, localhost).
 */
export const SERVICE_WORKER_URL = '/garcon-sw.js'

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window
  )
}

/** Registers the worker for the waiter's screens (`scope`: `/rest/{rid}/garcon`) and waits until it runs. */
export async function registerGarconWorker(scope: string): Promise<ServiceWorkerRegistration> {
  // Guarded here too, not only by the callers: on http at a LAN address there is no worker.
  if (!pushSupported()) throw new Error('Service workers need a secure context (https)')
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope })
  if (registration.active) return registration
  const worker = registration.installing ?? registration.waiting
  if (worker) {
    await new Promise<void>((resolve) => {
      const check = () => {
        if (worker.state === 'activated' || worker.state === 'redundant') {
          worker.removeEventListener('statechange', check)
          resolve()
        }
      }
      worker.addEventListener('statechange', check)
      check()
    })
  }
  return registration
}

/** The waiter's worker if this browser has one registered already. */
export async function garconWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (!pushSupported()) return undefined
  const registrations = await navigator.serviceWorker.getRegistrations()
  return registrations.find((registration) =>
    (registration.active ?? registration.waiting ?? registration.installing)?.scriptURL.endsWith(
      SERVICE_WORKER_URL,
    ),
  )
}
