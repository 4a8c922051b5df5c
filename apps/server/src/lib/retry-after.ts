import type { FastifyReply } from 'fastify'
import { LoginBackoffError } from './login-backoff'

/** Runs a step that checks a secret; a 429 from the login's backoff says when to try again. */
export async function withRetryAfter<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof LoginBackoffError) {
      void reply.header('retry-after', String(error.retryAfterSeconds))
    }
    throw error
  }
}
