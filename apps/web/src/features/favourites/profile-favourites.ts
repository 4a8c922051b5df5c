import { QueryObserver, type QueryClient } from '@tanstack/react-query'
import {
  deleteFavourite,
  getFavourites,
  MAX_FAVOURITE_NAME,
  mergeFavourites,
  putFavourite,
  type Favourite,
  type FavouriteList,
} from '@tableside/contracts/favourites'
import type { ApiClient } from '../../lib/api-client'
import { NO_FAVOURITES, withFavourite, withoutFavourite } from './favourite-list'
import type { DeviceFavourites, FavouritesSource } from './favourites-source'

/** Under ['client'], so signing in or out (which drops those queries) drops the list too. */
export const profileFavouritesKey = (restaurantId: string, token: string) =>
  ['client', 'favourites', restaurantId, token] as const

/**
 * The signed-in diner's list (decision 0056), kept in the query cache. Its first load sends
 * the device's list through `merge` when there is one and clears the device only once that
 * worked: a merge that fails is tried again on the next load, so nothing is lost between the
 * two. Changes show at once and go to the server one at a time behind them; one refused or lost
 * is undone and the list read again.
 */
export function createProfileFavourites(
  restaurantId: string,
  token: string,
  api: ApiClient,
  queryClient: QueryClient,
  device: DeviceFavourites,
  now: () => number = Date.now,
): FavouritesSource {
  const queryKey = profileFavouritesKey(restaurantId, token)
  const options = {
    queryKey,
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<FavouriteList> => {
      const saved = device.list()
      if (saved.length === 0) {
        return api.callEndpoint(getFavourites, { query: { restaurantId }, signal })
      }
      const merged = await api.callEndpoint(mergeFavourites, {
        body: { restaurantId, favourites: [...saved] },
        signal,
      })
      device.forget(saved)
      return merged
    },
    staleTime: 60_000,
  }
  const list = (): readonly Favourite[] =>
    queryClient.getQueryData<FavouriteList>(queryKey)?.favourites ?? NO_FAVOURITES
  const setList = (favourites: readonly Favourite[]) =>
    queryClient.setQueryData<FavouriteList>(queryKey, {
      restaurantId,
      favourites: [...favourites],
    })

  let queue: Promise<void> = Promise.resolve()
  let pending = 0
  const send = (
    write: () => Promise<FavouriteList>,
    undo: (list: readonly Favourite[]) => readonly Favourite[],
  ) => {
    pending += 1
    queue = queue.then(async () => {
      try {
        const answer = await write()
        pending -= 1
        // The server's list is the truth once no change of ours is still on its way.
        if (pending === 0) setList(answer.favourites)
      } catch {
        pending -= 1
        setList(undo(list()))
        void queryClient.invalidateQueries({ queryKey })
      }
    })
  }

  return {
    list,
    subscribe: (listener) => {
      const observer = new QueryObserver(queryClient, options)
      return observer.subscribe(() => {
        listener()
      })
    },
    add: (dishId, name) => {
      const before = list()
      const had = before.find((entry) => entry.dishId === dishId)
      if (had) return
      setList(
        withFavourite(before, {
          dishId,
          addedAt: Math.max(now(), (before[0]?.addedAt ?? 0) + 1),
          name: name.slice(0, MAX_FAVOURITE_NAME),
        }),
      )
      send(
        () => api.callEndpoint(putFavourite, { params: { dishId }, query: { restaurantId } }),
        (current) => withoutFavourite(current, dishId),
      )
    },
    remove: (dishId) => {
      const before = list()
      const had = before.find((entry) => entry.dishId === dishId)
      setList(withoutFavourite(before, dishId))
      send(
        () => api.callEndpoint(deleteFavourite, { params: { dishId }, query: { restaurantId } }),
        (current) =>
          had && !current.some((entry) => entry.dishId === dishId)
            ? [...current, had].sort((a, b) => b.addedAt - a.addedAt)
            : current,
      )
    },
  }
}
