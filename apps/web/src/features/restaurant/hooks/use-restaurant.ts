import { useSuspenseQuery } from '@tanstack/react-query'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { useParams } from 'react-router'
import { useApiClient } from '../../../lib/app-context'
import { restaurantQueryOptions } from '../api/get-restaurant'

/** The open restaurant (`/rest/:restaurant_id/…`); its route loader has already fetched it. */
export function useRestaurant(): Restaurant {
  const api = useApiClient()
  const { restaurant_id: restaurantId } = useParams()
  if (restaurantId === undefined)
    throw new Error('useRestaurant is used outside /rest/:restaurant_id')
  return useSuspenseQuery(restaurantQueryOptions(api, restaurantId)).data
}

/** The `restaurant_id` of the address, which links to the restaurant's other screens use. */
export function useRestaurantId(): string {
  const { restaurant_id: restaurantId } = useParams()
  if (restaurantId === undefined)
    throw new Error('useRestaurantId is used outside /rest/:restaurant_id')
  return restaurantId
}
