import { constants as zlib } from 'node:zlib'
import compress from '@fastify/compress'
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { ServerConfig } from './config/env'
import './config/zod-messages'
import type { DatabaseHandle } from './db/database'
import { MenuCache } from './features/menu/menu-cache'
import { createMenuRepository } from './features/menu/menu-repository'
import { registerMenuRoutes } from './features/menu/menu-routes'
import { createMenuService, type MenuService } from './features/menu/menu-service'
import { firstDishPhotos } from './features/menu/menu-snapshot'
import { registerMedia } from './plugins/media'
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
    /** Menu changes (import, stop-list) that refresh the served menu and tell open menus. */
    menu: MenuService
    /** The menus as served, held in memory per restaurant. */
    menuCache: MenuCache
  }
}

/** Dish photos a phone shows without scrolling on the menu (the first card, and the next). */
const FIRST_SCREEN_PHOTOS = 2

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

  registerSecurityHeaders(app)
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Dynamic responses: fast brotli; static files are precompressed at build time.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  })
  await registerOpenApi(app, config.apiBase)

  const { db } = database
  const realtime = await registerRealtime(app, config)
  app.decorate('realtime', realtime)

  const menuRepository = createMenuRepository(db)
  const menuCache = new MenuCache(menuRepository, app.log)
  menuCache.watch(config.menuCheckIntervalMs)
  app.addHook('onClose', () => {
    menuCache.stop()
    return Promise.resolve()
  })
  app.decorate('menuCache', menuCache)
  app.decorate(
    'menu',
    createMenuService({
      repository: menuRepository,
      cache: menuCache,
      broadcaster: realtime.broadcaster,
    }),
  )

  await app.register(
    (api) => {
      registerHealthRoutes(api, db)
      registerRestaurantRoutes(api, createRestaurantRepository(db))
      registerMenuRoutes(api, menuCache)
      registerClientErrorRoutes(api)
      return Promise.resolve()
    },
    { prefix: config.apiBase },
  )

  await registerMedia(app)
  await registerSpa(app, config, realtime.credentials.key, {
    firstPictures: (restaurantId, menuId) => {
      const snapshot = menuCache.peek(restaurantId)
      return snapshot ? firstDishPhotos(snapshot, menuId, FIRST_SCREEN_PHOTOS) : []
    },
  })
  return app
}
