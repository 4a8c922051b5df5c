import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { getHealth, getReady } from '@tableside/contracts/health'
import type { Database } from '../../db/schema'
import { registerEndpoint, SENT } from '../../http/register-endpoint'
import { databaseUnavailable } from '../../plugins/error-handler'
import { pingDatabase } from './health-repository'

/** Whether the database answers a statement now; why not is logged. */
async function databaseAnswers(db: Kysely<Database>, log: FastifyInstance['log']) {
  try {
    await pingDatabase(db)
    return true
  } catch (error) {
    log.warn({ err: error }, 'health check: the database does not answer')
    return false
  }
}

/**
 * `/health` is liveness (200 while the process answers, `degraded` while its database does
 * not); `/ready` is for a load balancer (503 with `Retry-After` until the database answers).
 */
export function registerHealthRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  registerEndpoint(app, getHealth, async ({ request }) =>
    (await databaseAnswers(db, request.log))
      ? { status: 'ok' as const, database: 'ok' as const }
      : { status: 'degraded' as const, database: 'unavailable' as const },
  )
  registerEndpoint(app, getReady, async ({ request, reply }) => {
    if (await databaseAnswers(db, request.log)) return { status: 'ok' as const }
    void databaseUnavailable(reply)
    return SENT
  })
}
