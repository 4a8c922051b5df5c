import type { LoaderFunctionArgs } from 'react-router'
import { Outlet } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { restaurantChannel } from '@tableside/contracts/first-screen-reads'
import {
  ensureRestaurant,
  restaurantQueryOptions,
} from '../../features/restaurant/api/get-restaurant'
import { useRestaurantId } from '../../features/restaurant/hooks/use-restaurant'
import { useChannelEvent } from '../../lib/realtime/use-channel-event'
import { useApiClient } from '../../lib/app-context'
import type { AppDeps } from '../app-deps'

// Its contract loads with the realtime client, out of the first load (decision 0124).
const restaurantUpdated = {
  load: async () => (await import('@tableside/contracts/realtime-events')).restaurantUpdated,
}

/** `/rest/:restaurant_id`: every screen below needs the restaurant; an unknown one is a 404. */
export function restaurantLoader({ queryClient, api }: Pick<AppDeps, 'queryClient' | 'api'>) {
  return ({ params }: LoaderFunctionArgs) =>
    ensureRestaurant(queryClient, api, params.restaurant_id)
}

/** Keeps the restaurant's profile live: a rename or a new default language shows at once. */
export function RestaurantRoute() {
  const restaurantId = useRestaurantId()
  const api = useApiClient()
  const queryClient = useQueryClient()
  useChannelEvent(restaurantChannel(restaurantId), restaurantUpdated, (restaurant) => {
    if (restaurant.id !== restaurantId) return
    queryClient.setQueryData(restaurantQueryOptions(api, restaurantId).queryKey, restaurant)
  })
  return <Outlet />
}
