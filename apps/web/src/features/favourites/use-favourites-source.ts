import { deviceFavourites, type FavouritesSource } from './favourites-source'

/**
 * Where this diner's favourites at a restaurant are kept: on the device for now. Once the
 * profile exists, a signed-in diner's come from `/me/favorites` instead, after the device's
 * list is merged in (decision 0052); the screens do not change.
 */
export function useFavouritesSource(restaurantId: string): FavouritesSource {
  return deviceFavourites(restaurantId)
}
