import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { quoteCart as quoteCartEndpoint } from '@tableside/contracts/cart'
import { getDish, getMenu } from '@tableside/contracts/menu'
import { getStories } from '@tableside/contracts/stories'
import { notFound } from '../../http/http-error'
import { registerEndpoint, SENT } from '../../http/register-endpoint'
import type { MenuCache } from './menu-cache'
import type { MenuBody, MenuSnapshot } from './menu-snapshot'
import { activeStories } from './menu-snapshot'
import { quoteCart } from './quote'

const UNKNOWN_RESTAURANT = 'This restaurant does not exist.'

export function registerMenuRoutes(app: FastifyInstance, cache: MenuCache): void {
  const snapshotOf = async (restaurantId: string): Promise<MenuSnapshot> => {
    const snapshot = await cache.get(restaurantId)
    if (!snapshot) throw notFound(UNKNOWN_RESTAURANT)
    return snapshot
  }

  registerEndpoint(
    app,
    getMenu,
    async ({ params, request, reply }): Promise<typeof SENT> => {
      const snapshot = await snapshotOf(params.restaurantId)
      sendMenuBody(request, reply, snapshot.body)
      return SENT
    },
    // The bytes are compressed already: no compression hook on the busiest route.
    { compress: false },
  )

  registerEndpoint(app, getDish, async ({ params }) => {
    const snapshot = await snapshotOf(params.restaurantId)
    const entry = snapshot.dishes.get(params.dishId)
    if (!entry) throw notFound('This dish is not on the menu.')
    return { ...entry.dish, menuId: entry.menuId }
  })

  registerEndpoint(app, getStories, async ({ params }) => {
    const snapshot = await snapshotOf(params.restaurantId)
    return { stories: activeStories(snapshot, new Date()) }
  })

  registerEndpoint(app, quoteCartEndpoint, async ({ params, body }) => {
    const snapshot = await snapshotOf(params.restaurantId)
    return quoteCart(snapshot, body)
  })
}

/**
 * The prepared bytes: 304 when the diner's copy is current, otherwise the smallest encoding
 * the browser accepts. No per-request serialisation or compression.
 */
function sendMenuBody(request: FastifyRequest, reply: FastifyReply, body: MenuBody): void {
  reply
    .header('etag', body.etag)
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding')
  if (matchesEtag(request.headers['if-none-match'], body.etag)) {
    void reply.code(304).send()
    return
  }
  const encoding = preferredEncoding(request.headers['accept-encoding'])
  reply.code(200).header('content-type', 'application/json; charset=utf-8')
  if (encoding !== 'identity') reply.header('content-encoding', encoding)
  void reply.send(encoding === 'identity' ? body.identity : body[encoding])
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((tag) => {
    const trimmed = tag.trim()
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`
  })
}

/** br over gzip; an encoding refused with q=0 is never used. */
export function preferredEncoding(header: string | undefined): 'br' | 'gzip' | 'identity' {
  if (!header) return 'identity'
  const accepted = new Set<string>()
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...rest] = part.trim().split(';')
    const refused = rest.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param))
    if (!refused) accepted.add(name.trim())
  }
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip'
  return 'identity'
}
