import type { Kysely } from 'kysely'
import type { Database, LoginActor } from '../db/schema'
import { HttpError } from '../http/http-error'
import { secondsText } from '../http/rate-limits'
import { createLoginBackoffRepository, type BackoffLogin } from './login-backoff-repository'
import { createSignInDeviceRepository } from './sign-in-device-repository'
import type { SignInPlace } from './sign-in-devices'

/** Wrong PINs from one place that cost nothing: typos at the start of a shift. */
export const FREE_FAILURES = 5
/**
 * Wrong secrets at one account from every place it has not signed in on that cost nothing: many
 * addresses each using their free tries. Past it, such places wait as one (decision 0108).
 */
export const ACCOUNT_FREE_FAILURES = 30
/** The longest wait; a login is slowed, never locked. */
export const MAX_WAIT_S = 15 * 60
/** Failures older than this are forgotten. */
export const FORGET_AFTER_MS = 24 * 60 * 60 * 1000
/** A device a login has not signed in on for this long is a stranger again. */
export const DEVICE_FORGOTTEN_AFTER_MS = 90 * 24 * 60 * 60 * 1000
/** The managers hear of an account under attack at most this often. */
export const ALERT_EVERY_MS = 60 * 60 * 1000

/** Seconds to wait after `failures` wrong PINs in a row: none, then 2^n, at most 15 minutes. */
export function waitAfter(failures: number): number {
  return failures < FREE_FAILURES ? 0 : Math.min(MAX_WAIT_S, 2 ** failures)
}

export class LoginBackoffError extends HttpError {
  constructor(
    readonly retryAfterSeconds: number,
    secret = 'PINs',
  ) {
    super(
      429,
      'rate_limited',
      `Too many wrong ${secret} for this login; try again in ${secondsText(retryAfterSeconds)}.`,
    )
  }
}

/** An account whose guesses from unknown places reached its cap: what the managers are told. */
export interface SignInAttack extends BackoffLogin {
  failures: number
  at: Date
}

/** The account-wide count's source; a place's own count is `device:…`, `address:…`, `session:…`. */
const ACCOUNT = ''

/**
 * Slows guessing at one login's PIN or password, across every node: the counts live in the
 * database, per kind of sign-in (`actor`) and per place an attempt comes from (decision 0108).
 * A device the login signed in on before counts on its own; any other place counts by its
 * address and also in the account's count, which caps guessing from many addresses without
 * holding back the devices staff use. Each attempt is counted before the secret is checked
 * (`claim`), so guesses sent together cannot all pass; a right one clears the place's count.
 */
export function createLoginBackoff(
  db: Kysely<Database>,
  actor: LoginActor = 'garcon',
  options: { alert?: (attack: SignInAttack) => Promise<void> } = {},
) {
  const secret = actor === 'manager' ? 'passwords' : 'PINs'
  const repository = createLoginBackoffRepository(db)
  const devices = createSignInDeviceRepository(db)
  const rules = (at: Date, freeFailures: number) => ({
    forgottenBefore: new Date(at.getTime() - FORGET_AFTER_MS),
    freeFailures,
    maxWaitSeconds: MAX_WAIT_S,
  })

  /** Counts an attempt at `source`, or throws `LoginBackoffError` while it must wait. */
  async function claimAt(who: BackoffLogin, source: string, at: Date, free: number) {
    const claimed = await repository.claim(who, source, at, rules(at, free))
    if (claimed) return claimed.failures
    const row = await repository.retryAt(who, source)
    // No row: no such restaurant, so no PIN can sign in and there is nothing to slow.
    if (!row || row.retryAt <= at) return 0
    throw new LoginBackoffError(Math.ceil((row.retryAt.getTime() - at.getTime()) / 1000), secret)
  }

  /** Tells the managers, once an hour at most, across nodes. */
  async function alertOnce(who: BackoffLogin, at: Date) {
    if (!options.alert) return
    const marked = await repository.markAlerted(who, ACCOUNT, at, {
      notSince: new Date(at.getTime() - ALERT_EVERY_MS),
      failuresAtLeast: ACCOUNT_FREE_FAILURES,
    })
    if (marked) await options.alert({ ...who, failures: marked.failures, at })
  }

  const sourceOf = async (who: BackoffLogin, place: SignInPlace, at: Date) => {
    const since = new Date(at.getTime() - DEVICE_FORGOTTEN_AFTER_MS)
    return place.device !== undefined && (await devices.isKnown(who, place.device, since))
      ? `device:${place.device}`
      : `address:${place.address}`
  }

  return {
    /**
     * Counts an attempt at the login from `place`, or throws `LoginBackoffError` while that
     * place (or, for a place the login never signed in on, the whole account) must wait.
     */
    async claim(restaurantId: string, login: string, at: Date, place: SignInPlace) {
      const who = { restaurantId, actor, login }
      const source = await sourceOf(who, place, at)
      await claimAt(who, source, at, FREE_FAILURES)
      if (source.startsWith('device:')) return
      try {
        const failures = await claimAt(who, ACCOUNT, at, ACCOUNT_FREE_FAILURES)
        if (failures >= ACCOUNT_FREE_FAILURES) await alertOnce(who, at)
      } catch (error) {
        await alertOnce(who, at)
        throw error
      }
    },

    /**
     * A right secret from `place`: its count starts afresh, and the device (the one it came
     * with, or `device`, newly issued) is known to the login from now on. The account's count
     * stays: a right PIN from one place says nothing of the guesses from the others.
     */
    async succeeded(
      restaurantId: string,
      login: string,
      at: Date,
      place: SignInPlace,
      device: string,
    ) {
      const who = { restaurantId, actor, login }
      await repository.clear(who, await sourceOf(who, place, at))
      await devices.remember(who, device, at)
      await repository.forgetBefore(new Date(at.getTime() - FORGET_AFTER_MS))
      await devices.forgetBefore(new Date(at.getTime() - DEVICE_FORGOTTEN_AFTER_MS))
    },

    /**
     * Checking the current secret of a signed-in session (a PIN change): counted per session,
     * so neither a guesser elsewhere nor the account's cap keeps the owner from changing it.
     */
    async claimForSession(restaurantId: string, login: string, at: Date, session: string) {
      await claimAt({ restaurantId, actor, login }, `session:${session}`, at, FREE_FAILURES)
    },
    async clearSession(restaurantId: string, login: string, session: string) {
      await repository.clear({ restaurantId, actor, login }, `session:${session}`)
    },
  }
}

export type LoginBackoff = ReturnType<typeof createLoginBackoff>
