import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AUDIT_PAGE, listAudit } from '@tableside/contracts/audit'
import type { Manager } from '@tableside/contracts/staff'
import { registerEndpoint } from '../../http/register-endpoint'
import type { AuditLog } from './audit-log'

export function registerAuditRoutes(
  app: FastifyInstance,
  deps: { audit: AuditLog; requireManager: (request: FastifyRequest) => Promise<Manager> },
): void {
  registerEndpoint(app, listAudit, async ({ request, query }) => {
    const manager = await deps.requireManager(request)
    return deps.audit.list(manager.restaurantId, { ...query, limit: AUDIT_PAGE })
  })
}
