import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { getHealth, getReady } from '@tableside/contracts/health'
import type { Database } from '../../db/schema'
import { registerEndpoint, SENT } from '../../http/register-endpoint'
import { databaseUnavailable, errorResponse } from '../../plugins/error-handler'
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
 * not); `/ready` is for a load balancer: 503 with `Retry-After` until the database answers, and
 * 503 while `realtimeProblem` names why this node's live updates would not reach the others'.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  db: Kysely<Database>,
  realtimeProblem: () => string | undefined,
): void {
  registerEndpoint(app, getHealth, async ({ request }) =>
    (await databaseAnswers(db, request.log))
      ? { status: 'ok' as const, database: 'ok' as const }
      : { status: 'degraded' as const, database: 'unavailable' as const },
  )
  registerEndpoint(app, getReady, async ({ request, reply }) => {
    if (!(await databaseAnswers(db, request.log))) {
      void databaseUnavailable(reply)
      return SENT
    }
    const problem = realtimeProblem()
    if (problem === undefined) return { status: 'ok' as const }
    // Not a wait: the configuration must change, so no Retry-After.
    void reply.code(503).send(errorResponse('realtime_misconfigured', problem))
    return SENT
  })
}
