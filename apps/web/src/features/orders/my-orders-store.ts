import { createStoredValue, useStoredValue, type StoredValue } from '../../lib/stored-value'

/** How many of its own orders a device remembers per restaurant (the newest). */
export const MAX_REMEMBERED_ORDERS = 50

const stores = new Map<string, StoredValue<readonly string[]>>()
const NONE: readonly string[] = []

export const myOrdersStorageKey = (restaurantId: string) => `tableside.my-orders.v1.${restaurantId}`

function storeFor(restaurantId: string): StoredValue<readonly string[]> {
  let store = stores.get(restaurantId)
  if (!store) {
    store = createStoredValue<readonly string[]>(
      myOrdersStorageKey(restaurantId),
      (stored) =>
        Array.isArray(stored)
          ? stored
              .filter((id): id is string => typeof id === 'string')
              .slice(0, MAX_REMEMBERED_ORDERS)
          : NONE,
      NONE,
    )
    stores.set(restaurantId, store)
  }
  return store
}

/** Ids of the orders this device placed at a restaurant, newest first: its capability to read them. */
export function useMyOrderIds(restaurantId: string): readonly string[] {
  return useStoredValue(storeFor(restaurantId), NONE)
}

export function rememberOrder(restaurantId: string, orderId: string): void {
  const store = storeFor(restaurantId)
  const ids = store.get().filter((id) => id !== orderId)
  store.set([orderId, ...ids].slice(0, MAX_REMEMBERED_ORDERS))
}
