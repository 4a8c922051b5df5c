import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { safeParse } from 'zod/mini'
import { getDish, type DishDetails, type RestaurantMenu } from '@tableside/contracts/menu'
import { slugId } from '@tableside/contracts/text'
import type { ApiClient } from '../../../lib/api-client'
import { isApiError } from '../../../lib/api-error'
import { menuQueryOptions } from './get-menu'

/** A dish for its own page; null when the restaurant has no such dish (any more). */
export function dishQueryOptions(api: ApiClient, restaurantId: string, dishId: string) {
  return queryOptions({
    queryKey: ['restaurants', restaurantId, 'dishes', dishId],
    queryFn: async ({ signal }): Promise<DishDetails | null> => {
      if (!safeParse(slugId, dishId).success) return null
      try {
        return await api.callEndpoint(getDish, { params: { restaurantId, dishId }, signal })
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null
        throw error
      }
    },
  })
}

/** The dish as the menu already has it, so a dish opened from the menu needs no request. */
export function dishFromMenu(menu: RestaurantMenu, dishId: string): DishDetails | undefined {
  const dish = menu.dishes.find((candidate) => candidate.id === dishId)
  const inMenu = menu.menus.find((m) => m.categories.some((c) => c.id === dish?.categoryId))
  return dish && inMenu ? { ...dish, menuId: inMenu.id } : undefined
}

/** For the dish page's loader: from the cached menu when there is one, else from the API. */
export function ensureDish(
  queryClient: QueryClient,
  api: ApiClient,
  restaurantId: string,
  dishId: string,
): Promise<DishDetails | null> {
  const options = dishQueryOptions(api, restaurantId, dishId)
  const menu = queryClient.getQueryData(menuQueryOptions(api, restaurantId).queryKey)
  const cached = menu && dishFromMenu(menu, dishId)
  if (cached && !queryClient.getQueryData(options.queryKey)) {
    queryClient.setQueryData(options.queryKey, cached)
  }
  return queryClient.query({ ...options, staleTime: 'static' })
}
