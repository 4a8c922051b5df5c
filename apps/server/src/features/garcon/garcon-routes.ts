import type { FastifyInstance } from 'fastify'
import {
  GARCON_TOKEN_HEADER,
  garconLogin,
  garconLogout,
  garconLogoutAll,
} from '@tableside/contracts/garcon'
import { registerEndpoint } from '../../http/register-endpoint'
import type { GarconShiftMember } from '@tableside/contracts/table-events'
import type { ChannelRule } from '../realtime/channel-authorization'
import type { GarconAuth } from './garcon-auth'
import { LoginBackoffError } from '../../lib/login-backoff'
import type { SignInDevices } from '../../lib/sign-in-devices'

/**
 * Per address (or per known device), the login is limited in rate-limit-policy.ts; per login
 * and place, it backs off in the service. A sign-in leaves the device its cookie (decision 0108).
 */
export function registerGarconRoutes(
  app: FastifyInstance,
  auth: GarconAuth,
  devices: SignInDevices,
): void {
  registerEndpoint(app, garconLogin, async ({ body, request, reply }) => {
    try {
      const place = { ...devices.placeOf(request), newDevice: devices.newDevice() }
      const userAgent = request.headers['user-agent']
      const { signedIn, device } = await auth.service.login(
        body.restaurantId,
        body.login,
        body.pin,
        place,
        userAgent,
      )
      devices.issue(request, reply, device)
      return signedIn
    } catch (error) {
      if (error instanceof LoginBackoffError) {
        void reply.header('retry-after', String(error.retryAfterSeconds))
      }
      throw error
    }
  })
  registerEndpoint(app, garconLogout, async ({ request }) => {
    await auth.requireWaiter(request)
    const token = request.headers[GARCON_TOKEN_HEADER]
    return { signedOut: typeof token === 'string' ? await auth.service.revoke(token) : 0 }
  })
  registerEndpoint(app, garconLogoutAll, async ({ request }) => {
    const waiter = await auth.requireWaiter(request)
    return { signedOut: await auth.service.revokeAll(waiter.id) }
  })
}

/** `private-garcon.{waiterId}`: only that waiter, by the token in X-Garcon-Token. */
export function garconChannelRule(auth: GarconAuth): ChannelRule {
  return {
    // The id is compared with the signed-in waiter's, so its shape needs no closer check.
    pattern: /^private-garcon\.([0-9a-f-]{36})$/,
    async decide(request, match) {
      const waiter = await auth.waiterOf(request)
      if (!waiter) return { allow: false, signIn: true, reason: 'Sign in as a waiter.' }
      return waiter.id === match[1]
        ? { allow: true }
        : { allow: false, reason: "This is another waiter's channel." }
    },
  }
}

/** Initials as a badge shows them: the first letters of the first two words, in capitals. */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/u)
    .filter((word) => word !== '')
    .slice(0, 2)
    .map((word) => String.fromCodePoint(word.codePointAt(0) ?? 0).toLocaleUpperCase())
    .join('')
}

/**
 * `presence-garcon-shift.{restaurantId}` (decision 0045): the restaurant's waiters on shift, as
 * a presence channel. Only a signed-in waiter of that restaurant who is on shift now may join;
 * the members list shows each as `{ name, initials }`.
 */
export function garconShiftChannelRule(
  auth: GarconAuth,
  onShift: (waiterId: string) => Promise<boolean>,
): ChannelRule {
  return {
    pattern: /^presence-garcon-shift\.([a-z0-9][a-z0-9-]{0,62})$/,
    async decide(request, match) {
      const waiter = await auth.waiterOf(request)
      if (!waiter) return { allow: false, signIn: true, reason: 'Sign in as a waiter.' }
      if (waiter.restaurantId !== match[1]) {
        return { allow: false, reason: "This is another restaurant's shift." }
      }
      if (!(await onShift(waiter.id))) {
        return { allow: false, reason: 'Only waiters on shift are here. Start your shift first.' }
      }
      const userInfo: GarconShiftMember = { name: waiter.name, initials: initialsOf(waiter.name) }
      return { allow: true, presence: { userId: waiter.id, userInfo: { ...userInfo } } }
    },
  }
}
