import type { FastifyInstance } from 'fastify'
import { getRestaurant } from '@tableside/contracts/restaurants'
import { notFound } from '../../http/http-error'
import { registerEndpoint } from '../../http/register-endpoint'
import type { RestaurantRepository } from './restaurant-repository'

export function registerRestaurantRoutes(
  app: FastifyInstance,
  restaurants: RestaurantRepository,
): void {
  registerEndpoint(app, getRestaurant, async ({ params }) => {
    const restaurant = await restaurants.findById(params.restaurantId)
    if (!restaurant) throw notFound('This restaurant does not exist.')
    return restaurant
  })
}
