import { useSyncExternalStore } from 'react'
import { PROFILE_TOKEN_COOKIE } from '../../config/constants'
import { cookieSnapshot, deleteCookie, serializeCookie } from '../../lib/cookies'

/**
 * The diner's token in the `profile_token` cookie (spec §3; path /) until the server's session
 * ends; the API client copies it into X-Profile-Token on every request while it is set.
 * Script-readable on purpose, as every token cookie of the app (decision 0111): the spec has the
 * app copy it into the header, and only the header signs a request in, so a page of another
 * site, which can make the browser send the cookie but cannot read it or set the header, acts
 * for no one; the CSP (`script-src 'self'`) is what keeps other scripts from reading it.
 * Written again each time the profile loads, with the expiry the server gives, so the cookie
 * slides with the session and ends with it (PROFILE_SESSION_DAYS, PROFILE_SESSION_MAX_DAYS).
 */
export function profileCookie(token: string, expiresAt: string, now: number, secure?: boolean) {
  const maxAgeSeconds = Math.max(0, Math.floor((Date.parse(expiresAt) - now) / 1000))
  return serializeCookie(PROFILE_TOKEN_COOKIE, token, {
    maxAgeSeconds,
    sameSite: 'Lax',
    ...(secure === undefined ? {} : { secure }),
  })
}

const listeners = new Set<() => void>()
const token = cookieSnapshot(PROFILE_TOKEN_COOKIE)
const changed = () => {
  token.forget()
  for (const listener of listeners) listener()
}

export function saveProfileToken(token: string, expiresAt: string): void {
  document.cookie = profileCookie(token, expiresAt, Date.now())
  changed()
}

export function forgetProfileToken(): void {
  deleteCookie(PROFILE_TOKEN_COOKIE)
  changed()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The profile token this browser holds, or undefined; re-renders when it is saved or forgotten. */
export function useProfileToken(): string | undefined {
  return useSyncExternalStore(subscribe, token.read, token.read)
}
