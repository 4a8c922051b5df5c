import rateLimit, { normalizeIP } from '@fastify/rate-limit'
import { BlockList, isIPv4 } from 'node:net'
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify'
import type { Redis } from 'ioredis'
import { HttpError } from './http-error'

/**
 * One counter: requests from one address (an IPv6 client's whole /64), or from one address
 * about one thing (`subject`, from the route's params), within a window.
 */
export interface RateLimit {
  /** Names the counter; routes that name the same one share it. */
  name: string
  max: number
  windowMs: number
  subject?: (request: FastifyRequest) => string | undefined
  /**
   * Counts per what this names instead of per address (a signed device); a request it names
   * nothing for is not counted by this limit.
   */
  per?: (request: FastifyRequest) => string | undefined
  /** Requests this limit does not count (a staff device that signed in before). */
  unless?: (request: FastifyRequest) => boolean
}

/** The limits a route has, by its method and full URL; undefined: none. */
export type RateLimitPolicy = (method: string, url: string) => readonly RateLimit[] | undefined

/** Counters kept per limit in one process when there is no Redis; the oldest go first. */
const LOCAL_KEYS_PER_LIMIT = 50_000

/** The address a request is counted under: its IPv4 address, or its IPv6 /64. */
export function addressOf(request: FastifyRequest): string {
  return normalizeIP(request.ip)
}

export function secondsText(seconds: number): string {
  return seconds === 1 ? '1 second' : `${String(seconds)} seconds`
}

export function tooManyRequests(what: string, retryAfterSeconds: number): HttpError {
  return new HttpError(
    429,
    'rate_limited',
    `${what}; try again in ${secondsText(retryAfterSeconds)}.`,
  )
}

/**
 * Counts requests with @fastify/rate-limit, in Redis when `redisUrl` is set (every node
 * shares the counts), else in this process. Routes registered afterwards get the limits
 * `policy` gives them; a 429 has the one error shape and Retry-After. Register it before
 * any route. When Redis cannot be reached the request goes through: limits slow abuse,
 * they are not worth a restaurant's dinner service.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  options: { redisUrl: string | null; policy: RateLimitPolicy; exempt?: readonly string[] },
): Promise<void> {
  const exempt = exemptAddresses(options.exempt ?? [])
  let redis: Redis | undefined
  if (options.redisUrl) {
    // Loaded only where there is a Redis: a node without one starts without the client.
    const { Redis } = await import('ioredis')
    redis = new Redis(options.redisUrl, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
    })
    // Said once per outage, not at every reconnect attempt.
    let away = false
    redis.on('error', (error: Error) => {
      if (away) return
      away = true
      app.log.warn({ err: error }, 'Rate limit store (Redis) unavailable; requests pass unlimited')
    })
    redis.on('ready', () => {
      away = false
    })
    try {
      await redis.connect()
    } catch (error) {
      // A node starts while Redis is away (issue 26); ioredis goes on connecting by itself.
      if (error instanceof Error && error.name === 'ReplyError') throw error
    }
    const connection = redis
    app.addHook('onClose', async () => {
      try {
        await connection.quit()
      } catch {
        connection.disconnect()
      }
    })
  }
  await app.register(rateLimit, {
    global: false,
    skipOnError: true,
    ...(redis ? { redis, nameSpace: 'tableside:rate-limit:' } : {}),
  })

  const counters = new Map<string, ReturnType<FastifyInstance['createRateLimit']>>()
  const counterOf = (limit: RateLimit) => {
    let counter = counters.get(limit.name)
    if (!counter) {
      counter = app.createRateLimit({
        max: limit.max,
        timeWindow: limit.windowMs,
        skipOnError: true,
        cache: LOCAL_KEYS_PER_LIMIT,
        keyGenerator: (request) =>
          [
            limit.name,
            limit.per?.(request) ?? addressOf(request),
            limit.subject?.(request) ?? '',
          ].join('|'),
      } as Parameters<FastifyInstance['createRateLimit']>[0])
      counters.set(limit.name, counter)
    }
    return counter
  }

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    const limits = methods.flatMap((method) => options.policy(method, route.url) ?? [])
    if (limits.length === 0) return
    const checks = limits.map((limit) => ({ limit, count: counterOf(limit) }))
    const check: onRequestAsyncHookHandler = async (request, reply) => {
      if (exempt && isExempt(exempt, request.ip)) return
      for (const { limit, count } of checks) {
        if (limit.unless?.(request)) continue
        if (limit.per && limit.per(request) === undefined) continue
        const result = await count(request)
        if (!result.isAllowed && result.isExceeded) {
          const seconds = Math.max(1, result.ttlInSeconds)
          void reply.header('retry-after', String(seconds))
          throw tooManyRequests('Too many requests from this network', seconds)
        }
      }
    }
    const existing = route.onRequest
    route.onRequest = existing
      ? [...(Array.isArray(existing) ? existing : [existing]), check]
      : [check]
  })
}

function isExempt(list: BlockList, ip: string): boolean {
  // A dual-stack socket reports an IPv4 client as ::ffff:a.b.c.d.
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip
  return isIPv4(v4) ? list.check(v4, 'ipv4') : list.check(ip, 'ipv6')
}

/** RATE_LIMIT_EXEMPT: addresses and CIDR ranges (validated by the configuration). */
function exemptAddresses(entries: readonly string[]): BlockList | undefined {
  if (entries.length === 0) return undefined
  const list = new BlockList()
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/')
    const type = isIPv4(address) ? 'ipv4' : 'ipv6'
    if (bits === undefined) list.addAddress(address, type)
    else list.addSubnet(address, Number(bits), type)
  }
  return list
}
