import type { QueryClient } from '@tanstack/react-query'
import type { output } from 'zod/v4/core'
import type { menuUpdated } from '@tableside/contracts/realtime-events'
import type { ApiClient } from '../../../lib/api-client'
import { dishQueryOptions } from './get-dish'
import { menuQueryOptions } from './get-menu'

export type MenuUpdate = output<(typeof menuUpdated)['data']>

/**
 * Applies a live menu change to the cache: a stop-list change flips `available` in place
 * (the open menu and dish update without a request); any other change refetches.
 */
export function applyMenuUpdate(
  queryClient: QueryClient,
  api: ApiClient,
  restaurantId: string,
  update: MenuUpdate,
): void {
  const menuKey = menuQueryOptions(api, restaurantId).queryKey
  if (update.restaurantId !== restaurantId) return
  if (update.availability === null) {
    void queryClient.invalidateQueries({ queryKey: menuKey, exact: true })
    void queryClient.invalidateQueries({ queryKey: ['restaurants', restaurantId, 'dishes'] })
    return
  }
  const flips = new Map(update.availability.map((change) => [change.dishId, change.available]))
  queryClient.setQueryData(menuKey, (menu) =>
    menu
      ? {
          ...menu,
          version: update.version,
          dishes: menu.dishes.map((dish) => {
            const available = flips.get(dish.id)
            return available === undefined ? dish : { ...dish, available }
          }),
        }
      : menu,
  )
  for (const [dishId, available] of flips) {
    queryClient.setQueryData(dishQueryOptions(api, restaurantId, dishId).queryKey, (dish) =>
      dish ? { ...dish, available } : dish,
    )
  }
}
