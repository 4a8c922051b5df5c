import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { quoteCart as quoteCartEndpoint } from '@tableside/contracts/cart'
import { getDish, getMenu } from '@tableside/contracts/menu'
import { getStories } from '@tableside/contracts/stories'
import { notFound } from '../../http/http-error'
import { registerEndpoint, SENT } from '../../http/register-endpoint'
import type { MenuCache } from './menu-cache'
import type { MenuBody, MenuEncoding, MenuSnapshot } from './menu-snapshot'
import { activeStories } from './menu-snapshot'
import { quoteCart } from './quote'

const UNKNOWN_RESTAURANT = 'This restaurant does not exist.'

export function registerMenuRoutes(app: FastifyInstance, cache: MenuCache): void {
  const snapshotOf = async (restaurantId: string): Promise<MenuSnapshot> => {
    const snapshot = await cache.get(restaurantId)
    if (!snapshot) throw notFound(UNKNOWN_RESTAURANT)
    return snapshot
  }

  // The busiest route: a held menu is answered at once with bytes and headers made per version.
  registerEndpoint(
    app,
    getMenu,
    ({ params, request, reply }) => {
      const held = cache.get(params.restaurantId)
      if (!(held instanceof Promise)) return sendMenuBody(request, reply, held.body)
      return held.then((snapshot) => {
        if (!snapshot) throw notFound(UNKNOWN_RESTAURANT)
        return sendMenuBody(request, reply, snapshot.body)
      })
    },
    { prepared: true },
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
function sendMenuBody(request: FastifyRequest, reply: FastifyReply, body: MenuBody): typeof SENT {
  const ifNoneMatch = request.headers['if-none-match']
  if (ifNoneMatch !== undefined && matchesEtag(ifNoneMatch, body.etag)) {
    void reply.code(304).headers(body.notModified).send()
    return SENT
  }
  const answer = body.answers[encodingFor(request.headers['accept-encoding'])]
  void reply.code(200).headers(answer.headers).send(answer.bytes)
  return SENT
}

/**
 * What each Accept-Encoding browsers send chooses: a handful of short strings, each read once.
 * Anything else is read each time, and the map never holds more than a few KB.
 */
const chosenEncodings = new Map<string, MenuEncoding>()
const CHOSEN_ENCODINGS_MAX = 64
const CHOSEN_ENCODING_LENGTH_MAX = 64

function encodingFor(header: string | undefined): MenuEncoding {
  if (header === undefined) return 'identity'
  const known = chosenEncodings.get(header)
  if (known !== undefined) return known
  const encoding = preferredEncoding(header)
  if (header.length <= CHOSEN_ENCODING_LENGTH_MAX) {
    if (chosenEncodings.size >= CHOSEN_ENCODINGS_MAX) chosenEncodings.clear()
    chosenEncodings.set(header, encoding)
  }
  return encoding
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((tag) => {
    const trimmed = tag.trim()
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`
  })
}

/** br over gzip; an encoding refused with q=0 is never used. */
export function preferredEncoding(header: string | undefined): MenuEncoding {
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
