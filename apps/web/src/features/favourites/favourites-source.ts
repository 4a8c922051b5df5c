import { MAX_FAVOURITE_NAME, type Favourite } from '@tableside/contracts/favourites'
import { createStoredValue, type StoredValue } from '../../lib/stored-value'
import { NO_FAVOURITES, parseFavourites, withFavourite, withoutFavourite } from './favourite-list'

/**
 * Where a diner's favourites at one restaurant live (decision 0052). The screens read and
 * change them only through this, so the profile's list (`GET|PUT|DELETE /me/favorites`) can
 * take the device's place once the diner signs in without a screen changing.
 */
export interface FavouritesSource {
  /** Newest first; the same array until something changes (for `useSyncExternalStore`). */
  list: () => readonly Favourite[]
  subscribe: (listener: () => void) => () => void
  /** Saves a dish on top of the list; `name` is kept for the day it leaves the menu. */
  add: (dishId: string, name: string) => void
  remove: (dishId: string) => void
}

/** The device's list, which can also let go of what a sign-in merged into the profile. */
export interface DeviceFavourites extends FavouritesSource {
  /** Drops these entries (as sent), keeping any saved since. */
  forget: (sent: readonly Favourite[]) => void
}

export const favouritesStorageKey = (restaurantId: string) =>
  `tableside.favourites.v1.${restaurantId}`

/**
 * The device's own list: localStorage under a versioned key per restaurant, checked on every
 * read, the same in every tab (the `storage` event). `now` is the clock, for tests.
 */
export function createDeviceFavourites(
  restaurantId: string,
  now: () => number = Date.now,
): DeviceFavourites {
  const stored: StoredValue<readonly Favourite[]> = createStoredValue(
    favouritesStorageKey(restaurantId),
    parseFavourites,
    NO_FAVOURITES,
  )
  return {
    list: stored.get,
    subscribe: stored.subscribe,
    add: (dishId, name) =>
      stored.update((list) =>
        withFavourite(list, {
          dishId,
          // Newest first even when the phone's clock steps back: never older than the top one.
          addedAt: Math.max(now(), (list[0]?.addedAt ?? 0) + 1),
          name: name.slice(0, MAX_FAVOURITE_NAME),
        }),
      ),
    remove: (dishId) => stored.update((list) => withoutFavourite(list, dishId)),
    forget: (sent) =>
      stored.update((list) => {
        const rest = list.filter(
          (entry) =>
            !sent.some((gone) => gone.dishId === entry.dishId && gone.addedAt >= entry.addedAt),
        )
        return rest.length === 0 ? NO_FAVOURITES : rest
      }),
  }
}

const devices = new Map<string, DeviceFavourites>()

/** One device list per restaurant for the whole app, so every heart on a screen agrees. */
export function deviceFavourites(restaurantId: string): DeviceFavourites {
  let source = devices.get(restaurantId)
  if (!source) {
    source = createDeviceFavourites(restaurantId)
    devices.set(restaurantId, source)
  }
  return source
}
