import type { Kysely } from 'kysely'
import type { ErrorCode } from '@tableside/contracts/errors'
import {
  OTP_LENGTH,
  OTP_MAX_TRIES,
  OTP_RESEND_SECONDS,
  OTP_TTL_SECONDS,
  type ClientProfile,
} from '@tableside/contracts/client'
import type { Database } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import { secondsText } from '../../http/rate-limits'
import { mobileE164 } from '../../lib/phone-number'
import { createClientRepository } from './client-repository'
import {
  hashOtpCode,
  hashProfileToken,
  looksLikeProfileToken,
  newOtpCode,
  newProfileToken,
  otpHashesMatch,
} from './client-secrets'
import type { SmsBudget } from './sms-budget'
import { SmsSendError, type SmsProvider } from './sms-provider'

const SECOND = 1000
const HOUR = 60 * 60 * SECOND
const DAY = 24 * HOUR

/** Codes to one number: at most this many an hour and a day (decision 0051). */
export const OTP_PER_HOUR = 5
export const OTP_PER_DAY = 10

/**
 * How long a profile session lasts: `slidingMs` after its last use, and never more than `maxMs`
 * after the sign-in that started it (`PROFILE_SESSION_DAYS`, `PROFILE_SESSION_MAX_DAYS`;
 * decision 0111).
 */
export interface ProfileSessionLifetime {
  slidingMs: number
  maxMs: number
}

export const profileSessionLifetime = (days: {
  slidingDays: number
  maxDays: number
}): ProfileSessionLifetime => ({ slidingMs: days.slidingDays * DAY, maxMs: days.maxDays * DAY })
/** Its last use (and so its expiry) moves on at most this often: one write a minute, not one a request. */
export const PROFILE_TOUCH_STEP_MS = 60 * SECOND

/** A refusal that should wait: 429 with Retry-After, and the wait in its message. */
export class OtpWaitError extends HttpError {
  constructor(
    readonly retryAfterSeconds: number,
    what: string,
    code: ErrorCode = 'rate_limited',
  ) {
    super(429, code, `${what} Try again in ${secondsText(retryAfterSeconds)}.`)
  }
}

const badPhone = () =>
  new HttpError(400, 'validation_failed', 'Check the phone number.', [
    {
      path: 'body.phone',
      message:
        'Enter a mobile number a text message can reach, such as +7 916 123-45-67. Проверьте номер: нужен мобильный, например +7 916 123-45-67.',
    },
  ])

const noLiveCode = () =>
  new HttpError(
    400,
    'otp_expired',
    'This code has expired or was already used. Request a new code. Код устарел или уже использован — запросите новый.',
  )

const exhausted = () =>
  new HttpError(
    400,
    'otp_exhausted',
    'Too many wrong codes: this one no longer works. Request a new code. Слишком много неверных попыток — запросите новый код.',
  )

const wrongCode = (triesLeft: number) =>
  new HttpError(
    400,
    'otp_invalid',
    `Wrong code; ${String(triesLeft)} ${triesLeft === 1 ? 'try' : 'tries'} left. Неверный код, осталось попыток: ${String(triesLeft)}.`,
    undefined,
    { triesLeft },
  )

const smsUnavailable = () =>
  new HttpError(
    503,
    'sms_unavailable',
    'We could not send the code just now. Try again in a minute. Не удалось отправить код — попробуйте через минуту.',
  )

/** The restaurant's or the whole server's codes for the day are spent (decision 0109). */
const budgetSpent = (retryAfterSeconds: number) =>
  new OtpWaitError(
    retryAfterSeconds,
    'No more sign-in codes can be sent from this restaurant today: order without signing in, or sign in tomorrow. Сегодня ресторан больше не может отправить код для входа — закажите без входа или войдите завтра.',
    'sms_budget_spent',
  )

const secondsUntil = (at: number, now: number) => Math.max(1, Math.ceil((at - now) / SECOND))

export interface ClientSignInDeps {
  db: Kysely<Database>
  sms: SmsProvider
  /** The day's budgets of codes, the restaurant's and the whole server's (decision 0109). */
  budget: SmsBudget
  /** HMAC key of the codes: OTP_SECRET or the data directory's (client-secrets.ts). */
  otpSecret: string
  now?: () => Date
  /** Told when the gateway failed; never the code. */
  onSmsError?: (error: SmsSendError, phone: string) => void
  /** Whether the restaurant exists (codes are asked for on its page). */
  restaurantExists: (restaurantId: string) => Promise<boolean>
  session: ProfileSessionLifetime
}

/** The text of the message: the code first, so phones offer to fill it in. */
export const otpText = (code: string) =>
  `${code} — код для входа. Никому его не сообщайте. Your sign-in code.`

/** Codes by SMS for a profile token, and the token back to the diner (decision 0051). */
export function createClientSignIn({
  db,
  sms,
  budget,
  otpSecret,
  now = () => new Date(),
  onSmsError,
  restaurantExists,
  session,
}: ClientSignInDeps) {
  const repository = createClientRepository(db)
  /** Where a session used at `at` ends: its sliding expiry, never past its absolute end. */
  const sessionEnd = (startedAt: Date, at: Date) =>
    new Date(Math.min(at.getTime() + session.slidingMs, startedAt.getTime() + session.maxMs))

  return {
    repository,

    async requestCode(restaurantId: string, typedPhone: string) {
      const phone = mobileE164(typedPhone)
      if (!phone) throw badPhone()
      if (!(await restaurantExists(restaurantId))) {
        throw new HttpError(404, 'not_found', 'There is no such restaurant.')
      }
      const at = now()
      const t = at.getTime()
      await repository.forgetOldCodes(new Date(t - DAY))
      const sends = await repository.sendsSince(phone, new Date(t - DAY))
      const lastHour = sends.filter((sentAt) => sentAt.getTime() > t - HOUR)
      if (sends.length >= OTP_PER_DAY) {
        const firstOfDay = sends[sends.length - OTP_PER_DAY]?.getTime() ?? t
        throw new OtpWaitError(
          secondsUntil(firstOfDay + DAY, t),
          `Ten codes were sent to this number today, the most a day. Кодов на этот номер за сутки: ${String(OTP_PER_DAY)} — больше нельзя.`,
        )
      }
      if (lastHour.length >= OTP_PER_HOUR) {
        const firstOfHour = lastHour[lastHour.length - OTP_PER_HOUR]?.getTime() ?? t
        throw new OtpWaitError(
          secondsUntil(firstOfHour + HOUR, t),
          `Five codes were sent to this number this hour, the most an hour. Кодов на этот номер за час: ${String(OTP_PER_HOUR)} — больше нельзя.`,
        )
      }
      const code = newOtpCode()
      const expiresAt = new Date(t + OTP_TTL_SECONDS * SECOND)
      const placed = await repository.replaceCode(
        {
          phone,
          codeHash: hashOtpCode(otpSecret, phone, code),
          restaurantId,
          sentAt: at,
          expiresAt,
          triesLeft: OTP_MAX_TRIES,
        },
        new Date(t - OTP_RESEND_SECONDS * SECOND),
      )
      if (!placed.placed) {
        throw new OtpWaitError(
          secondsUntil(placed.lastSentAt.getTime() + OTP_RESEND_SECONDS * SECOND, t),
          'A code was sent to this number a moment ago; use it, or ask for a new one in a minute. Код уже отправлен — новый можно запросить через минуту.',
        )
      }
      // Counted only once this number's own caps let it through, so a refusal there costs none of
      // the day's budget; a spent budget leaves no code and no cooldown behind.
      const counted = await budget.take(restaurantId, at)
      if (!counted.taken) {
        await repository.withdrawCode(phone, at)
        if ('noRestaurant' in counted)
          throw new HttpError(404, 'not_found', 'There is no such restaurant.')
        throw budgetSpent(counted.retryAfterSeconds)
      }
      try {
        await sms.send(phone, otpText(code))
      } catch (error) {
        // Given back only when nothing went out: a gateway that timed out may have sent (and
        // billed) the message, and giving those back would let a slow gateway send past every
        // budget and cap (issue 27). The code then stays, in case it arrives.
        if (!(error instanceof SmsSendError) || error.notSent) {
          await repository.withdrawCode(phone, at)
          await budget.giveBack(counted.ticket)
        }
        if (error instanceof SmsSendError) {
          onSmsError?.(error, phone)
          throw smsUnavailable()
        }
        throw error
      }
      return {
        phone,
        expiresAt: expiresAt.toISOString(),
        resendAt: new Date(t + OTP_RESEND_SECONDS * SECOND).toISOString(),
        codeLength: OTP_LENGTH,
      }
    },

    /**
     * The profile token for a right code. A try is taken before the code is compared; a right
     * code is used up by the one request that deletes it.
     */
    async verifyCode(
      typedPhone: string,
      code: string,
    ): Promise<{ token: string; expiresAt: string; client: ClientProfile; restaurantId: string }> {
      const phone = mobileE164(typedPhone)
      if (!phone) throw badPhone()
      const at = now()
      const live = await repository.claimTry(phone, at)
      if (!live) {
        const found = await repository.findCode(phone)
        throw found && found.expiresAt > at && found.triesLeft === 0 ? exhausted() : noLiveCode()
      }
      if (!otpHashesMatch(live.codeHash, hashOtpCode(otpSecret, phone, code))) {
        throw live.triesLeft === 0 ? exhausted() : wrongCode(live.triesLeft)
      }
      if (!(await repository.useCode(phone, live.codeHash))) throw noLiveCode()
      const client = await repository.upsertClient(phone)
      const token = newProfileToken()
      const expiresAt = sessionEnd(at, at)
      await repository.deleteExpiredSessions(at)
      await repository.startSession({
        tokenHash: hashProfileToken(token),
        clientId: client.id,
        createdAt: at,
        expiresAt,
      })
      return { token, expiresAt: expiresAt.toISOString(), client, restaurantId: live.restaurantId }
    },

    /**
     * The client a token signs in and when its session ends unless used again, or null when
     * it is unknown, expired, past its absolute end or signed out.
     */
    async authenticate(token: string): Promise<{ client: ClientProfile; expiresAt: Date } | null> {
      if (!looksLikeProfileToken(token)) return null
      const tokenHash = hashProfileToken(token)
      const at = now()
      // The absolute end is judged from the sign-in time every session row has (since 0024),
      // so sessions from before it was a setting end by it too, and so does a lowered cap.
      const found = await repository.findBySession(
        tokenHash,
        at,
        new Date(at.getTime() - session.maxMs),
      )
      if (!found) return null
      let expiresAt = found.expiresAt
      if (at.getTime() - found.lastUsedAt.getTime() >= PROFILE_TOUCH_STEP_MS) {
        expiresAt = sessionEnd(found.createdAt, at)
        await repository.touchSession(tokenHash, at, expiresAt)
      }
      const client = await repository.findClient(found.clientId)
      return client ? { client, expiresAt } : null
    },

    /** Ends the session of this token; how many it ended (0 or 1). */
    revoke: (token: string): Promise<number> =>
      looksLikeProfileToken(token)
        ? repository.deleteSession(hashProfileToken(token))
        : Promise.resolve(0),

    revokeAll: (clientId: string): Promise<number> => repository.deleteClientSessions(clientId),
  }
}

export type ClientSignIn = ReturnType<typeof createClientSignIn>
