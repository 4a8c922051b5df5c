import fp from 'fastify-plugin'
import type { Broadcaster } from '../realtime/realtime'
import { Outbox } from './outbox'

declare module 'fastify' {
  interface FastifyInstance {
    /** Side effects (publishes, refunds) delivered after the transaction that decided them. */
    outbox: Outbox
  }
}

export interface OutboxOptions {
  /** Where its publishes go. */
  broadcaster: Broadcaster
}

/** The transactional outbox (decision 0027), delivering from start until the app closes. */
export const outboxPlugin = fp<OutboxOptions>(
  (app, { broadcaster }, done) => {
    const outbox = new Outbox({ db: app.db, broadcaster, log: app.log })
    app.decorate('outbox', outbox)
    app.addHook('onReady', () => {
      outbox.start()
      return Promise.resolve()
    })
    app.addHook('onClose', () => outbox.stop())
    done()
  },
  { name: 'outbox', dependencies: ['context'] },
)
