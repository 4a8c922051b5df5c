import type { FastifyInstance } from 'fastify'

/** A feature's routes, registered under the API's base path (`API_BASE`, /api/v1). */
export async function registerApiRoutes(
  app: FastifyInstance,
  register: (api: FastifyInstance) => void,
): Promise<void> {
  await app.register(
    (api) => {
      register(api)
      return Promise.resolve()
    },
    { prefix: app.config.apiBase },
  )
}
