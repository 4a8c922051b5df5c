import fp from 'fastify-plugin'
import { registerApiRoutes } from '../../http/api-routes'
import { registerFavouriteRoutes } from './favourite-routes'
import { createFavouritesService } from './favourites-service'

/** The signed-in diner's favourite dishes (decision 0056). */
export const favouritesPlugin = fp(
  async (app) => {
    await registerApiRoutes(app, (api) => {
      registerFavouriteRoutes(
        api,
        createFavouritesService(app.db, app.now),
        app.clientAuth.requireClient,
      )
    })
  },
  { name: 'favourites', dependencies: ['context', 'client'] },
)
