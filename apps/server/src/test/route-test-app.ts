import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { installErrorHandler } from '../plugins/error-handler'

/**
 * A Fastify app with the API's validation, serialisation and error shape, and only the routes
 * `register` adds under `/api/v1`: for testing one feature's routes as app.ts serves them.
 */
export async function routeTestApp(
  register: (api: FastifyInstance) => void,
): Promise<FastifyInstance> {
  const app = Fastify()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  installErrorHandler(app)
  await app.register(
    (api) => {
      register(api)
      return Promise.resolve()
    },
    { prefix: '/api/v1' },
  )
  return app
}
