import type { FastifyRequest } from 'fastify'
import type { RuntimeConfig } from '@tableside/contracts/runtime-config'
import type { ServerConfig } from '../../config/env'

/**
 * The SPA's runtime configuration (spec §7), made per request so one build runs on any
 * address: unless configured, the realtime socket goes to the host and port the page
 * came from.
 */
export function runtimeConfigFor(
  config: ServerConfig,
  realtimeKey: string,
  request: FastifyRequest,
): RuntimeConfig {
  const secure = request.protocol === 'https'
  // A malformed Host never gets here (http/request-origin.ts); HTTP/1.0 may send none.
  const pageHost = request.hostname || 'localhost'
  // An external Pusher service without a configured host is Pusher Channels itself.
  const external = config.realtime.driver === 'pusher'
  const host =
    config.realtime.host ?? (external ? `ws-${config.realtime.cluster}.pusher.com` : pageHost)
  const port = config.realtime.port ?? (external ? 443 : (request.port ?? (secure ? 443 : 80)))
  const scheme = config.realtime.scheme ?? (external || secure ? 'wss' : 'ws')
  return {
    apiBase: config.apiBase,
    environment: config.environment,
    promoSiteUrl: config.promoSiteUrl,
    testPayments: config.payments.provider === 'sandbox',
    realtime: {
      key: realtimeKey,
      host,
      port,
      scheme,
      cluster: config.realtime.cluster,
      authEndpoint: '/broadcasting/auth',
    },
  }
}

/**
 * The policy for the app's documents: its own origin only, plus the realtime socket and the
 * restaurant's image hosts (`MEDIA_ORIGINS`, decision 0030). A page with the menu's first
 * screen drawn in (decision 0025) allows its exact `style` attributes by hash, nothing else
 * inline.
 */
export function documentContentSecurityPolicy(
  runtime: RuntimeConfig,
  styleHashes: readonly string[] = [],
  mediaOrigins: readonly string[] = [],
): string {
  const { scheme, host, port } = runtime.realtime
  const styles =
    runtime.environment === 'development'
      ? "'self' 'unsafe-inline'"
      : ["'self'", ...(styleHashes.length > 0 ? ["'unsafe-hashes'", ...styleHashes] : [])].join(' ')
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src ${styles}`,
    ["img-src 'self' data: blob:", ...mediaOrigins].join(' '),
    "font-src 'self'",
    `connect-src 'self' ${scheme}://${host}:${port}`,
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}
