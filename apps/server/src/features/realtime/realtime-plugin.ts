import fp from 'fastify-plugin'
import { registerRealtime, type Realtime } from './realtime'

declare module 'fastify' {
  interface FastifyInstance {
    /** How features publish live updates and declare who may join their channels. */
    realtime: Realtime
  }
}

/** The realtime hub (or Pusher) every feature publishes through (decision 0027). */
export const realtimePlugin = fp(
  async (app) => {
    app.decorate('realtime', await registerRealtime(app, app.config))
  },
  { name: 'realtime', dependencies: ['context'] },
)
