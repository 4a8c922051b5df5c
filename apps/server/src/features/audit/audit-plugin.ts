import fp from 'fastify-plugin'
import { registerApiRoutes } from '../../http/api-routes'
import { createAuditLog, type AuditLog } from './audit-log'
import { registerAuditRoutes } from './audit-routes'

declare module 'fastify' {
  interface FastifyInstance {
    /** Every manager's change, recorded in its transaction (decision 0063). */
    audit: AuditLog
  }
}

/** The audit log of the back office (decision 0063), and the manager's view of it. */
export const auditPlugin = fp(
  async (app) => {
    const audit = createAuditLog(app.db)
    app.decorate('audit', audit)
    await registerApiRoutes(app, (api) => {
      registerAuditRoutes(api, { audit, requireManager: app.staff.requireManager })
    })
  },
  { name: 'audit', dependencies: ['context', 'staff'] },
)
