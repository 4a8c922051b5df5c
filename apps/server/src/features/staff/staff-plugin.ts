import fp from 'fastify-plugin'
import { registerApiRoutes } from '../../http/api-routes'
import { auditSignInAttack } from '../audit/audit-log'
import { createStaffAuth, type StaffAuth } from './staff-auth'
import { kitchenChannelRule, registerStaffRoutes } from './staff-routes'

declare module 'fastify' {
  interface FastifyInstance {
    /** Managers' and the kitchen's sign-in (decision 0062): `requireManager`, `requireKitchen`. */
    staff: StaffAuth
  }
}

/** Managers and the kitchen display sign in (decision 0062). */
export const staffPlugin = fp(
  async (app) => {
    const staff = createStaffAuth(app.db, { now: app.now, alert: auditSignInAttack(app.db) })
    app.decorate('staff', staff)
    app.realtime.channels.add(kitchenChannelRule(staff))
    const { restaurants } = app
    await registerApiRoutes(app, (api) => {
      registerStaffRoutes(api, staff, {
        restaurantName: async (id) => (await restaurants.get(id))?.name ?? id,
        devices: app.signInDevices,
      })
    })
  },
  { name: 'staff', dependencies: ['context', 'realtime', 'restaurants'] },
)
