import fp from 'fastify-plugin'
import type { Kysely } from 'kysely'
import type { ServerConfig } from '../config/env'
import type { Database } from '../db/schema'

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's configuration, read once at start. */
    config: ServerConfig
    /** The database every repository works on. */
    db: Kysely<Database>
    /** The clock of the features that read one (tests move it). */
    now: () => Date
  }
}

export interface ContextOptions {
  config: ServerConfig
  db: Kysely<Database>
  now: () => Date
}

/** What every feature plugin starts from: the configuration, the database and the clock. */
export const contextPlugin = fp<ContextOptions>(
  (app, { config, db, now }, done) => {
    app.decorate('config', config)
    app.decorate('db', db)
    app.decorate('now', now)
    done()
  },
  { name: 'context', fastify: '5.x' },
)
