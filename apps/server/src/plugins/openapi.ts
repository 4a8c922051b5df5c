import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'

/** OpenAPI generated from the contract descriptors the routes are registered with. */
export async function registerOpenApi(app: FastifyInstance, apiBase: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tableside API',
        version: '1',
        description:
          'Restaurant ordering: menu, orders, payments, waiter calls. Errors always answer ' +
          '`{ "error": { "code", "message", "fields"? } }`.',
      },
      servers: [{ url: '/' }],
    },
    transform: jsonSchemaTransform,
    hideUntagged: true,
  })
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiConfig: { docExpansion: 'list', deepLinking: true },
  })
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger())
  app.log.debug(`OpenAPI for ${apiBase} at /api/openapi.json`)
}
