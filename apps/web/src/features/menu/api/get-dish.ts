import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { DishDetails, RestaurantMenu } from '@tableside/contracts/menu'
import type { ApiClient } from '../../../lib/api-client'
import { ensureMenu, menuQueryOptions } from './get-menu'

/** The dish as the menu has it, with the menu it is on; undefined when the menu has no such dish. */
export function dishFromMenu(menu: RestaurantMenu, dishId: string): DishDetails | undefined {
  const dish = menu.dishes.find((candidate) => candidate.id === dishId)
  const inMenu = menu.menus.find((m) => m.categories.some((c) => c.id === dish?.categoryId))
  return dish && inMenu ? { ...dish, menuId: inMenu.id } : undefined
}

/**
 * A dish for its page, read from the restaurant's menu: the server announces the menu in the
 * dish page itself, Back lands on the menu with nothing more to load, and live stop-list
 * changes reach the page through the one menu in the cache. Null for a dish not on the menu.
 */
export function dishQueryOptions(api: ApiClient, restaurantId: string, dishId: string) {
  return queryOptions({
    ...menuQueryOptions(api, restaurantId),
    select: (menu: RestaurantMenu) => dishFromMenu(menu, dishId) ?? null,
  })
}

/** For the dish page's loader. */
export async function ensureDish(
  queryClient: QueryClient,
  api: ApiClient,
  restaurantId: string,
  dishId: string,
): Promise<DishDetails | null> {
  return dishFromMenu(await ensureMenu(queryClient, api, restaurantId), dishId) ?? null
}
