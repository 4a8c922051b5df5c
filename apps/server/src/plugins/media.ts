import { existsSync } from 'node:fs'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { demoMediaDir } from '../paths'

/**
 * Pictures of the menu: `/media/demo/…` ships with the app for the demo restaurant;
 * `/media/photos/…` are the photos managers upload (decision 0065), named by their content and
 * so cached for good. A restaurant may also use https addresses on its own host.
 */
export async function registerMedia(app: FastifyInstance, photosDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: photosDir,
    prefix: '/media/photos/',
    decorateReply: false,
    index: false,
    cacheControl: false,
    setHeaders: (reply) => {
      reply.header('cache-control', 'public, max-age=31536000, immutable')
    },
  })
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
