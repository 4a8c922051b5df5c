import { isApiError } from '../../lib/api-error'

/** Waits between tries at sending an order: 1 s, 2 s, 4 s … at most 30 s. */
export function retryDelayMs(failures: number): number {
  return Math.min(1000 * 2 ** Math.max(0, failures - 1), 30_000)
}

/**
 * Whether an answer leaves the order's fate open, so the same request is sent again: no
 * answer at all, a timeout, a busy or failing server. Any other 4xx is the server's word.
 */
export function isRetryable(error: unknown): boolean {
  if (!isApiError(error)) return false
  if (error.code === 'network_error') return true
  return error.status >= 500 || error.status === 408 || error.status === 429
}

export type SendWait =
  { reason: 'offline' } | { reason: 'retrying'; failures: number; delayMs: number }

export interface SendOptions {
  signal: AbortSignal
  /** Told before each wait, so the screen can say what is happening. */
  onWait?: (wait: SendWait) => void
  isOnline?: () => boolean
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>
  whenOnline?: (signal: AbortSignal) => Promise<void>
}

const abortError = (signal: AbortSignal) =>
  signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError')

function sleepFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(done, ms)
    function done() {
      window.removeEventListener('online', done)
      signal.removeEventListener('abort', stop)
      resolve()
    }
    function stop() {
      clearTimeout(timer)
      window.removeEventListener('online', done)
      reject(abortError(signal))
    }
    // Coming back online is the best moment to try again.
    window.addEventListener('online', done)
    signal.addEventListener('abort', stop, { once: true })
  })
}

function onlineAgain(signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      signal.removeEventListener('abort', stop)
      resolve()
    }
    const stop = () => {
      window.removeEventListener('online', done)
      reject(abortError(signal))
    }
    window.addEventListener('online', done, { once: true })
    signal.addEventListener('abort', stop, { once: true })
  })
}

/**
 * Sends until an answer arrives: the same request again after a network failure or a
 * retryable status (backing off, and while offline waiting to be online), never after the
 * server has said no. Rejects with that answer, or when `signal` aborts.
 */
export async function sendUntilAnswered<T>(
  send: (signal: AbortSignal) => Promise<T>,
  {
    signal,
    onWait,
    isOnline = () => navigator.onLine,
    sleep = sleepFor,
    whenOnline = onlineAgain,
  }: SendOptions,
): Promise<T> {
  for (let failures = 0; ;) {
    signal.throwIfAborted()
    if (!isOnline()) {
      onWait?.({ reason: 'offline' })
      await whenOnline(signal)
    }
    try {
      return await send(signal)
    } catch (error) {
      if (signal.aborted || !isRetryable(error)) throw error
      failures++
      const delayMs = retryDelayMs(failures)
      onWait?.({ reason: 'retrying', failures, delayMs })
      await sleep(delayMs, signal)
    }
  }
}
