import type { LoaderFunctionArgs } from 'react-router'
import { Outlet } from 'react-router'
import { ensureRestaurant } from '../../features/restaurant/api/get-restaurant'
import type { AppDeps } from '../router'

/** `/rest/:restaurant_id`: every screen below needs the restaurant; an unknown one is a 404. */
export function restaurantLoader({ queryClient, api }: Pick<AppDeps, 'queryClient' | 'api'>) {
  return ({ params }: LoaderFunctionArgs) =>
    ensureRestaurant(queryClient, api, params.restaurant_id)
}

export function RestaurantRoute() {
  return <Outlet />
}
