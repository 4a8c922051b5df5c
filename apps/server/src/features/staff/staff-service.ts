import type { Kysely, Transaction } from 'kysely'
import {
  TOTP_SETUP_MINUTES,
  type AdminMe,
  type AdminSession,
  type KitchenStaff,
  type Manager,
} from '@tableside/contracts/staff'
import type { Database, StaffRole } from '../../db/schema'
import { HttpError, notFound } from '../../http/http-error'
import { hashAccessToken, looksLikeAccessToken, newAccessToken } from '../../lib/access-token'
import { createLoginBackoff, type SignInAttack } from '../../lib/login-backoff'
import { checkNewPassword } from '../../lib/password-rule'
import type { SignInPlace } from '../../lib/sign-in-devices'
import { hashSecret, verifySecret } from '../../lib/secret-hash'
import { createStaffRepository, type StaffAccount } from './staff-repository'
import { checkTotp, newTotpSecret, totpEnrolment } from './totp'

/** A working day in the back office; sign in again the next morning. */
export const MANAGER_SESSION_MS = 12 * 60 * 60 * 1000
/** A wall tablet in the kitchen stays signed in for a week of shifts. */
export const KITCHEN_SESSION_MS = 7 * 24 * 60 * 60 * 1000
/** "Last used" moves on at most once a minute per session. */
const LAST_USED_STEP_MS = 60 * 1000
/** What a sign-in keeps of the browser's User-Agent and of its address. */
const USER_AGENT_KEPT = 300
const ADDRESS_KEPT = 64

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

export const passwordWrong = (field: string) =>
  new HttpError(403, 'password_wrong', 'That is not your password.', [
    { path: `body.${field}`, message: 'This is not your password' },
  ])
const totpNotStarted = () =>
  new HttpError(
    409,
    'totp_not_started',
    'Setting up the code has expired or was never started here: start again.',
  )
const totpAlreadyOn = () =>
  new HttpError(409, 'totp_already_on', 'The code at sign-in is already on.')

export interface SignedIn {
  token: string
  expiresAt: string
  staff: Manager
  /** The device id the sign-in leaves in the device's cookie (decision 0108). */
  device: string
}

/** Where a sign-in comes from, and the device id to give it if it brought none. */
export type StaffSignInPlace = SignInPlace & { newDevice: string }

/**
 * Managers' and the kitchen's sign-in (decision 0062): login and secret (and TOTP for a
 * manager who turned it on) for a token kept hashed, and the token back to its account.
 */
export function createStaffService({
  db,
  now = () => new Date(),
  alert,
}: {
  db: Kysely<Database>
  now?: () => Date
  /** Tells the managers a login is being guessed at from many places. */
  alert?: (attack: SignInAttack) => Promise<void>
}) {
  const repository = createStaffRepository(db)
  const backoffs = {
    manager: createLoginBackoff(db, 'manager', alert ? { alert } : {}),
    kitchen: createLoginBackoff(db, 'kitchen', alert ? { alert } : {}),
  }
  // An unknown login is checked against this, so it takes as long as a wrong secret.
  let decoy: Promise<string> | undefined

  const sessionMs = (role: StaffRole) =>
    role === 'manager' ? MANAGER_SESSION_MS : KITCHEN_SESSION_MS

  async function login(
    role: StaffRole,
    input: { restaurantId: string; login: string; secret: string; totp?: string | undefined },
    place: StaffSignInPlace,
  ): Promise<SignedIn> {
    const typed = normalizeStaffLogin(input.login)
    const at = now()
    const backoff = backoffs[role]
    await backoff.claim(input.restaurantId, typed, at, place)
    const found = await repository.findActiveByLogin(input.restaurantId, role, typed)
    const hash = found?.secretHash ?? (await (decoy ??= hashSecret('decoy-secret')))
    const matches = await verifySecret(input.secret, hash)
    if (!found || !matches) throw wrongSecret(role)
    if (found.totpSecret) {
      // The password was right: the attempt counted stays until the code is right too.
      if (!input.totp) throw totpRequired()
      if (!checkTotp(found.totpSecret, input.totp, at)) throw totpInvalid()
    }
    const device = place.device ?? place.newDevice
    await backoff.succeeded(input.restaurantId, typed, at, place, device)
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
      device,
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

  /**
   * The password asked again before a change an attacker with only a token must not make. A
   * wrong one counts against the login exactly as at sign-in (decision 0029), so a stolen
   * token is no faster way to guess it; the right one clears the count.
   */
  const PASSWORD_REENTRY = 'password-reentry'

  async function confirmPassword(found: StaffAccount, password: string, field: string) {
    const at = now()
    const backoff = backoffs[found.role]
    // Counted apart from sign-in's places (decision 0108): a holder of a stolen token guessing
    // here slows only these checks, never the manager's own sign-in.
    await backoff.claimForSession(found.restaurantId, found.login, at, PASSWORD_REENTRY)
    if (!(await verifySecret(password, found.secretHash))) throw passwordWrong(field)
    await backoff.clearSession(found.restaurantId, found.login, PASSWORD_REENTRY)
  }

  const meOf = (found: StaffAccount): AdminMe => ({
    id: found.id,
    restaurantId: found.restaurantId,
    name: found.name,
    login: found.login,
    totpEnabled: found.totpSecret !== null,
  })

  return {
    loginManager: (
      input: {
        restaurantId: string
        login: string
        password: string
        totp?: string | undefined
      },
      place: StaffSignInPlace,
    ) => login('manager', { ...input, secret: input.password }, place),
    loginKitchen: (
      input: { restaurantId: string; login: string; pin: string },
      place: StaffSignInPlace,
    ) => login('kitchen', { ...input, secret: input.pin }, place),

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

    /**
     * A restaurant's first manager, set up in the browser (decision 0115), signed in at once:
     * written in the setup's transaction, so the restaurant and its manager exist together or not
     * at all. The password follows the rule of every manager's new one.
     */
    async startFirstManager(
      trx: Transaction<Database>,
      input: { restaurantId: string; name: string; login: string; password: string },
    ): Promise<Omit<SignedIn, 'device'>> {
      const login = normalizeStaffLogin(input.login)
      checkNewPassword(input.password, login, 'manager.password')
      const staffId = await repository.add(
        {
          restaurantId: input.restaurantId,
          role: 'manager',
          name: input.name,
          login,
          secretHash: await hashSecret(input.password),
        },
        trx,
      )
      const token = newAccessToken()
      const at = now()
      const expiresAt = new Date(at.getTime() + MANAGER_SESSION_MS)
      await repository.startSession(
        { tokenHash: hashAccessToken(token), staffId, createdAt: at, expiresAt },
        trx,
      )
      return {
        token,
        expiresAt: expiresAt.toISOString(),
        staff: { id: staffId, restaurantId: input.restaurantId, name: input.name },
      }
    },

    me: async (managerId: string): Promise<AdminMe> => meOf(await account(managerId)),

    /**
     * A new secret to enrol, kept with this sign-in (issue 27): nothing changes until
     * `confirmTotp` gets the password and a code from it, from the same sign-in.
     */
    async startTotp(managerId: string, token: string, restaurantName: string) {
      const found = await account(managerId)
      if (found.totpSecret) throw totpAlreadyOn()
      const secret = newTotpSecret()
      const until = new Date(now().getTime() + TOTP_SETUP_MINUTES * 60 * 1000)
      await repository.setPendingTotp(hashAccessToken(token), secret, until)
      return totpEnrolment(secret, found.login, `Tableside · ${restaurantName}`)
    },

    /**
     * TOTP on with the secret this sign-in was issued, for the password and a code from it; every
     * other sign-in of the account ends (a stolen token among them).
     */
    async confirmTotp(
      managerId: string,
      token: string,
      password: string,
      code: string,
    ): Promise<AdminMe> {
      const found = await account(managerId)
      // A code already on is replaced only by turning it off first, with a code from it: else a
      // stolen token could swap in its own secret and then turn the code off.
      if (found.totpSecret) throw totpAlreadyOn()
      await confirmPassword(found, password, 'password')
      const tokenHash = hashAccessToken(token)
      const at = now()
      const secret = await repository.pendingTotp(tokenHash, at)
      if (!secret) throw totpNotStarted()
      if (!checkTotp(secret, code, at)) throw totpInvalid()
      await db.transaction().execute(async (trx) => {
        await repository.setTotpSecret(found.id, secret, trx)
        await repository.clearPendingTotp(found.id, trx)
        await repository.revokeOtherSessions(found.id, tokenHash, at, trx)
      })
      return meOf({ ...found, totpSecret: secret })
    },

    /** A new password for the current one; every other sign-in of the account ends. */
    async changePassword(
      managerId: string,
      token: string,
      input: { currentPassword: string; newPassword: string },
    ): Promise<{ signedOut: number }> {
      const found = await account(managerId)
      checkNewPassword(input.newPassword, found.login, 'newPassword')
      await confirmPassword(found, input.currentPassword, 'currentPassword')
      if (await verifySecret(input.newPassword, found.secretHash)) {
        throw new HttpError(
          400,
          'password_unchanged',
          'The new password is the one you have: choose another.',
          [{ path: 'body.newPassword', message: 'Choose a password other than the current one' }],
        )
      }
      const secretHash = await hashSecret(input.newPassword)
      const at = now()
      const signedOut = await db.transaction().execute(async (trx) => {
        await repository.setSecretHash(found.id, secretHash, trx)
        return repository.revokeOtherSessions(found.id, hashAccessToken(token), at, trx)
      })
      return { signedOut }
    },

    /** Is this the manager's password? 403 `password_wrong` if not, counted as a sign-in's. */
    confirmPassword: async (managerId: string, password: string, field: string) =>
      confirmPassword(await account(managerId), password, field),

    /** The manager's sign-ins still in force: this one first, then the newest. */
    async sessions(managerId: string, token: string): Promise<AdminSession[]> {
      const tokenHash = hashAccessToken(token)
      const rows = await repository.liveSessions(managerId, now())
      const ordered = [
        ...rows.filter((row) => row.tokenHash === tokenHash),
        ...rows.filter((row) => row.tokenHash !== tokenHash),
      ]
      return ordered.map((row) => ({
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
        expiresAt: row.expiresAt.toISOString(),
        userAgent: row.userAgent,
        address: row.address,
        current: row.tokenHash === tokenHash,
      }))
    },

    /** One of the manager's own sign-ins; anyone else's, or one already ended, is not found. */
    async endSession(managerId: string, sessionId: string): Promise<{ signedOut: number }> {
      const signedOut = await repository.revokeSessionById(managerId, sessionId, now())
      if (signedOut === 0) throw notFound('No such sign-in of yours is in force.')
      return { signedOut }
    },

    /** Where a sign-in that just started came from, for the sessions list. */
    noteDevice: (
      token: string,
      device: { userAgent: string | undefined; address: string | undefined },
    ): Promise<void> =>
      repository.describeSession(hashAccessToken(token), {
        userAgent: device.userAgent?.slice(0, USER_AGENT_KEPT) || null,
        address: device.address?.slice(0, ADDRESS_KEPT) || null,
      }),

    async disableTotp(managerId: string, code: string): Promise<AdminMe> {
      const found = await account(managerId)
      if (found.totpSecret && !checkTotp(found.totpSecret, code, now())) throw totpInvalid()
      await repository.setTotpSecret(found.id, null)
      return meOf({ ...found, totpSecret: null })
    },
  }
}

export type StaffService = ReturnType<typeof createStaffService>
