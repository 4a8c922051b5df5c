import type { FastifyInstance } from 'fastify'
import { getSlots } from '@tableside/contracts/orders'
import { HttpError, notFound } from '../../http/http-error'
import { registerEndpoint } from '../../http/register-endpoint'
import type { RestaurantRepository } from '../restaurants/restaurant-repository'
import { computeSlots } from './slots'
import { isCalendarDate } from './zoned-time'

export interface SlotRouteDeps {
  restaurants: Pick<RestaurantRepository, 'findById'>
  now?: () => Date
}

const NOT_A_DAY = 'This date does not exist.'

export function registerSlotRoutes(
  app: FastifyInstance,
  { restaurants, now = () => new Date() }: SlotRouteDeps,
): void {
  registerEndpoint(app, getSlots, async ({ params, query }) => {
    if (query.date !== undefined && !isCalendarDate(query.date)) {
      throw new HttpError(400, 'validation_failed', 'Some fields are missing or invalid.', [
        { path: 'querystring.date', message: NOT_A_DAY },
      ])
    }
    const restaurant = await restaurants.findById(params.restaurantId)
    if (!restaurant) throw notFound('This restaurant does not exist.')
    return computeSlots({ restaurant, type: query.type, date: query.date, now: now() })
  })
}
