import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { $ZodType, output } from 'zod/v4/core'
import type { Endpoint, EndpointResponse } from '@tableside/contracts/endpoint'
import { errorBody } from '@tableside/contracts/errors'

type Parsed<S> = S extends $ZodType ? output<S> : undefined

export interface EndpointInput<E extends Endpoint> {
  params: Parsed<E['params']>
  query: Parsed<E['query']>
  body: Parsed<E['body']>
  request: FastifyRequest
  reply: FastifyReply
}

/**
 * What a handler returns after sending a prepared body itself (the menu's precompressed
 * bytes, a 304). Not the reply: a reply is thenable, and awaiting it waits for the socket.
 */
export const SENT: unique symbol = Symbol('sent')

/**
 * Returns the response body, or `SENT`; synchronously when it can (the menu's held bytes), so
 * that no promise waits on the answer.
 */
export type EndpointHandler<E extends Endpoint> = (
  input: EndpointInput<E>,
) => Promise<EndpointResponse<E> | typeof SENT> | EndpointResponse<E> | typeof SENT

export interface EndpointOptions {
  /**
   * A route whose handler sends bytes prepared ahead: no compression of the answer, and no
   * request body to decompress (@fastify/compress's hooks are left off the route).
   */
  prepared?: boolean
}

/**
 * Declares a route from its contract descriptor: the same zod schemas validate the
 * request, serialise the response and describe the operation in OpenAPI.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  { prepared = false }: EndpointOptions = {},
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...(prepared ? { compress: false, decompress: false } : {}),
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      tags: [...endpoint.tags],
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: {
        [endpoint.status]: endpoint.response,
        ...endpoint.errors,
        '4xx': errorBody,
        '5xx': errorBody,
      },
    },
    handler: (request, reply) => {
      const result = handler({
        // Fastify has already parsed these with the endpoint's own schemas.
        params: request.params as Parsed<E['params']>,
        query: request.query as Parsed<E['query']>,
        body: request.body as Parsed<E['body']>,
        request,
        reply,
      })
      // Answered at once: nothing for Fastify to wait on (a sync handler returns undefined).
      if (result === SENT) return undefined
      if (!isThenable(result)) {
        void reply.code(endpoint.status).send(result)
        return undefined
      }
      // The reply, a thenable, once sent: Fastify waits for the answer to go out.
      return Promise.resolve(result).then((value) =>
        value === SENT ? reply : reply.code(endpoint.status).send(value),
      )
    },
  })
}

/** A promise, or anything else with a `then` that `await` would have waited on. */
function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  )
}
