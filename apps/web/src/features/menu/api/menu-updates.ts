import type { QueryClient } from '@tanstack/react-query'
import type { output } from 'zod/v4/core'
import type { menuUpdated } from '@tableside/contracts/realtime-events'
import type { ApiClient } from '../../../lib/api-client'
import { menuQueryOptions } from './get-menu'

export type MenuUpdate = output<(typeof menuUpdated)['data']>

/**
 * Applies a live menu change to the cached menu (the menu screen, the dish window and the dish
 * page all read it): a stop-list change flips `available` in place without a request; any
 * other change refetches.
 */
export function applyMenuUpdate(
  queryClient: QueryClient,
  api: ApiClient,
  restaurantId: string,
  update: MenuUpdate,
): void {
  const { queryKey } = menuQueryOptions(api, restaurantId)
  if (update.restaurantId !== restaurantId) return
  if (update.availability === null) {
    void queryClient.invalidateQueries({ queryKey, exact: true })
    return
  }
  const flips = new Map(update.availability.map((change) => [change.dishId, change.available]))
  queryClient.setQueryData(queryKey, (menu) =>
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
}
