import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { OTP_LENGTH } from '@tableside/contracts/client'

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

const SECRET_FILE = 'client-otp-secret'

/**
 * OTP_SECRET, or one generated once into the data directory (several nodes need the
 * variable). When the directory cannot be written, a secret for this process alone: codes
 * live five minutes, so a restart costs at most a code asked for again.
 */
export function loadOtpSecret(fromEnv: string | undefined, dataDir: string): string {
  if (fromEnv) return fromEnv
  const path = join(dataDir, SECRET_FILE)
  try {
    const stored = readFileSync(path, 'utf8').trim()
    if (stored.length >= 32) return stored
  } catch {
    // first start: generate below
  }
  const secret = randomBytes(32).toString('hex')
  try {
    mkdirSync(dataDir, { recursive: true })
    writeFileSync(path, secret, { mode: 0o600 })
  } catch {
    // kept in memory only
  }
  return secret
}
