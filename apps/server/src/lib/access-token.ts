import { createHash, randomBytes } from 'node:crypto'

/** 256 random bits, base64url: 43 characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/

export function newAccessToken(): string {
  return randomBytes(32).toString('base64url')
}

/** What the database keeps instead of the token. */
export function hashAccessToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** Anything else cannot be a token we issued; no need to ask the database. */
export function looksLikeAccessToken(token: string): boolean {
  return TOKEN_SHAPE.test(token)
}
