import type { FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import {
  KITCHEN_TOKEN_HEADER,
  MANAGER_TOKEN_HEADER,
  type KitchenStaff,
  type Manager,
} from '@tableside/contracts/staff'
import type { Database } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import { createStaffService, type StaffService } from './staff-service'

export interface StaffAuth {
  service: StaffService
  /** The manager whose token the request carries in X-Manager-Token, or null. */
  managerOf: (request: FastifyRequest) => Promise<Manager | null>
  /** The same, or 401 `unauthorized`: what every back-office route calls first. */
  requireManager: (request: FastifyRequest) => Promise<Manager>
  kitchenOf: (request: FastifyRequest) => Promise<KitchenStaff | null>
  /** The kitchen whose token is in X-Kitchen-Token, or 401: every kitchen route calls it. */
  requireKitchen: (request: FastifyRequest) => Promise<KitchenStaff>
}

export const signInAsManager = () => new HttpError(401, 'unauthorized', 'Sign in as a manager.')
export const signInAsKitchen = () =>
  new HttpError(401, 'unauthorized', 'Sign in to the kitchen display.')

/**
 * Only the headers count (as for waiters): the cookies alone leave a request anonymous, so a
 * request forged from another site carries no manager. A waiter's or a diner's token is no
 * manager's: each kind of token is looked up only among its own accounts.
 */
export function createStaffAuth(
  db: Kysely<Database>,
  options: Omit<Parameters<typeof createStaffService>[0], 'db'> = {},
): StaffAuth {
  const service = createStaffService({ db, ...options })
  const managerOf = async (request: FastifyRequest) => {
    const token = request.headers[MANAGER_TOKEN_HEADER]
    return typeof token === 'string' ? service.authenticateManager(token) : null
  }
  const kitchenOf = async (request: FastifyRequest) => {
    const token = request.headers[KITCHEN_TOKEN_HEADER]
    return typeof token === 'string' ? service.authenticateKitchen(token) : null
  }
  return {
    service,
    managerOf,
    kitchenOf,
    requireManager: async (request) => {
      const manager = await managerOf(request)
      if (!manager) throw signInAsManager()
      return manager
    },
    requireKitchen: async (request) => {
      const kitchen = await kitchenOf(request)
      if (!kitchen) throw signInAsKitchen()
      return kitchen
    },
  }
}
