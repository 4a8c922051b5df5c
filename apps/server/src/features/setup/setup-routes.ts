import type { FastifyInstance } from 'fastify'
import { listRestaurants, setUpRestaurant } from '@tableside/contracts/setup'
import { registerEndpoint } from '../../http/register-endpoint'
import type { SetupService } from './setup-service'

/** `/restaurants` (what `/` shows) and `/setup` (the first restaurant, decision 0115). */
export function registerSetupRoutes(
  app: FastifyInstance,
  setup: SetupService,
  noteDevice: (
    token: string,
    device: { userAgent: string | undefined; address: string },
  ) => Promise<void>,
): void {
  registerEndpoint(app, listRestaurants, () => setup.directory())
  registerEndpoint(app, setUpRestaurant, async ({ request, body }) => {
    const made = await setup.setUp(body)
    await noteDevice(made.token, { userAgent: request.headers['user-agent'], address: request.ip })
    return made
  })
}
