import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { LRUCache } from 'lru-cache'
import { notFound } from '../../http/http-error'
import { PHOTO_FILES } from './photo-names'
import type { PhotoRepository } from './photo-repository'

/**
 * Bytes of photos a node keeps in memory: a menu's photos a phone loads (one width, one format
 * of each, ~30 KB apiece) many times over, so the database is asked once per photo and node
 * while the menu is busy.
 */
export const PHOTO_CACHE_BYTES = 64 * 1024 * 1024
const RESTAURANT = /^[a-z0-9][a-z0-9_-]*$/
const HASH = /^[0-9a-f]{16,64}$/
/** A name never comes to hold other bytes (decision 0065): a browser or CDN keeps it for good. */
const FOR_GOOD = 'public, max-age=31536000, immutable'

interface ServedPhoto {
  content: Buffer
  contentType: string
  etag: string
}

/**
 * `/media/photos/{restaurant}/{hash}/{width}.{avif|webp}`, the address photos have had since
 * decision 0065, served from the database on any node (decision 0106), through an LRU of
 * `cacheBytes` in memory; concurrent misses of one photo make one query.
 */
export function registerPhotoRoutes(
  app: FastifyInstance,
  repository: Pick<PhotoRepository, 'read'>,
  cacheBytes = PHOTO_CACHE_BYTES,
): void {
  const photos = new LRUCache<string, ServedPhoto, { restaurantId: string; name: string }>({
    maxSize: cacheBytes,
    sizeCalculation: (photo) => Math.max(1, photo.content.length),
    fetchMethod: async (_key, _stale, { context }) => {
      const stored = await repository.read(context.restaurantId, context.name)
      if (!stored) return undefined
      const digest = createHash('sha256').update(stored.content).digest('base64url')
      return { ...stored, etag: `"${digest.slice(0, 27)}"` }
    },
  })

  app.get<{ Params: { restaurantId: string; hash: string; file: string } }>(
    '/media/photos/:restaurantId/:hash/:file',
    async (request, reply) => {
      const { restaurantId, hash, file } = request.params
      const name = `${hash}/${file}`
      if (!RESTAURANT.test(restaurantId) || !HASH.test(hash) || !PHOTO_FILES.includes(file)) {
        throw notFound('There is no such photo.')
      }
      const photo = await photos.fetch(`${restaurantId}/${name}`, {
        context: { restaurantId, name },
      })
      if (!photo) throw notFound('There is no such photo.')
      reply.header('cache-control', FOR_GOOD).header('etag', photo.etag)
      if (matches(request.headers['if-none-match'], photo.etag)) return reply.code(304).send()
      return reply.type(photo.contentType).send(photo.content)
    },
  )
}

/** Whether an `If-None-Match` header names `etag` (or any, `*`); weak forms count (RFC 9110). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag)
}
