import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { getHealth } from '@tableside/contracts/health'
import { HttpError } from '../../http/http-error'
import { registerEndpoint } from '../../http/register-endpoint'
import type { Database } from '../../db/schema'
import { pingDatabase } from './health-repository'

export function registerHealthRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  registerEndpoint(app, getHealth, async ({ request }) => {
    try {
      await pingDatabase(db)
    } catch (error) {
      request.log.error({ err: error }, 'health check: database does not answer')
      throw new HttpError(503, 'service_unavailable', 'The database is not answering yet.')
    }
    return { status: 'ok' as const }
  })
}
