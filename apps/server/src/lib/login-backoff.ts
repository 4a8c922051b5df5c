import type { Kysely } from 'kysely'
import type { Database, LoginActor } from '../db/schema'
import { HttpError } from '../http/http-error'
import { secondsText } from '../http/rate-limits'
import { createLoginBackoffRepository } from './login-backoff-repository'

/** Wrong PINs at one login that cost nothing: typos at the start of a shift. */
export const FREE_FAILURES = 5
/** The longest wait; a login is slowed, never locked. */
export const MAX_WAIT_S = 15 * 60
/** Failures older than this are forgotten. */
export const FORGET_AFTER_MS = 24 * 60 * 60 * 1000

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

/**
 * Slows guessing at one login's PIN or password from any number of addresses, across every
 * node: the count lives in the database, per kind of sign-in (`actor`). Each attempt is counted
 * as a failure before the secret is checked (`claim`), so guesses sent together cannot all
 * pass; a right one clears it.
 */
export function createLoginBackoff(db: Kysely<Database>, actor: LoginActor = 'garcon') {
  const secret = actor === 'manager' ? 'passwords' : 'PINs'
  const repository = createLoginBackoffRepository(db)
  return {
    /** Counts an attempt at the login, or throws `LoginBackoffError` while it must wait. */
    async claim(restaurantId: string, login: string, at: Date): Promise<void> {
      const who = { restaurantId, actor, login }
      const claimed = await repository.claim(who, at, {
        forgottenBefore: new Date(at.getTime() - FORGET_AFTER_MS),
        freeFailures: FREE_FAILURES,
        maxWaitSeconds: MAX_WAIT_S,
      })
      if (claimed) return
      const row = await repository.retryAt(who)
      // No row: no such restaurant, so no PIN can sign in and there is nothing to slow.
      if (!row || row.retryAt <= at) return
      throw new LoginBackoffError(Math.ceil((row.retryAt.getTime() - at.getTime()) / 1000), secret)
    },

    /** A right PIN: the login starts afresh. */
    async clear(restaurantId: string, login: string): Promise<void> {
      await repository.clear({ restaurantId, actor, login })
    },

    /** Logins nobody has tried for a day, so guesses at made-up logins do not pile up. */
    async forgetOld(at: Date): Promise<void> {
      await repository.forgetBefore(new Date(at.getTime() - FORGET_AFTER_MS))
    },
  }
}

export type LoginBackoff = ReturnType<typeof createLoginBackoff>
