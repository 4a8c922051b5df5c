import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import * as z from 'zod/mini'
import {
  ADMIN_AUDIT_CSV_PATH,
  AUDIT_PAGE,
  auditCsvQuery,
  listAudit,
  listAuditActors,
} from '@tableside/contracts/audit'
import { errorBody } from '@tableside/contracts/errors'
import type { Manager } from '@tableside/contracts/staff'
import { HttpError } from '../../http/http-error'
import { registerEndpoint } from '../../http/register-endpoint'
import type { AuditLog } from './audit-log'

/** From after to is a mistake, not an empty period: 400 on `query.to`, nothing read. */
function checkPeriod({ from, to }: { from?: string | undefined; to?: string | undefined }) {
  if (from !== undefined && to !== undefined && from > to) {
    throw new HttpError(400, 'validation_failed', 'The period ends before it starts.', [
      { path: 'query.to', message: 'The last day comes on or after the first' },
    ])
  }
}

export function registerAuditRoutes(
  app: FastifyInstance,
  deps: { audit: AuditLog; requireManager: (request: FastifyRequest) => Promise<Manager> },
): void {
  registerEndpoint(app, listAudit, async ({ request, query }) => {
    const manager = await deps.requireManager(request)
    checkPeriod(query)
    return deps.audit.list(manager.restaurantId, { ...query, limit: AUDIT_PAGE })
  })

  registerEndpoint(app, listAuditActors, async ({ request }) => {
    const manager = await deps.requireManager(request)
    return { actors: await deps.audit.actors(manager.restaurantId) }
  })

  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: ADMIN_AUDIT_CSV_PATH,
    schema: {
      summary:
        'The audit log by who, what and when as CSV (UTF-8 with a BOM; ru: `;`): the sentence, then the machine columns',
      tags: ['admin'],
      querystring: auditCsvQuery,
      response: { 200: z.string(), '4xx': errorBody, '5xx': errorBody },
    },
    handler: async (request, reply) => {
      const manager = await deps.requireManager(request)
      const { lang = 'ru', ...filter } = request.query
      checkPeriod(filter)
      const csv = await deps.audit.csv(manager.restaurantId, filter, lang)
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit.csv"')
        .header('cache-control', 'private, no-store')
        .send(csv)
    },
  })
}
