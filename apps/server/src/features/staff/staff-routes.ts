import type { FastifyInstance, FastifyReply } from 'fastify'
import {
  KITCHEN_TOKEN_HEADER,
  MANAGER_TOKEN_HEADER,
  adminLogin,
  adminLogout,
  confirmAdminTotp,
  disableAdminTotp,
  getAdminMe,
  getKitchenMe,
  kitchenLogin,
  kitchenLogout,
  startAdminTotp,
} from '@tableside/contracts/staff'
import { registerEndpoint } from '../../http/register-endpoint'
import { LoginBackoffError } from '../../lib/login-backoff'
import type { ChannelRule } from '../realtime/channel-authorization'
import type { StaffAuth } from './staff-auth'

/** A 429 from the backoff says when to try again. */
async function withRetryAfter<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof LoginBackoffError) {
      void reply.header('retry-after', String(error.retryAfterSeconds))
    }
    throw error
  }
}

/**
 * Managers' and the kitchen's sign-in and sign-out, and the manager's own TOTP. Per address,
 * the logins are limited in rate-limit-policy.ts; per login, they back off in the service.
 */
export function registerStaffRoutes(
  app: FastifyInstance,
  auth: StaffAuth,
  deps: { restaurantName: (restaurantId: string) => Promise<string> },
): void {
  registerEndpoint(app, adminLogin, ({ body, reply }) =>
    withRetryAfter(reply, () => auth.service.loginManager(body)),
  )
  registerEndpoint(app, adminLogout, async ({ request }) => {
    await auth.requireManager(request)
    const token = request.headers[MANAGER_TOKEN_HEADER]
    return { signedOut: typeof token === 'string' ? await auth.service.revoke(token) : 0 }
  })
  registerEndpoint(app, getAdminMe, async ({ request }) => {
    const manager = await auth.requireManager(request)
    return auth.service.me(manager.id)
  })
  registerEndpoint(app, startAdminTotp, async ({ request }) => {
    const manager = await auth.requireManager(request)
    return auth.service.startTotp(manager.id, await deps.restaurantName(manager.restaurantId))
  })
  registerEndpoint(app, confirmAdminTotp, async ({ request, body }) => {
    const manager = await auth.requireManager(request)
    return auth.service.confirmTotp(manager.id, body.secret, body.code)
  })
  registerEndpoint(app, disableAdminTotp, async ({ request, body }) => {
    const manager = await auth.requireManager(request)
    return auth.service.disableTotp(manager.id, body.code)
  })

  registerEndpoint(app, kitchenLogin, ({ body, reply }) =>
    withRetryAfter(reply, () => auth.service.loginKitchen(body)),
  )
  registerEndpoint(app, kitchenLogout, async ({ request }) => {
    await auth.requireKitchen(request)
    const token = request.headers[KITCHEN_TOKEN_HEADER]
    return { signedOut: typeof token === 'string' ? await auth.service.revoke(token) : 0 }
  })
  registerEndpoint(app, getKitchenMe, ({ request }) => auth.requireKitchen(request))
}

/**
 * `private-kitchen.{restaurantId}`: the restaurant's kitchen screens, by the token in
 * X-Kitchen-Token; a manager of the restaurant may watch it too.
 */
export function kitchenChannelRule(auth: StaffAuth): ChannelRule {
  return {
    pattern: /^private-kitchen\.([a-z0-9][a-z0-9-]{0,62})$/,
    async decide(request, match) {
      const staff = (await auth.kitchenOf(request)) ?? (await auth.managerOf(request))
      if (!staff) return { allow: false, reason: 'Sign in to the kitchen display.' }
      return staff.restaurantId === match[1]
        ? { allow: true }
        : { allow: false, reason: "This is another restaurant's kitchen." }
    },
  }
}
