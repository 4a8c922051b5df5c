import type { FastifyInstance } from 'fastify'
import { reportClientError } from '@tableside/contracts/client-errors'
import { registerEndpoint } from '../../http/register-endpoint'

/** Errors the SPA showed to someone go to the server log, where operators look (rate-limited in rate-limit-policy.ts). */
export function registerClientErrorRoutes(app: FastifyInstance): void {
  registerEndpoint(app, reportClientError, async ({ body, request }) => {
    request.log.warn({ clientError: body }, `web app ${body.kind} error: ${body.message}`)
    return Promise.resolve({ status: 'received' as const })
  })
}
