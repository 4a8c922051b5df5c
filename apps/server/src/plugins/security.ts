import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'

/**
 * Security headers on every response. Documents of the SPA replace the CSP with one that
 * also names the realtime socket (see features/system/runtime-config.ts).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // The payment sandbox and QR images are same-origin; cross-origin isolation is not needed.
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  })
}
