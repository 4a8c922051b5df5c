import { constants as zlib } from 'node:zlib'
import compress from '@fastify/compress'
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { ServerConfig } from '../config/env'
import { lingerOverUnreadBodies } from '../http/lingering-close'
import { refuseNulCharacters } from '../http/refuse-nul'
import { refuseMalformedHost } from '../http/request-origin'
import { fastifyTrustProxy } from '../http/trust-proxy'
import { clientErrorHandler, frameworkErrors, installErrorHandler } from './error-handler'
import { registerOpenApi } from './openapi'
import { registerSecurityHeaders } from './security'

/** Node's defaults for how long headers may take and how often late requests are looked for. */
const HEADERS_TIMEOUT_MS = 60_000
const TIMEOUT_CHECK_MS = 30_000

/**
 * A Fastify instance with the HTTP plumbing every route stands on: timeouts, proxies, the one
 * error shape, the refusals of malformed requests, security headers, compression and the API's
 * description. No feature yet.
 */
export async function createHttpApp(
  config: ServerConfig,
  logger: FastifyServerOptions['logger'],
): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    bodyLimit: config.bodyLimitBytes,
    // Fastify turns Node's request timeout off; without one a client that trickles a body holds
    // its connection for ever (issue 27). Headers get Node's minute, or less with a shorter
    // timeout, and Node looks for late requests every 30 s, or more often with a shorter one.
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, config.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(TIMEOUT_CHECK_MS, config.requestTimeoutMs / 4),
    },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Per-request lines drown the log; failures are logged where they are handled.
    logController: new LogController({ disableRequestLogging: true }),
    // The error handler answers 503 while closing, in the one error shape (decision 0031).
    return503OnClosing: false,
    frameworkErrors,
    clientErrorHandler,
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  installErrorHandler(app)
  lingerOverUnreadBodies(app)
  refuseNulCharacters(app)
  registerSecurityHeaders(app)
  refuseMalformedHost(app)
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Dynamic responses: fast brotli; static files are precompressed at build time.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  })
  await registerOpenApi(app, config.apiBase)
  return app
}
