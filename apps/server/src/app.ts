import { constants as zlib } from 'node:zlib'
import compress from '@fastify/compress'
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { ServerConfig } from './config/env'
import './config/zod-messages'
import type { DatabaseHandle } from './db/database'
import { registerRestaurantRoutes } from './features/restaurants/restaurant-routes'
import { createRestaurantRepository } from './features/restaurants/restaurant-repository'
import { registerRealtime, type Realtime } from './features/realtime/realtime'
import { registerClientErrorRoutes } from './features/system/client-error-routes'
import { registerHealthRoutes } from './features/system/health-routes'
import { installErrorHandler } from './plugins/error-handler'
import { registerOpenApi } from './plugins/openapi'
import { registerSecurityHeaders } from './plugins/security'
import { registerSpa } from './plugins/spa'

declare module 'fastify' {
  interface FastifyInstance {
    /** How features publish live updates and declare who may join their channels. */
    realtime: Realtime
  }
}

export interface AppOptions {
  config: ServerConfig
  database: DatabaseHandle
  logger?: FastifyServerOptions['logger']
}

/** The whole application as a Fastify instance that has not started listening: tests inject into it. */
export async function buildApp({
  config,
  database,
  logger = false,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // Per-request lines drown the log; failures are logged where they are handled.
    logController: new LogController({ disableRequestLogging: true }),
    return503OnClosing: true,
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  installErrorHandler(app)

  await registerSecurityHeaders(app)
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Dynamic responses: fast brotli; static files are precompressed at build time.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  })
  await registerOpenApi(app, config.apiBase)

  const { db } = database
  await app.register(
    (api) => {
      registerHealthRoutes(api, db)
      registerRestaurantRoutes(api, createRestaurantRepository(db))
      registerClientErrorRoutes(api)
      return Promise.resolve()
    },
    { prefix: config.apiBase },
  )

  const realtime = await registerRealtime(app, config)
  app.decorate('realtime', realtime)
  await registerSpa(app, config, realtime.credentials.key)
  return app
}
