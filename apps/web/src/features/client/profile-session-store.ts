import { useSyncExternalStore } from 'react'
import { PROFILE_TOKEN_COOKIE } from '../../config/constants'
import { deleteCookie, readCookie, serializeCookie } from '../../lib/cookies'

/** The server keeps a profile session 30 days past its last use (decision 0051). */
export const PROFILE_COOKIE_DAYS = 30

/**
 * The diner's token in the `profile_token` cookie (spec §3; path /). The API client copies it
 * into X-Profile-Token on every request while it is set. Written again each time the profile
 * loads, so the cookie lives as long as the server's sliding session.
 */
export function profileCookie(token: string, secure?: boolean) {
  return serializeCookie(PROFILE_TOKEN_COOKIE, token, {
    maxAgeSeconds: PROFILE_COOKIE_DAYS * 24 * 60 * 60,
    sameSite: 'Lax',
    ...(secure === undefined ? {} : { secure }),
  })
}

const listeners = new Set<() => void>()
const changed = () => {
  for (const listener of listeners) listener()
}

export function saveProfileToken(token: string): void {
  document.cookie = profileCookie(token)
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

const readToken = () => readCookie(PROFILE_TOKEN_COOKIE)

/** The profile token this browser holds, or undefined; re-renders when it is saved or forgotten. */
export function useProfileToken(): string | undefined {
  return useSyncExternalStore(subscribe, readToken, readToken)
}
