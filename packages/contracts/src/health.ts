import * as z from 'zod/mini'
import { defineEndpoint } from './endpoint'

/**
 * Liveness: the process answers. It says `degraded` while the database does not answer, and
 * recovers by itself when the database is back (issue 26); a load balancer asks `/ready`.
 */
export const getHealth = defineEndpoint({
  method: 'GET',
  path: '/health',
  summary: 'Liveness, and whether the database answers (degraded while it does not)',
  tags: ['system'],
  status: 200,
  response: z.object({
    status: z.enum(['ok', 'degraded']),
    database: z.enum(['ok', 'unavailable']),
  }),
})

/**
 * Readiness, for a load balancer: 200 once the node can serve, 503 `database_unavailable` with
 * `Retry-After` while its database does not answer, 503 `realtime_misconfigured` while its
 * realtime credentials differ from the other nodes' (their sockets would refuse its diners).
 */
export const getReady = defineEndpoint({
  method: 'GET',
  path: '/ready',
  summary:
    'Readiness for a load balancer: 503 while the database does not answer or the realtime credentials differ from the other nodes’',
  tags: ['system'],
  status: 200,
  response: z.object({ status: z.literal('ok') }),
})
