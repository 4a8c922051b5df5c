import fp from 'fastify-plugin'
import { registerApiRoutes } from '../../http/api-routes'
import { registerClientErrorRoutes } from './client-error-routes'
import { registerHealthRoutes } from './health-routes'

/** The health check and the web app's error reports. */
export const systemPlugin = fp(
  async (app) => {
    await registerApiRoutes(app, (api) => {
      registerHealthRoutes(api, app.db, () => app.realtime.problem())
      registerClientErrorRoutes(api)
    })
  },
  { name: 'system', dependencies: ['context', 'realtime'] },
)
