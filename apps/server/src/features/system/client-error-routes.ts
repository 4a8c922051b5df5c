import type { FastifyInstance } from 'fastify'
import { reportClientError } from '@tableside/contracts/client-errors'
import { HttpError } from '../../http/http-error'
import { registerEndpoint } from '../../http/register-endpoint'
import { createRateLimiter } from '../../http/rate-limiter'

/** Errors the SPA showed to someone go to the server log, where operators look. */
export function registerClientErrorRoutes(app: FastifyInstance): void {
  const limiter = createRateLimiter({ limit: 20, windowMs: 60_000 })
  registerEndpoint(app, reportClientError, async ({ body, request }) => {
    if (!limiter.allow(request.ip)) {
      throw new HttpError(429, 'rate_limited', 'Too many error reports; try again in a minute.')
    }
    request.log.warn({ clientError: body }, `web app ${body.kind} error: ${body.message}`)
    return Promise.resolve({ status: 'received' as const })
  })
}
