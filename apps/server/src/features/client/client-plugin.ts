import fp from 'fastify-plugin'
import { registerApiRoutes } from '../../http/api-routes'
import { createClientAuth, type ClientAuth } from './client-auth'
import { createClientProfileService } from './client-profile-service'
import { registerClientRoutes } from './client-routes'
import { loadOtpSecret } from './client-secrets'
import { createClientSignIn } from './client-sign-in'

declare module 'fastify' {
  interface FastifyInstance {
    /** Diners' profiles: who a request's X-Profile-Token signs in (decision 0051). */
    clientAuth: ClientAuth
  }
}

/** Diners' profiles: sign-in codes by SMS, the profile and its addresses (decision 0051). */
export const clientPlugin = fp(
  async (app) => {
    const { restaurants } = app
    const clientSignIn = createClientSignIn({
      db: app.db,
      sms: app.smsProvider,
      otpSecret: await loadOtpSecret(app.config.otpSecret, app.db, app.config.dataDir),
      now: app.now,
      restaurantExists: async (id) => (await restaurants.get(id)) !== undefined,
      onSmsError: (error) => app.log.warn({ err: error }, 'A sign-in code could not be sent'),
    })
    const clientAuth = createClientAuth(clientSignIn)
    app.decorate('clientAuth', clientAuth)
    await registerApiRoutes(app, (api) => {
      registerClientRoutes(
        api,
        clientSignIn,
        clientAuth,
        createClientProfileService(clientSignIn.repository, app.now),
      )
    })
  },
  { name: 'client', dependencies: ['context', 'restaurants', 'sms'] },
)
