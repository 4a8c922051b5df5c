import { existsSync } from 'node:fs'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { demoMediaDir } from '../paths'

/**
 * Pictures of the menu: `/media/demo/…` ships with the app for the demo restaurant. A
 * restaurant's own pictures use https addresses on its own host (see the menu file).
 */
export async function registerMedia(app: FastifyInstance): Promise<void> {
  if (!existsSync(demoMediaDir)) return
  await app.register(fastifyStatic, {
    root: demoMediaDir,
    prefix: '/media/demo/',
    decorateReply: false,
    index: false,
    cacheControl: false,
    setHeaders: (reply) => {
      reply.header('cache-control', 'public, max-age=86400, stale-while-revalidate=604800')
    },
  })
}
