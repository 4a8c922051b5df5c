import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  KITCHEN_TOKEN_HEADER,
  MANAGER_TOKEN_HEADER,
  adminLogin,
  adminLogout,
  changeAdminPassword,
  confirmAdminTotp,
  disableAdminTotp,
  endAdminSession,
  endAllAdminSessions,
  getAdminMe,
  getKitchenMe,
  kitchenLogin,
  kitchenLogout,
  listAdminSessions,
  startAdminTotp,
} from '@tableside/contracts/staff'
import { registerEndpoint } from '../../http/register-endpoint'
import { withRetryAfter } from '../../lib/retry-after'
import type { SignInDevices } from '../../lib/sign-in-devices'
import type { ChannelRule } from '../realtime/channel-authorization'
import type { StaffAuth } from './staff-auth'
import type { SignedIn, StaffSignInPlace } from './staff-service'

/** The manager and the token their request carries (the sign-in a change keeps, or marks). */
async function managerWithToken(auth: StaffAuth, request: FastifyRequest) {
  const manager = await auth.requireManager(request)
  // requireManager found a session by this very header, so it is a string.
  const token = String(request.headers[MANAGER_TOKEN_HEADER])
  return { manager, token }
}

/**
 * A sign-in from where the request comes from: the device keeps its signed cookie (decision
 * 0108), and a 429 from the backoff says when to try again.
 */
async function signIn(
  request: FastifyRequest,
  reply: FastifyReply,
  devices: SignInDevices,
  run: (place: StaffSignInPlace) => Promise<SignedIn>,
): Promise<Omit<SignedIn, 'device'>> {
  return withRetryAfter(reply, async () => {
    const { device, ...signedIn } = await run({
      ...devices.placeOf(request),
      newDevice: devices.newDevice(),
    })
    devices.issue(request, reply, device)
    return signedIn
  })
}

/**
 * Managers' and the kitchen's sign-in and sign-out, and the manager's own account: TOTP,
 * password and sign-ins (issue 27). Per address (or known device), the logins are limited in
 * rate-limit-policy.ts; per login and place, they back off in the service.
 */
export function registerStaffRoutes(
  app: FastifyInstance,
  auth: StaffAuth,
  deps: { restaurantName: (restaurantId: string) => Promise<string>; devices: SignInDevices },
): void {
  registerEndpoint(app, adminLogin, async ({ request, body, reply }) => {
    const signedIn = await signIn(request, reply, deps.devices, (place) =>
      auth.service.loginManager(body, place),
    )
    await auth.service.noteDevice(signedIn.token, {
      userAgent: request.headers['user-agent'],
      address: request.ip,
    })
    return signedIn
  })
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
    const { manager, token } = await managerWithToken(auth, request)
    const restaurantName = await deps.restaurantName(manager.restaurantId)
    return auth.service.startTotp(manager.id, token, restaurantName)
  })
  registerEndpoint(app, confirmAdminTotp, async ({ request, body, reply }) => {
    const { manager, token } = await managerWithToken(auth, request)
    return withRetryAfter(reply, () =>
      auth.service.confirmTotp(manager.id, token, body.password, body.code),
    )
  })
  registerEndpoint(app, disableAdminTotp, async ({ request, body }) => {
    const manager = await auth.requireManager(request)
    return auth.service.disableTotp(manager.id, body.code)
  })
  registerEndpoint(app, changeAdminPassword, async ({ request, body, reply }) => {
    const { manager, token } = await managerWithToken(auth, request)
    return withRetryAfter(reply, () => auth.service.changePassword(manager.id, token, body))
  })
  registerEndpoint(app, listAdminSessions, async ({ request }) => {
    const { manager, token } = await managerWithToken(auth, request)
    return { sessions: await auth.service.sessions(manager.id, token) }
  })
  registerEndpoint(app, endAdminSession, async ({ request, params }) => {
    const manager = await auth.requireManager(request)
    return auth.service.endSession(manager.id, params.sessionId)
  })
  registerEndpoint(app, endAllAdminSessions, async ({ request }) => {
    const manager = await auth.requireManager(request)
    return { signedOut: await auth.service.revokeAll(manager.id) }
  })

  registerEndpoint(app, kitchenLogin, ({ body, request, reply }) =>
    signIn(request, reply, deps.devices, (place) => auth.service.loginKitchen(body, place)),
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
      if (!staff) return { allow: false, signIn: true, reason: 'Sign in to the kitchen display.' }
      return staff.restaurantId === match[1]
        ? { allow: true }
        : { allow: false, reason: "This is another restaurant's kitchen." }
    },
  }
}
