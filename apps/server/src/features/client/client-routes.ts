import type { FastifyInstance } from 'fastify'
import {
  addClientAddress,
  clientLogout,
  clientLogoutAll,
  deleteClientAddress,
  deleteClientMe,
  getClientMe,
  listClientAddresses,
  listClientOrders,
  requestClientOtp,
  updateClientMe,
  verifyClientOtp,
} from '@tableside/contracts/client'
import { getAdminSmsBudget } from '@tableside/contracts/admin-settings'
import type { Manager } from '@tableside/contracts/staff'
import type { FastifyRequest } from 'fastify'
import { notFound } from '../../http/http-error'
import { registerEndpoint } from '../../http/register-endpoint'
import { profileTokenOf, type ClientAuth } from './client-auth'
import type { ClientProfileService } from './client-profile-service'
import { OtpWaitError, type ClientSignIn } from './client-sign-in'
import type { SmsBudget } from './sms-budget'

/** What the back office's count of the day's codes needs: the signed-in manager, the clock. */
export interface SmsBudgetRouteDeps {
  budget: SmsBudget
  requireManager: (request: FastifyRequest) => Promise<Manager>
  now: () => Date
}

/**
 * The diner's sign-in by code and profile (header X-Profile-Token). Per address, asking for
 * codes and trying them is limited in rate-limit-policy.ts; per number, in the service.
 */
export function registerClientRoutes(
  app: FastifyInstance,
  signIn: ClientSignIn,
  auth: ClientAuth,
  profiles: ClientProfileService,
  smsBudget: SmsBudgetRouteDeps,
): void {
  registerEndpoint(app, requestClientOtp, async ({ body, reply }) => {
    try {
      return await signIn.requestCode(body.restaurantId, body.phone)
    } catch (error) {
      if (error instanceof OtpWaitError) {
        void reply.header('retry-after', String(error.retryAfterSeconds))
      }
      throw error
    }
  })
  registerEndpoint(app, verifyClientOtp, async ({ body }) => {
    const signedIn = await signIn.verifyCode(body.phone, body.code)
    const attachedOrders = await signIn.repository.attachOrders(
      signedIn.client.id,
      signedIn.client.phone,
      signedIn.restaurantId,
      body.orderIds ?? [],
    )
    const { token, expiresAt, client } = signedIn
    return { token, expiresAt, client, attachedOrders }
  })
  registerEndpoint(app, clientLogout, async ({ request }) => {
    await auth.requireClient(request)
    return { signedOut: await signIn.revoke(profileTokenOf(request) ?? '') }
  })
  registerEndpoint(app, clientLogoutAll, async ({ request }) => {
    const client = await auth.requireClient(request)
    return { signedOut: await signIn.revokeAll(client.id) }
  })
  registerEndpoint(app, getClientMe, async ({ request }) => {
    const { client, expiresAt } = await auth.requireSession(request)
    return { ...client, sessionExpiresAt: expiresAt.toISOString() }
  })
  registerEndpoint(app, updateClientMe, async ({ request, body }) =>
    profiles.update(await auth.requireClient(request), body),
  )
  registerEndpoint(app, deleteClientMe, async ({ request }) =>
    profiles.deleteProfile(await auth.requireClient(request)),
  )
  registerEndpoint(app, listClientAddresses, async ({ request }) => ({
    addresses: await profiles.addresses(await auth.requireClient(request)),
  }))
  registerEndpoint(app, addClientAddress, async ({ request, body }) =>
    profiles.addAddress(await auth.requireClient(request), body),
  )
  registerEndpoint(app, deleteClientAddress, async ({ request, params }) =>
    profiles.deleteAddress(await auth.requireClient(request), params.addressId),
  )
  registerEndpoint(app, getAdminSmsBudget, async ({ request }) => {
    const manager = await smsBudget.requireManager(request)
    const usage = await smsBudget.budget.usage(manager.restaurantId, smsBudget.now())
    if (!usage) throw notFound('This restaurant does not exist.')
    return usage
  })
  registerEndpoint(app, listClientOrders, async ({ request, query }) =>
    profiles.orders(await auth.requireClient(request), query.restaurantId, query.before),
  )
}
