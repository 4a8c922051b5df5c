import type { FastifyInstance, FastifyRequest } from 'fastify'

/**
 * Security headers on every response, computed once: the same set helmet's defaults give
 * (without HSTS, which belongs to the TLS terminator, and without COEP, which the payment
 * sandbox does not need; COOP and Origin-Agent-Cluster only where they apply, below). Building them per request through @fastify/helmet took about a
 * fifth of the menu endpoint's CPU. Documents of the SPA replace the CSP with one that also
 * names the realtime socket (see features/system/runtime-config.ts).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join(';'),
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
})

/**
 * Headers browsers apply to potentially trustworthy origins only. Over plain http at a LAN
 * address or name (a phone on the restaurant's Wi-Fi) Chromium ignores them and logs "header
 * has been ignored" on every page, so they are sent only where they apply.
 */
export const TRUSTWORTHY_ORIGIN_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...SECURITY_HEADERS,
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
})

/** https, or a loopback host (localhost, *.localhost, 127.0.0.0/8, ::1), as the Secure Contexts spec counts them. */
export function isPotentiallyTrustworthy(request: FastifyRequest): boolean {
  const protocol: string = request.protocol
  if (protocol === 'https') return true
  const host = request.hostname.toLowerCase()
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  )
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isPotentiallyTrustworthy(request) ? TRUSTWORTHY_ORIGIN_HEADERS : SECURITY_HEADERS)
    done()
  })
}
