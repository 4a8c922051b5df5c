import { useSyncExternalStore } from 'react'
import { GARCON_TOKEN_COOKIE } from '../../config/constants'
import { cookieSnapshot, deleteCookie, serializeCookie } from '../../lib/cookies'

/**
 * The waiter's token in the `garcon_token` cookie (spec §3; path /, spec §9) until the session
 * expires. The API client copies it into X-Garcon-Token on every request while it is set, so
 * the cookie is script-readable, not HttpOnly: the server believes only the header, which a
 * page of another site cannot set, and the CSP keeps other scripts out (decision 0111).
 */
export function garconCookie(token: string, expiresAt: string, now: number, secure?: boolean) {
  const maxAgeSeconds = Math.max(0, Math.floor((Date.parse(expiresAt) - now) / 1000))
  return serializeCookie(GARCON_TOKEN_COOKIE, token, {
    maxAgeSeconds,
    sameSite: 'Lax',
    ...(secure === undefined ? {} : { secure }),
  })
}

// Cookies tell no one when they change: the waiter's screens hear it from here.
const listeners = new Set<() => void>()
/** The session ended without the waiter signing out (expired, revoked elsewhere): say so. */
let endedBehindTheirBack = false

const token = cookieSnapshot(GARCON_TOKEN_COOKIE)

function changed(ended: boolean) {
  token.forget()
  endedBehindTheirBack = ended
  for (const listener of listeners) listener()
}

export function saveGarconToken(token: string, expiresAt: string): void {
  document.cookie = garconCookie(token, expiresAt, Date.now())
  changed(false)
}

/** `ended`: the server refused the token, so the sign-in window shows the session-expiry notice. */
export function forgetGarconToken({ ended = false } = {}): void {
  deleteCookie(GARCON_TOKEN_COOKIE)
  changed(ended)
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const readEnded = () => endedBehindTheirBack

/** The token this browser holds, or undefined; re-renders when it is saved or forgotten. */
export function useGarconToken(): string | undefined {
  return useSyncExternalStore(subscribe, token.read, token.read)
}

/** Whether the last session ended without the waiter signing out. */
export function useSessionEnded(): boolean {
  return useSyncExternalStore(subscribe, readEnded, readEnded)
}
