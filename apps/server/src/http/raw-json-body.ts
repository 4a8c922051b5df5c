import type { FastifyInstance, FastifyRequest } from 'fastify'

/**
 * Signed requests (webhooks, the Pusher HTTP API) are verified over their exact bytes, so within
 * `scope` (an encapsulated plugin) a JSON body stays a string until the handler has checked it.
 */
export function keepJsonBodyRaw(scope: FastifyInstance): void {
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    done(null, body)
  })
}

/** The body as sent, or '' when there was none. */
export const rawBody = (request: FastifyRequest): string =>
  typeof request.body === 'string' ? request.body : ''
