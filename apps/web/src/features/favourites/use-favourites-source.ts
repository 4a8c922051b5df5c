import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { ApiClient } from '../../lib/api-client'
import { useApiClient } from '../../lib/app-context'
import { deviceFavourites, type FavouritesSource } from './favourites-source'
import { createProfileFavourites } from './profile-favourites'

const profiles = new Map<string, { client: QueryClient; source: FavouritesSource }>()

/**
 * Where this diner's favourites at a restaurant are kept: on the device while anonymous, in
 * the profile (`/me/favorites`, the device's list merged in first) while `profileToken` is set
 * (decisions 0052, 0056). One source per restaurant and token, so every heart agrees.
 */
export function useFavouritesSource(
  restaurantId: string,
  profileToken: string | undefined,
): FavouritesSource {
  const api = useApiClient()
  const queryClient = useQueryClient()
  if (!profileToken) return deviceFavourites(restaurantId)
  return profileSource(restaurantId, profileToken, api, queryClient)
}

function profileSource(
  restaurantId: string,
  token: string,
  api: ApiClient,
  queryClient: QueryClient,
): FavouritesSource {
  const key = `${restaurantId} ${token}`
  const known = profiles.get(key)
  if (known?.client === queryClient) return known.source
  const source = createProfileFavourites(
    restaurantId,
    token,
    api,
    queryClient,
    deviceFavourites(restaurantId),
  )
  profiles.set(key, { client: queryClient, source })
  return source
}
