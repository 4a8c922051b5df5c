import type { FastifyInstance } from 'fastify'

/**
 * pusher-js sends its connection statistics (spec §7: statistics on) as JSONP to
 * `statsHost`; the web app points that at this server so nothing goes to a third party.
 * They are logged at debug level for whoever diagnoses connections.
 */
export function registerRealtimeStatsSink(app: FastifyInstance): void {
  app.get('/timeline/v2/jsonp/:receiver', { schema: { hide: true } }, (request, reply) => {
    request.log.debug({ realtimeStats: request.query }, 'realtime client statistics')
    // pusher-js loads this as a script; an empty one tells it nothing and breaks nothing.
    return reply
      .header('content-type', 'application/javascript; charset=utf-8')
      .header('cache-control', 'no-store')
      .send('/* received */\n')
  })
}
