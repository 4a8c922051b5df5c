import { useSyncExternalStore } from 'react'
import { cookieSnapshot, deleteCookie, serializeCookie } from '../../lib/cookies'

export type StaffRole = 'manager' | 'kitchen'

/**
 * Where each kind of staff keeps its token; the API client copies it into `X-Manager-Token` or
 * `X-Kitchen-Token` (`lib/token-headers.ts`).
 */
export const STAFF_TOKENS = {
  manager: { cookie: 'manager_token' },
  kitchen: { cookie: 'kitchen_token' },
} as const

const listeners = new Set<() => void>()

/**
 * The session ended without a sign-out (expired, revoked): the sign-in window says so, also
 * after a reload of the tab (its session storage), which would otherwise show a bare sign-in.
 */
const endedKey = (role: StaffRole) => `tableside.staff-session-ended.${role}`
function readEnded(role: StaffRole): boolean {
  try {
    return sessionStorage.getItem(endedKey(role)) === '1'
  } catch {
    // No storage (a locked-down browser): the flag lives in this page only.
    return false
  }
}
function keepEnded(role: StaffRole, value: boolean): void {
  ended[role] = value
  try {
    if (value) sessionStorage.setItem(endedKey(role), '1')
    else sessionStorage.removeItem(endedKey(role))
  } catch {
    // As above.
  }
}
const ended: Record<StaffRole, boolean> = {
  manager: readEnded('manager'),
  kitchen: readEnded('kitchen'),
}

const tokens = {
  manager: cookieSnapshot(STAFF_TOKENS.manager.cookie),
  kitchen: cookieSnapshot(STAFF_TOKENS.kitchen.cookie),
}

function changed() {
  tokens.manager.forget()
  tokens.kitchen.forget()
  for (const listener of listeners) listener()
}

/**
 * Keeps the token in its cookie (path /, as the spec's) until the session expires. Script-
 * readable, not HttpOnly, so the API client can copy it into the header, the only thing the
 * server believes; a page of another site can neither read it nor set that header (decision 0111).
 */
export function saveStaffToken(role: StaffRole, token: string, expiresAt: string): void {
  const maxAgeSeconds = Math.max(0, Math.floor((Date.parse(expiresAt) - Date.now()) / 1000))
  document.cookie = serializeCookie(STAFF_TOKENS[role].cookie, token, {
    maxAgeSeconds,
    sameSite: 'Lax',
  })
  keepEnded(role, false)
  changed()
}

export function forgetStaffToken(role: StaffRole, options: { ended?: boolean } = {}): void {
  deleteCookie(STAFF_TOKENS[role].cookie)
  keepEnded(role, options.ended ?? false)
  changed()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The token this browser holds for `role`, re-rendering when it is saved or forgotten. */
export function useStaffToken(role: StaffRole): string | undefined {
  const { read } = tokens[role]
  return useSyncExternalStore(subscribe, read, read)
}

export function useStaffSessionEnded(role: StaffRole): boolean {
  const read = () => ended[role]
  return useSyncExternalStore(subscribe, read, read)
}
