import type { Kysely } from 'kysely'
import type { AdminMe, KitchenStaff, Manager } from '@tableside/contracts/staff'
import type { Database, StaffRole } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import { hashAccessToken, looksLikeAccessToken, newAccessToken } from '../../lib/access-token'
import { createLoginBackoff } from '../../lib/login-backoff'
import { hashSecret, verifySecret } from '../../lib/secret-hash'
import { createStaffRepository, type StaffAccount } from './staff-repository'
import { checkTotp, newTotpSecret, totpEnrolment } from './totp'

/** A working day in the back office; sign in again the next morning. */
export const MANAGER_SESSION_MS = 12 * 60 * 60 * 1000
/** A wall tablet in the kitchen stays signed in for a week of shifts. */
export const KITCHEN_SESSION_MS = 7 * 24 * 60 * 60 * 1000
/** "Last used" moves on at most once a minute per session. */
const LAST_USED_STEP_MS = 60 * 1000

export const normalizeStaffLogin = (login: string) => login.trim().toLowerCase()

const wrongSecret = (role: StaffRole) =>
  new HttpError(
    401,
    'unauthorized',
    role === 'manager' ? 'Wrong login or password.' : 'Wrong login or PIN.',
  )
export const totpRequired = () =>
  new HttpError(401, 'totp_required', 'Enter the 6-digit code from your authenticator app.')
export const totpInvalid = () =>
  new HttpError(401, 'totp_invalid', 'That code is wrong or expired; enter the current one.')

export interface SignedIn {
  token: string
  expiresAt: string
  staff: Manager
}

/**
 * Managers' and the kitchen's sign-in (decision 0062): login and secret (and TOTP for a
 * manager who turned it on) for a token kept hashed, and the token back to its account.
 */
export function createStaffService({
  db,
  now = () => new Date(),
}: {
  db: Kysely<Database>
  now?: () => Date
}) {
  const repository = createStaffRepository(db)
  const backoffs = {
    manager: createLoginBackoff(db, 'manager'),
    kitchen: createLoginBackoff(db, 'kitchen'),
  }
  // An unknown login is checked against this, so it takes as long as a wrong secret.
  let decoy: Promise<string> | undefined

  const sessionMs = (role: StaffRole) =>
    role === 'manager' ? MANAGER_SESSION_MS : KITCHEN_SESSION_MS

  async function login(
    role: StaffRole,
    input: { restaurantId: string; login: string; secret: string; totp?: string | undefined },
  ): Promise<SignedIn> {
    const typed = normalizeStaffLogin(input.login)
    const at = now()
    const backoff = backoffs[role]
    await backoff.claim(input.restaurantId, typed, at)
    const found = await repository.findActiveByLogin(input.restaurantId, role, typed)
    const hash = found?.secretHash ?? (await (decoy ??= hashSecret('decoy-secret')))
    const matches = await verifySecret(input.secret, hash)
    if (!found || !matches) throw wrongSecret(role)
    if (found.totpSecret) {
      // The password was right: the attempt counted stays until the code is right too.
      if (!input.totp) throw totpRequired()
      if (!checkTotp(found.totpSecret, input.totp, at)) throw totpInvalid()
    }
    await backoff.clear(input.restaurantId, typed)
    await backoff.forgetOld(at)
    const token = newAccessToken()
    const expiresAt = new Date(at.getTime() + sessionMs(role))
    await repository.deleteEndedSessions(found.id, at)
    await repository.startSession({
      tokenHash: hashAccessToken(token),
      staffId: found.id,
      createdAt: at,
      expiresAt,
    })
    return {
      token,
      expiresAt: expiresAt.toISOString(),
      staff: { id: found.id, restaurantId: found.restaurantId, name: found.name },
    }
  }

  async function authenticate(token: string, role: StaffRole): Promise<Manager | null> {
    if (!looksLikeAccessToken(token)) return null
    const tokenHash = hashAccessToken(token)
    const at = now()
    const found = await repository.findBySession(tokenHash, role, at)
    if (!found) return null
    if (!found.lastUsedAt || at.getTime() - found.lastUsedAt.getTime() >= LAST_USED_STEP_MS) {
      await repository.touchSession(tokenHash, at)
    }
    return { id: found.id, restaurantId: found.restaurantId, name: found.name }
  }

  async function account(id: string): Promise<StaffAccount> {
    const found = await repository.findActive(id)
    if (!found) throw new HttpError(401, 'unauthorized', 'Sign in as a manager.')
    return found
  }

  const meOf = (found: StaffAccount): AdminMe => ({
    id: found.id,
    restaurantId: found.restaurantId,
    name: found.name,
    login: found.login,
    totpEnabled: found.totpSecret !== null,
  })

  return {
    loginManager: (input: {
      restaurantId: string
      login: string
      password: string
      totp?: string | undefined
    }) => login('manager', { ...input, secret: input.password }),
    loginKitchen: (input: { restaurantId: string; login: string; pin: string }) =>
      login('kitchen', { ...input, secret: input.pin }),

    authenticateManager: (token: string): Promise<Manager | null> => authenticate(token, 'manager'),
    authenticateKitchen: (token: string): Promise<KitchenStaff | null> =>
      authenticate(token, 'kitchen'),

    revoke: async (token: string): Promise<number> =>
      looksLikeAccessToken(token) ? repository.revokeSession(hashAccessToken(token), now()) : 0,
    /** Ends every session of an account (deactivated, secret reset). */
    revokeAll: (staffId: string): Promise<number> => repository.revokeAllSessions(staffId, now()),

    /** A new account (the command line and the demo data); its login lower-cased. */
    async create(input: {
      restaurantId: string
      role: StaffRole
      name: string
      login: string
      secret: string
    }): Promise<string> {
      return repository.add({
        restaurantId: input.restaurantId,
        role: input.role,
        name: input.name,
        login: normalizeStaffLogin(input.login),
        secretHash: await hashSecret(input.secret),
      })
    },

    me: async (managerId: string): Promise<AdminMe> => meOf(await account(managerId)),

    /** A new secret to enrol; nothing changes until `confirmTotp` gets a code from it. */
    async startTotp(managerId: string, restaurantName: string) {
      const found = await account(managerId)
      return totpEnrolment(newTotpSecret(), found.login, `Tableside · ${restaurantName}`)
    },

    async confirmTotp(managerId: string, secret: string, code: string): Promise<AdminMe> {
      const found = await account(managerId)
      // A code already on is replaced only by turning it off first, with a code from it: else a
      // stolen token could swap in its own secret and then turn the code off.
      if (found.totpSecret) {
        throw new HttpError(409, 'totp_already_on', 'The code at sign-in is already on.')
      }
      if (!checkTotp(secret, code, now())) throw totpInvalid()
      await repository.setTotpSecret(found.id, secret)
      return meOf({ ...found, totpSecret: secret })
    },

    async disableTotp(managerId: string, code: string): Promise<AdminMe> {
      const found = await account(managerId)
      if (found.totpSecret && !checkTotp(found.totpSecret, code, now())) throw totpInvalid()
      await repository.setTotpSecret(found.id, null)
      return meOf({ ...found, totpSecret: null })
    },
  }
}

export type StaffService = ReturnType<typeof createStaffService>
