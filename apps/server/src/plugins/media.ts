import { existsSync } from 'node:fs'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { demoMediaDir } from '../paths'

/**
 * The demo restaurant's pictures, `/media/demo/…`, which ship with the app. The photos managers
 * upload, `/media/photos/…`, are the menu feature's, served from the database (decision 0106);
 * a restaurant may also use https addresses on its own host.
 */
export async function registerMedia(app: FastifyInstance): Promise<void> {
  if (!existsSync(demoMediaDir)) return
  await app.register(fastifyStatic, {
    root: demoMediaDir,
    prefix: '/media/demo/',
    decorateReply: false,
    index: false,
    // A route per picture, found once at start: a wildcard route lists the folder on every
    // request (a menu page asks for two dozen pictures). The pictures ship with the app.
    wildcard: false,
    cacheControl: false,
    setHeaders: (reply) => {
      reply.header('cache-control', 'public, max-age=86400, stale-while-revalidate=604800')
    },
  })
}
