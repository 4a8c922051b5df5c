import { useMemo, useSyncExternalStore } from 'react'
import type { Favourite } from '@tableside/contracts/favourites'
import { NO_FAVOURITES } from './favourite-list'
import type { FavouritesSource } from './favourites-source'

export interface Favourites {
  /** Newest first. */
  list: readonly Favourite[]
  has: (dishId: string) => boolean
  add: (dishId: string, name: string) => void
  remove: (dishId: string) => void
}

/** The diner's favourites from a source, redrawn when they change here or in another tab. */
export function useFavourites(source: FavouritesSource): Favourites {
  const list = useSyncExternalStore(source.subscribe, source.list, () => NO_FAVOURITES)
  return useMemo(() => {
    const ids = new Set(list.map((entry) => entry.dishId))
    return { list, has: (dishId) => ids.has(dishId), add: source.add, remove: source.remove }
  }, [list, source])
}
