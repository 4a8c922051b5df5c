import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { join } from 'node:path'
import type { Kysely } from 'kysely'
import { OTP_LENGTH } from '@tableside/contracts/client'
import type { Database } from '../../db/schema'
import { sharedKey } from '../../db/server-keys'

/** 256 random bits, base64url: 43 characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/

export function newProfileToken(): string {
  return randomBytes(32).toString('base64url')
}

/** What the database keeps instead of the token. */
export function hashProfileToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** Anything else cannot be a token we issued; no need to ask the database. */
export function looksLikeProfileToken(token: string): boolean {
  return TOKEN_SHAPE.test(token)
}

/** A uniformly random code of OTP_LENGTH digits, leading zeros kept. */
export function newOtpCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0')
}

/**
 * HMAC-SHA256 of the phone and the code under the server's secret: without the secret, a
 * copy of the database cannot try the million codes against it (decision 0051).
 */
export function hashOtpCode(secret: string, phone: string, code: string): string {
  return createHmac('sha256', secret).update(`${phone}\n${code}`).digest('hex')
}

/** Compares two code hashes in constant time. */
export function otpHashesMatch(expected: string, actual: string): boolean {
  const a = Buffer.from(expected, 'hex')
  const b = Buffer.from(actual, 'hex')
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * OTP_SECRET, or one made once and shared by every node through the database (decision 0114):
 * a code one node sent is checked by whichever node the diner's next request reaches. An older
 * release kept it in the data directory, and that one is kept.
 */
export async function loadOtpSecret(
  fromEnv: string | undefined,
  db: Kysely<Database>,
  dataDir: string,
): Promise<string> {
  if (fromEnv) return fromEnv
  return sharedKey(db, 'client-otp', () => randomBytes(32).toString('hex'), {
    path: join(dataDir, 'client-otp-secret'),
    valid: (text) => text.length >= 32,
  })
}
