import type { FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { GARCON_TOKEN_HEADER, type Waiter } from '@tableside/contracts/garcon'
import type { Database } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import { createGarconService, type GarconService, type GarconServiceDeps } from './garcon-service'

export interface GarconAuth {
  service: GarconService
  /** The waiter whose token the request carries in X-Garcon-Token, or null. */
  waiterOf: (request: FastifyRequest) => Promise<Waiter | null>
  /** The same, or 401 `unauthorized`: what every waiter action calls first. */
  requireWaiter: (request: FastifyRequest) => Promise<Waiter>
}

export const signInAsWaiter = () => new HttpError(401, 'unauthorized', 'Sign in as a waiter.')

/**
 * Only the header counts: the garcon_token cookie alone leaves a request anonymous, so a
 * request forged from another site carries no waiter.
 */
export function createGarconAuth(
  db: Kysely<Database>,
  options: Omit<GarconServiceDeps, 'db'> = {},
): GarconAuth {
  const service = createGarconService({ db, ...options })
  const waiterOf = async (request: FastifyRequest) => {
    const token = request.headers[GARCON_TOKEN_HEADER]
    return typeof token === 'string' ? service.authenticate(token) : null
  }
  return {
    service,
    waiterOf,
    requireWaiter: async (request) => {
      const waiter = await waiterOf(request)
      if (!waiter) throw signInAsWaiter()
      return waiter
    },
  }
}
