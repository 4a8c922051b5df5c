import fp from 'fastify-plugin'
import { registerApiRoutes } from '../../http/api-routes'
import { createSessionExpiry } from './session-expiry'
import { registerTableSessionRoutes, tableChannelRule } from './table-session-routes'
import { createTableSessionService, type TableSessionService } from './table-session-service'

declare module 'fastify' {
  interface FastifyInstance {
    /** Table sessions: opened by a scan, shared by the table, ended by time or a settled bill. */
    tableSessions: TableSessionService
  }
}

/** Table sessions, and the sweep that ends those that ran out (decision 0049). */
export const tableSessionsPlugin = fp(
  async (app) => {
    const { db, outbox, alertAtTable } = app
    const tableSessions = createTableSessionService({
      db,
      restaurants: app.restaurants,
      outbox,
      alertAtTable,
      now: app.now,
    })
    app.decorate('tableSessions', tableSessions)
    // Sessions that ran out end though nobody looks at them.
    const sessionExpiry = createSessionExpiry({
      db,
      outbox,
      alertAtTable,
      delivered: () => outbox.kick(),
      log: app.log,
      now: app.now,
    })
    app.addHook('onReady', () => {
      sessionExpiry.start()
      return Promise.resolve()
    })
    app.addHook('onClose', () => sessionExpiry.stop())

    app.realtime.channels.add(tableChannelRule(tableSessions))
    await registerApiRoutes(app, (api) => {
      registerTableSessionRoutes(api, tableSessions)
    })
  },
  { name: 'table-sessions', dependencies: ['context', 'outbox', 'restaurants', 'garcon'] },
)
