import type { Kysely } from 'kysely'
import type { Waiter } from '@tableside/contracts/garcon'
import type { GarconDevice, GarconProfile } from '@tableside/contracts/garcon-profile'
import type { UiLanguage } from '@tableside/contracts/restaurants'
import type { Database } from '../../db/schema'
import { HttpError, notFound } from '../../http/http-error'
import { signInAsWaiter } from './garcon-auth'
import { createGarconProfileRepository } from './garcon-profile-repository'
import { createLoginBackoff } from '../../lib/login-backoff'
import { hashSecret, verifySecret } from '../../lib/secret-hash'

export interface GarconProfileServiceDeps {
  db: Kysely<Database>
  now?: () => Date
}

const wrongPin = () =>
  new HttpError(403, 'pin_wrong', 'The current PIN is wrong.', [
    { path: 'body.currentPin', message: 'This is not your current PIN.' },
  ])

const samePin = () =>
  new HttpError(400, 'validation_failed', 'Some fields are missing or invalid.', [
    { path: 'body.newPin', message: 'Choose a PIN other than the current one.' },
  ])

/**
 * The signed-in waiter's own settings: language, PIN, and the devices they are signed in on.
 * `session` is the sha256 of the token the request carries: "this device".
 */
export function createGarconProfileService({
  db,
  now = () => new Date(),
}: GarconProfileServiceDeps) {
  const repository = createGarconProfileRepository(db)
  const backoff = createLoginBackoff(db)

  const found = async (waiter: Waiter) => {
    const row = await repository.profile(waiter.id)
    // requireWaiter saw them a moment ago; a waiter deleted since is signed out.
    if (!row) throw signInAsWaiter()
    return row
  }
  const view = ({ id, name, login, language, onShift }: GarconProfile): GarconProfile => ({
    id,
    name,
    login,
    language,
    onShift,
  })

  return {
    profile: async (waiter: Waiter): Promise<GarconProfile> => view(await found(waiter)),

    setLanguage: async (waiter: Waiter, language: UiLanguage | null): Promise<GarconProfile> => {
      await repository.setLanguage(waiter.id, language)
      return view(await found(waiter))
    },

    /**
     * A new PIN for the right current one. A wrong one backs off as a wrong PIN at sign-in from
     * one place does (decisions 0029, 0108), so a phone left signed in is no faster way to
     * guess it; the right one clears the count. Every other device is signed out.
     */
    async changePin(
      waiter: Waiter,
      session: string,
      currentPin: string,
      newPin: string,
    ): Promise<number> {
      if (currentPin === newPin) throw samePin()
      const row = await found(waiter)
      const at = now()
      // Throws while this session must wait: counted per session (decision 0108).
      await backoff.claimForSession(waiter.restaurantId, row.login, at, session)
      if (!(await verifySecret(currentPin, row.pinHash))) throw wrongPin()
      const ended = await repository.changePin(waiter.id, await hashSecret(newPin), session, at)
      await backoff.clearSession(waiter.restaurantId, row.login, session)
      return ended
    },

    async devices(waiter: Waiter, session: string): Promise<GarconDevice[]> {
      const rows = await repository.devices(waiter.id, now())
      const current = rows.filter((row) => row.tokenHash === session)
      return [...current, ...rows.filter((row) => row.tokenHash !== session)].map((row) => ({
        id: row.id,
        userAgent: row.userAgent,
        createdAt: row.createdAt.toISOString(),
        lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
        expiresAt: row.expiresAt.toISOString(),
        current: row.tokenHash === session,
      }))
    },

    /** Another waiter's device, or one already signed out, is not found: nothing is written. */
    async signOutDevice(waiter: Waiter, deviceId: string): Promise<number> {
      const ended = await repository.endDevice(waiter.id, deviceId, now())
      if (ended === 0) throw notFound('No such device is signed in as you.')
      return ended
    },
  }
}

export type GarconProfileService = ReturnType<typeof createGarconProfileService>
