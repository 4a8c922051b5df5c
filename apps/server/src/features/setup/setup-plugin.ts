import fp from 'fastify-plugin'
import { registerApiRoutes } from '../../http/api-routes'
import { registerSetupRoutes } from './setup-routes'
import { createSetupService, type SetupService } from './setup-service'

declare module 'fastify' {
  interface FastifyInstance {
    /** The first-run setup (decision 0115): its token, for the start banner. */
    setup: Pick<SetupService, 'pendingToken'>
  }
}

/** `/` lists the restaurants; with none yet, it sets up the first (issue 29, decision 0115). */
export const setupPlugin = fp(
  async (app) => {
    const setup = createSetupService({
      db: app.db,
      demo: app.config.demoSeed,
      startFirstManager: (trx, input) => app.staff.service.startFirstManager(trx, input),
      audit: app.audit,
    })
    // Made as the node starts, so the token the banner prints is the one every node accepts.
    await setup.pendingToken()
    app.decorate('setup', { pendingToken: () => setup.pendingToken() })
    await registerApiRoutes(app, (api) => {
      registerSetupRoutes(api, setup, (token, device) =>
        app.staff.service.noteDevice(token, device),
      )
    })
  },
  { name: 'setup', dependencies: ['context', 'staff', 'audit'] },
)
