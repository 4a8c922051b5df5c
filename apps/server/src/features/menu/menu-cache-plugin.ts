import fp from 'fastify-plugin'
import { MenuCache } from './menu-cache'
import { createMenuRepository } from './menu-repository'

declare module 'fastify' {
  interface FastifyInstance {
    /** The menus as served, held in memory per restaurant. */
    menuCache: MenuCache
  }
}

/** The served menus, checked for changes made by other nodes every `MENU_CHECK_INTERVAL_MS`. */
export const menuCachePlugin = fp(
  (app, _options, done) => {
    const menuCache = new MenuCache(createMenuRepository(app.db), app.log)
    menuCache.watch(app.config.menuCheckIntervalMs)
    app.addHook('onClose', () => {
      menuCache.stop()
      return Promise.resolve()
    })
    app.decorate('menuCache', menuCache)
    done()
  },
  { name: 'menu-cache', dependencies: ['context'] },
)
