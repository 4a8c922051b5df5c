import { useEffect, useRef, useState } from 'react'
import type { Order, PlaceOrderBody } from '@tableside/contracts/orders'
import { useApiClient } from '../../../lib/app-context'
import { ApiError, isApiError } from '../../../lib/api-error'
import { placeOrderOnce } from '../api/place-order'
import { beginAttempt, finishAttempt } from '../pending-order'
import { sendUntilAnswered, type SendWait } from '../send-until-answered'

export type SendState =
  | { phase: 'idle' }
  /** `wait` says why the order is not through yet: offline, or trying again after a failure. */
  | { phase: 'sending'; wait: SendWait | null }
  /** The order is in; the screen is on its way to it, and nothing more can be sent. */
  | { phase: 'placed' }

export type PlaceResult =
  | { kind: 'placed'; order: Order }
  /** The server's answer was no: the error says why (code, fields). */
  | { kind: 'refused'; error: ApiError }
  /** Already sending, or the screen was left: nothing to do. */
  | { kind: 'ignored' }

/**
 * Places an order and keeps trying, with one Idempotency-Key, until the server answers; a
 * second tap while sending does nothing. The key lives with the body in this browser until
 * the answer, so a reload continues the same attempt.
 */
export function usePlaceOrder(restaurantId: string) {
  const api = useApiClient()
  const [state, setState] = useState<SendState>({ phase: 'idle' })
  const running = useRef<AbortController | null>(null)
  const placed = useRef(false)
  useEffect(() => () => running.current?.abort(), [])

  const place = async (body: PlaceOrderBody): Promise<PlaceResult> => {
    if (running.current || placed.current) return { kind: 'ignored' }
    const controller = new AbortController()
    running.current = controller
    const attempt = beginAttempt(restaurantId, body)
    setState({ phase: 'sending', wait: null })
    try {
      const order = await sendUntilAnswered(
        (signal) => placeOrderOnce(api, restaurantId, attempt.key, attempt.body, signal),
        { signal: controller.signal, onWait: (wait) => setState({ phase: 'sending', wait }) },
      )
      finishAttempt(restaurantId)
      placed.current = true
      return { kind: 'placed', order }
    } catch (error) {
      if (controller.signal.aborted) return { kind: 'ignored' }
      // A 4xx is final: a corrected order is a new attempt with a new key. Anything else
      // (an answer that does not read) keeps the key, so trying again cannot double the order.
      if (isApiError(error) && error.status >= 400 && error.status < 500) {
        finishAttempt(restaurantId)
      }
      return {
        kind: 'refused',
        error: isApiError(error) ? error : new ApiError(0, 'internal_error', String(error)),
      }
    } finally {
      running.current = null
      if (!controller.signal.aborted) setState({ phase: placed.current ? 'placed' : 'idle' })
    }
  }

  return { state, place }
}
