import type { Restaurant } from '@tableside/contracts/restaurants'
import { shortLivedCache, type ShortLivedCache } from '../../lib/short-lived-cache'
import type { RestaurantRepository } from './restaurant-repository'

/** How long a restaurant's profile is reused before it is read again. */
export const RESTAURANT_CACHE_MS = 5_000

/** Restaurant profiles for the hot paths (placing an order reads the settings every time). */
export type RestaurantCache = ShortLivedCache<Restaurant | undefined>

export function createRestaurantCache(repository: RestaurantRepository): RestaurantCache {
  return shortLivedCache((id) => repository.findById(id), RESTAURANT_CACHE_MS)
}
