import type { $ZodType, input, output } from 'zod/v4/core'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * One API operation, described once and used by both sides: the server registers a
 * route from it, the web client builds its call from it, and OpenAPI is generated
 * from it. `path` is relative to the API base and uses `:name` for parameters.
 */
export interface Endpoint {
  readonly method: HttpMethod
  readonly path: string
  readonly summary: string
  readonly tags: readonly string[]
  readonly params?: $ZodType
  readonly query?: $ZodType
  readonly body?: $ZodType
  readonly status: 200 | 201 | 202
  readonly response: $ZodType
  /**
   * Error bodies that carry more than the one error shape, by status: the shape plus the
   * extra keys their `code` documents (`table_taken` lists who serves which table).
   */
  readonly errors?: Readonly<Partial<Record<400 | 403 | 404 | 409, $ZodType>>>
}

export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint
}

type InputOf<S> = S extends $ZodType ? input<S> : undefined
type OutputOf<S> = S extends $ZodType ? output<S> : undefined

export type EndpointParams<E extends Endpoint> = InputOf<E['params']>
export type EndpointQuery<E extends Endpoint> = InputOf<E['query']>
export type EndpointBody<E extends Endpoint> = InputOf<E['body']>
export type EndpointResponse<E extends Endpoint> = OutputOf<E['response']>

/** Fills `:name` placeholders; every value is URI-encoded so ids cannot change the path. */
export function fillPath(path: string, params: Readonly<Record<string, string | number>>): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`)
    return encodeURIComponent(String(value))
  })
}
