import type { FastifyInstance } from 'fastify'
import { garconLogin, getGarconMe } from '@tableside/contracts/garcon'
import { HttpError } from '../../http/http-error'
import { createRateLimiter } from '../../http/rate-limiter'
import { registerEndpoint } from '../../http/register-endpoint'
import type { ChannelRule } from '../realtime/channel-authorization'
import type { GarconAuth } from './garcon-auth'
import { normalizeLogin } from './garcon-service'

const LOGIN_WINDOW_MS = 15 * 60_000
/** Guesses at one waiter's PIN from one address: a 4-digit PIN then takes days, not minutes. */
const ATTEMPTS_PER_LOGIN = 10
/** One address trying many logins; a restaurant's waiters share its address at shift start. */
const ATTEMPTS_PER_ADDRESS = 60

const tooManyAttempts = () =>
  new HttpError(429, 'rate_limited', 'Too many sign-in attempts; try again in 15 minutes.')

export function registerGarconRoutes(app: FastifyInstance, auth: GarconAuth): void {
  const perLogin = createRateLimiter({ limit: ATTEMPTS_PER_LOGIN, windowMs: LOGIN_WINDOW_MS })
  const perAddress = createRateLimiter({ limit: ATTEMPTS_PER_ADDRESS, windowMs: LOGIN_WINDOW_MS })
  registerEndpoint(app, garconLogin, ({ body, request }) => {
    const login = `${request.ip} ${body.restaurantId} ${normalizeLogin(body.login)}`
    if (!perAddress.allow(request.ip) || !perLogin.allow(login)) throw tooManyAttempts()
    return auth.service.login(body.restaurantId, body.login, body.pin)
  })
  registerEndpoint(app, getGarconMe, ({ request }) => auth.requireWaiter(request))
}

/** `private-garcon.{waiterId}`: only that waiter, by the token in X-Garcon-Token. */
export function garconChannelRule(auth: GarconAuth): ChannelRule {
  return {
    // The id is compared with the signed-in waiter's, so its shape needs no closer check.
    pattern: /^private-garcon\.([0-9a-f-]{36})$/,
    async decide(request, match) {
      const waiter = await auth.waiterOf(request)
      if (!waiter) return { allow: false, reason: 'Sign in as a waiter.' }
      return waiter.id === match[1]
        ? { allow: true }
        : { allow: false, reason: "This is another waiter's channel." }
    },
  }
}
