import * as z from 'zod/mini'
import { idempotencyKey, placeOrderBody, type PlaceOrderBody } from '@tableside/contracts/orders'
import { randomId } from '../../lib/random-id'
import { createStoredValue, useStoredValue, type StoredValue } from '../../lib/stored-value'

/**
 * An order sent without an answer yet: its Idempotency-Key and body, kept in this browser
 * until the server answers, so a retry (after a reload too) can never place a second order.
 */
const pendingOrder = z.object({ key: idempotencyKey, body: placeOrderBody })
export type PendingOrder = z.infer<typeof pendingOrder>

const stores = new Map<string, StoredValue<PendingOrder | null>>()

export const pendingOrderStorageKey = (restaurantId: string) =>
  `tableside.pending-order.v1.${restaurantId}`

function storeFor(restaurantId: string): StoredValue<PendingOrder | null> {
  let store = stores.get(restaurantId)
  if (!store) {
    store = createStoredValue(
      pendingOrderStorageKey(restaurantId),
      (stored) => {
        const parsed = z.safeParse(pendingOrder, stored)
        return parsed.success ? parsed.data : null
      },
      null,
    )
    stores.set(restaurantId, store)
  }
  return store
}

export function usePendingOrder(restaurantId: string): PendingOrder | null {
  return useStoredValue(storeFor(restaurantId), null)
}

/**
 * The attempt to send `body`: while an earlier one is unanswered its key is kept (the server
 * then gives back that order, or refuses a different body), so no tap can place two orders.
 */
export function beginAttempt(
  restaurantId: string,
  body: PlaceOrderBody,
  // Not crypto.randomUUID: a phone on plain http at a restaurant's own address is not a
  // secure context, and has none (issue 14).
  newKey: () => string = randomId,
): PendingOrder {
  const store = storeFor(restaurantId)
  const attempt = { key: store.get()?.key ?? newKey(), body }
  store.set(attempt)
  return attempt
}

/** The server answered for good (an order, or a refusal): the next order gets a new key. */
export function finishAttempt(restaurantId: string): void {
  storeFor(restaurantId).set(null)
}
