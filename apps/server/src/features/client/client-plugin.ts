import fp from 'fastify-plugin'
import { registerApiRoutes } from '../../http/api-routes'
import { auditSmsBudget } from '../audit/audit-log'
import { createClientAuth, type ClientAuth } from './client-auth'
import { createClientProfileService, type PaidWithOfOrders } from './client-profile-service'
import { registerClientRoutes } from './client-routes'
import { loadOtpSecret } from './client-secrets'
import { createClientSignIn, profileSessionLifetime } from './client-sign-in'
import { createSmsBudget } from './sms-budget'

declare module 'fastify' {
  interface FastifyInstance {
    /** Diners' profiles: who a request's X-Profile-Token signs in (decision 0051). */
    clientAuth: ClientAuth
  }
}

/** Diners' profiles: sign-in codes by SMS, the profile and its addresses (decision 0051). */
export const clientPlugin = fp<{ paidWith: PaidWithOfOrders }>(
  async (app, { paidWith }) => {
    const { restaurants } = app
    const audit = auditSmsBudget(app.db)
    const budget = createSmsBudget({
      db: app.db,
      serverBudget: app.config.smsDailyBudget,
      onAlert: async (alert, trx) => {
        if (alert.scope === 'server') {
          app.log.warn(
            { sent: alert.sent, budget: alert.budget, day: alert.day },
            alert.level === 'spent'
              ? 'The server has sent its day of sign-in codes (SMS_DAILY_BUDGET): no more until midnight UTC'
              : 'The server has sent most of its day of sign-in codes (SMS_DAILY_BUDGET)',
          )
        }
        await audit(alert, trx)
      },
    })
    const clientSignIn = createClientSignIn({
      db: app.db,
      sms: app.smsProvider,
      budget,
      otpSecret: await loadOtpSecret(app.config.otpSecret, app.db, app.config.dataDir),
      now: app.now,
      restaurantExists: async (id) => (await restaurants.get(id)) !== undefined,
      session: profileSessionLifetime(app.config.profileSession),
      onSmsError: (error) => app.log.warn({ err: error }, 'A sign-in code could not be sent'),
    })
    const clientAuth = createClientAuth(clientSignIn)
    app.decorate('clientAuth', clientAuth)
    await registerApiRoutes(app, (api) => {
      registerClientRoutes(
        api,
        clientSignIn,
        clientAuth,
        createClientProfileService(clientSignIn.repository, paidWith, app.now),
        { budget, requireManager: app.staff.requireManager, now: app.now },
      )
    })
  },
  { name: 'client', dependencies: ['context', 'restaurants', 'sms', 'staff'] },
)
