import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ClientProfile } from '@tableside/contracts/client'
import {
  deleteFavourite,
  getFavourites,
  mergeFavourites,
  putFavourite,
} from '@tableside/contracts/favourites'
import { registerEndpoint } from '../../http/register-endpoint'
import type { FavouritesService } from './favourites-service'

/**
 * The signed-in diner's favourites (decisions 0052, 0056): header X-Profile-Token only,
 * `requireClient` given by the app layer; each diner sees and changes only their own list.
 */
export function registerFavouriteRoutes(
  app: FastifyInstance,
  favourites: FavouritesService,
  requireClient: (request: FastifyRequest) => Promise<ClientProfile>,
): void {
  registerEndpoint(app, getFavourites, async ({ request, query }) =>
    favourites.list(await requireClient(request), query.restaurantId),
  )
  registerEndpoint(app, putFavourite, async ({ request, params, query }) =>
    favourites.add(await requireClient(request), query.restaurantId, params.dishId),
  )
  registerEndpoint(app, deleteFavourite, async ({ request, params, query }) =>
    favourites.remove(await requireClient(request), query.restaurantId, params.dishId),
  )
  registerEndpoint(app, mergeFavourites, async ({ request, body }) =>
    favourites.merge(await requireClient(request), body),
  )
}
