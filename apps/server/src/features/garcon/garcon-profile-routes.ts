import type { FastifyInstance, FastifyRequest } from 'fastify'
import { GARCON_TOKEN_HEADER, type Waiter } from '@tableside/contracts/garcon'
import {
  changeGarconPin,
  getGarconProfile,
  listGarconDevices,
  signOutGarconDevice,
  updateGarconProfile,
} from '@tableside/contracts/garcon-profile'
import { registerEndpoint } from '../../http/register-endpoint'
import type { GarconProfileService } from './garcon-profile-service'
import { hashAccessToken } from '../../lib/access-token'
import { LoginBackoffError } from '../../lib/login-backoff'

/** The hash of the token a signed-in request carries: which session is "this device". */
const sessionOf = (request: FastifyRequest): string => {
  const token = request.headers[GARCON_TOKEN_HEADER]
  return hashAccessToken(typeof token === 'string' ? token : '')
}

/** The waiter's own profile, PIN and devices (header X-Garcon-Token). */
export function registerGarconProfileRoutes(
  app: FastifyInstance,
  profiles: GarconProfileService,
  requireWaiter: (request: FastifyRequest) => Promise<Waiter>,
): void {
  registerEndpoint(app, getGarconProfile, async ({ request }) =>
    profiles.profile(await requireWaiter(request)),
  )
  registerEndpoint(app, updateGarconProfile, async ({ request, body }) =>
    profiles.setLanguage(await requireWaiter(request), body.language),
  )
  registerEndpoint(app, changeGarconPin, async ({ request, body, reply }) => {
    const waiter = await requireWaiter(request)
    try {
      const signedOut = await profiles.changePin(
        waiter,
        sessionOf(request),
        body.currentPin,
        body.newPin,
      )
      return { signedOut }
    } catch (error) {
      if (error instanceof LoginBackoffError) {
        void reply.header('retry-after', String(error.retryAfterSeconds))
      }
      throw error
    }
  })
  registerEndpoint(app, listGarconDevices, async ({ request }) => ({
    devices: await profiles.devices(await requireWaiter(request), sessionOf(request)),
  }))
  registerEndpoint(app, signOutGarconDevice, async ({ request, params }) => ({
    signedOut: await profiles.signOutDevice(await requireWaiter(request), params.deviceId),
  }))
}
