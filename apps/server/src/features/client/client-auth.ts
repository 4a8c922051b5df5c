import type { FastifyRequest } from 'fastify'
import { PROFILE_TOKEN_HEADER, type ClientProfile } from '@tableside/contracts/client'
import { HttpError } from '../../http/http-error'
import type { ClientSignIn } from './client-sign-in'

export const signInAsClient = () =>
  new HttpError(401, 'unauthorized', 'Sign in with your phone number. Войдите по номеру телефона.')

/** The token a request carries in X-Profile-Token, if any. */
export const profileTokenOf = (request: FastifyRequest): string | undefined => {
  const token = request.headers[PROFILE_TOKEN_HEADER]
  return typeof token === 'string' ? token : undefined
}

export interface ClientAuth {
  /** The diner whose token the request carries in X-Profile-Token, or null. */
  clientOf: (request: FastifyRequest) => Promise<ClientProfile | null>
  /** The same, or 401 `unauthorized`: what every profile action calls first. */
  requireClient: (request: FastifyRequest) => Promise<ClientProfile>
  /** The same with when the session ends unless used again, or 401 `unauthorized`. */
  requireSession: (request: FastifyRequest) => Promise<{ client: ClientProfile; expiresAt: Date }>
}

/**
 * Only the header counts: the profile_token cookie alone leaves a request anonymous, so a
 * request forged from another site carries no diner (DESIGN §4).
 */
export function createClientAuth(signIn: ClientSignIn): ClientAuth {
  const sessionOf = async (request: FastifyRequest) => {
    const token = profileTokenOf(request)
    return token === undefined ? null : signIn.authenticate(token)
  }
  const requireSession = async (request: FastifyRequest) => {
    const session = await sessionOf(request)
    if (!session) throw signInAsClient()
    return session
  }
  return {
    clientOf: async (request) => (await sessionOf(request))?.client ?? null,
    requireClient: async (request) => (await requireSession(request)).client,
    requireSession,
  }
}
