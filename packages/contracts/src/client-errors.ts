import * as z from 'zod/mini'
import { defineEndpoint } from './endpoint'

export const clientErrorKind = z.enum(['startup', 'navigation', 'render', 'unhandled'])

/** The SPA reports errors it shows, so the restaurant's operators hear of them. */
export const reportClientError = defineEndpoint({
  method: 'POST',
  path: '/client-errors',
  summary: 'Report an error the web app showed to a person',
  tags: ['system'],
  body: z.object({
    kind: clientErrorKind,
    instanceId: z.string().check(z.maxLength(64)),
    buildId: z.string().check(z.maxLength(64)),
    path: z.string().check(z.maxLength(2048)),
    status: z.optional(z.int().check(z.minimum(0), z.maximum(999))),
    message: z.string().check(z.maxLength(2000)),
    stack: z.optional(z.string().check(z.maxLength(8000))),
  }),
  status: 202,
  response: z.object({ status: z.literal('received') }),
})
