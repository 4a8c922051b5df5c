import fp from 'fastify-plugin'
import { registerApiRoutes } from '../../http/api-routes'
import { createRestaurantCache, type RestaurantCache } from './restaurant-cache'
import {
  type ChosenAcquirer,
  createRestaurantRepository,
  type RestaurantRepository,
} from './restaurant-repository'
import { registerRestaurantRoutes } from './restaurant-routes'

declare module 'fastify' {
  interface FastifyInstance {
    /** Restaurants' profiles as stored. */
    restaurantRepository: RestaurantRepository
    /** The same, held a few seconds: what hot paths (orders, menus) read. */
    restaurants: RestaurantCache
  }
}

export interface RestaurantsOptions {
  /** Whether a payment provider serves the restaurant's online payments. */
  takesOnlinePayment: (restaurantId: string, chosen: ChosenAcquirer) => boolean
}

/** Restaurants' profiles, and the route diners read one from. */
export const restaurantsPlugin = fp<RestaurantsOptions>(
  async (app, { takesOnlinePayment }) => {
    const repository = createRestaurantRepository(app.db, { takesOnlinePayment })
    app.decorate('restaurantRepository', repository)
    app.decorate('restaurants', createRestaurantCache(repository))
    await registerApiRoutes(app, (api) => {
      registerRestaurantRoutes(api, repository)
    })
  },
  { name: 'restaurants', dependencies: ['context'] },
)
