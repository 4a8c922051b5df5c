import type { Kysely } from 'kysely'
import type { EndpointResponse } from '@tableside/contracts/endpoint'
import type { garconLogin, Waiter } from '@tableside/contracts/garcon'
import type { Database } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import { createGarconRepository } from './garcon-repository'
import { createLoginBackoff, type SignInAttack } from '../../lib/login-backoff'
import type { SignInPlace } from '../../lib/sign-in-devices'
import { hashAccessToken, looksLikeAccessToken, newAccessToken } from '../../lib/access-token'
import { hashSecret, verifySecret } from '../../lib/secret-hash'

/** A shift and a bit: a waiter signs in once per working day. */
export const GARCON_SESSION_MS = 12 * 60 * 60 * 1000

export const wrongLoginOrPin = () => new HttpError(401, 'unauthorized', 'Wrong login or PIN.')

/** "Last used" moves on at most this often: one write a minute per device, not one a request. */
export const LAST_USED_STEP_MS = 60 * 1000

/** What "my devices" keeps of the browser that signed in. */
export const USER_AGENT_KEPT = 300

export const normalizeLogin = (login: string) => login.trim().toLowerCase()

export interface GarconServiceDeps {
  db: Kysely<Database>
  now?: () => Date
  /** Tells the managers a waiter's login is being guessed at from many places. */
  alert?: (attack: SignInAttack) => Promise<void>
}

/** A waiter signed in, and the device id the sign-in leaves in the device's cookie. */
export interface GarconSignIn {
  signedIn: EndpointResponse<typeof garconLogin>
  device: string
}

/** Waiter sign-in: login and PIN for a token, and the token back to the waiter. */
export function createGarconService({ db, now = () => new Date(), alert }: GarconServiceDeps) {
  const repository = createGarconRepository(db)
  const backoff = createLoginBackoff(db, 'garcon', alert ? { alert } : {})
  // An unknown login is checked against this, so it takes as long as a wrong PIN.
  let decoy: Promise<string> | undefined

  return {
    login: async (
      restaurantId: string,
      login: string,
      pin: string,
      place: SignInPlace & { newDevice: string },
      userAgent?: string,
    ): Promise<GarconSignIn> => {
      const typed = normalizeLogin(login)
      const createdAt = now()
      // Throws while this login must wait from this place (decisions 0029, 0108).
      await backoff.claim(restaurantId, typed, createdAt, place)
      const found = await repository.findActiveByLogin(restaurantId, typed)
      const pinHash = found?.pinHash ?? (await (decoy ??= hashSecret('decoy')))
      const pinMatches = await verifySecret(pin, pinHash)
      if (!found || !pinMatches) throw wrongLoginOrPin()
      const device = place.device ?? place.newDevice
      await backoff.succeeded(restaurantId, typed, createdAt, place, device)
      const token = newAccessToken()
      const expiresAt = new Date(createdAt.getTime() + GARCON_SESSION_MS)
      await repository.deleteEndedSessions(found.id, createdAt)
      await repository.startSession({
        tokenHash: hashAccessToken(token),
        waiterId: found.id,
        createdAt,
        expiresAt,
        userAgent: userAgent ? userAgent.slice(0, USER_AGENT_KEPT) : null,
      })
      const waiter = { id: found.id, restaurantId: found.restaurantId, name: found.name }
      return {
        signedIn: { token, expiresAt: expiresAt.toISOString(), waiter, language: found.language },
        device,
      }
    },

    /** The waiter a token signs in, or null when it is unknown, expired or revoked. */
    authenticate: async (token: string): Promise<Waiter | null> => {
      if (!looksLikeAccessToken(token)) return null
      const tokenHash = hashAccessToken(token)
      const at = now()
      const found = await repository.findWaiterBySession(tokenHash, at)
      if (!found) return null
      if (!found.lastUsedAt || at.getTime() - found.lastUsedAt.getTime() >= LAST_USED_STEP_MS) {
        await repository.touchSession(tokenHash, at)
      }
      return { id: found.id, restaurantId: found.restaurantId, name: found.name }
    },

    /** Ends the session of this token; returns how many it ended (0 or 1). */
    revoke: async (token: string): Promise<number> =>
      looksLikeAccessToken(token) ? repository.revokeSession(hashAccessToken(token), now()) : 0,

    /** Ends every session of the waiter (sign out everywhere); returns how many. */
    revokeAll: (waiterId: string): Promise<number> =>
      repository.revokeWaiterSessions(waiterId, now()),

    listActiveWaiterIds: (restaurantId: string): Promise<string[]> =>
      repository.listActiveWaiterIds(restaurantId),
  }
}

export type GarconService = ReturnType<typeof createGarconService>
