import * as z from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { restaurantId } from './restaurants'

/**
 * Managers (the back office) and kitchen staff (the kitchen display), decision 0062. Their
 * tokens follow the waiters' rules: hashed, expiring, revocable, and only the header counts.
 */
export const MANAGER_TOKEN_HEADER = 'x-manager-token'
export const KITCHEN_TOKEN_HEADER = 'x-kitchen-token'

export const staffMember = z.object({
  id: z.string(),
  restaurantId: z.string(),
  name: z.string(),
})
export type Manager = z.infer<typeof staffMember>
export type KitchenStaff = z.infer<typeof staffMember>

/** A manager's password: long enough to resist guessing, short enough to type. */
export const MANAGER_PASSWORD_LENGTH = { min: 10, max: 200 } as const
/** A kitchen PIN, as a waiter's: 4–8 digits on a wall tablet's keypad. */
export const KITCHEN_PIN = /^\d{4,8}$/

export const staffLogin = z.string().check(z.trim(), z.minLength(1), z.maxLength(64))
export const managerPassword = z
  .string()
  .check(
    z.minLength(MANAGER_PASSWORD_LENGTH.min, 'A password is at least 10 characters'),
    z.maxLength(MANAGER_PASSWORD_LENGTH.max),
  )
/** Fewer different characters than this is a pattern (`aaaaaaaaaa`, `1212121212`). */
export const PASSWORD_MIN_DIFFERENT = 5

/**
 * What is wrong with a manager's new password beyond its length (issue 27, decision 0107): a
 * pattern of few characters, or the login in disguise. The server refuses it (400
 * `weak_password`); the web says it before sending.
 */
export function passwordWeakness(
  password: string,
  login: string,
): 'few_different' | 'has_login' | null {
  const lower = password.toLowerCase()
  if (login.length >= 3 && lower.includes(login.toLowerCase())) return 'has_login'
  if (new Set(lower).size < PASSWORD_MIN_DIFFERENT) return 'few_different'
  return null
}

/** Six digits from the manager's authenticator app. */
export const totpCode = z.string().check(z.trim(), z.regex(/^\d{6}$/, 'A code is 6 digits'))

const signedIn = z.object({ token: z.string(), expiresAt: z.string(), staff: staffMember })
const signedOut = z.object({ signedOut: z.number().check(z.int(), z.nonnegative()) })

export const adminLogin = defineEndpoint({
  method: 'POST',
  path: '/auth/admin/login',
  summary:
    'A manager signs in with login and password (and the TOTP code once turned on); the token goes in the manager_token cookie',
  tags: ['admin'],
  body: z.object({
    restaurantId,
    login: staffLogin,
    // Checked against the hash only: a short wrong password is just wrong, not a 400 that
    // tells what the rule is before the manager has even been found.
    password: z.string().check(z.minLength(1), z.maxLength(MANAGER_PASSWORD_LENGTH.max)),
    totp: z.optional(totpCode),
  }),
  status: 200,
  response: signedIn,
})

export const adminLogout = defineEndpoint({
  method: 'POST',
  path: '/auth/admin/logout',
  summary: 'Signs this device out: the token in X-Manager-Token stops working',
  tags: ['admin'],
  status: 200,
  response: signedOut,
})

export const adminMe = z.object({
  id: z.string(),
  restaurantId: z.string(),
  name: z.string(),
  login: z.string(),
  totpEnabled: z.boolean(),
})
export type AdminMe = z.infer<typeof adminMe>

export const getAdminMe = defineEndpoint({
  method: 'GET',
  path: '/admin/me',
  summary: 'The signed-in manager (header X-Manager-Token)',
  tags: ['admin'],
  status: 200,
  response: adminMe,
})

/** How long a TOTP secret being set up waits for its first code. */
export const TOTP_SETUP_MINUTES = 10

export const startAdminTotp = defineEndpoint({
  method: 'POST',
  path: '/admin/me/totp',
  summary:
    'Starts turning TOTP on: a new secret, kept with this sign-in for 10 minutes, to add to an authenticator app; active once confirmed with a code and the password',
  tags: ['admin'],
  status: 200,
  response: z.object({
    secret: z.string(),
    /** otpauth:// link, also drawn as a QR code (SVG) for the app to scan. */
    uri: z.string(),
    qrSvg: z.string(),
  }),
})

/** The password the manager types again to prove it is them, not only their token. */
export const currentPassword = z
  .string()
  .check(z.minLength(1, 'Type your password'), z.maxLength(MANAGER_PASSWORD_LENGTH.max))

export const confirmAdminTotp = defineEndpoint({
  method: 'PUT',
  path: '/admin/me/totp',
  summary:
    'Turns TOTP on with the secret this sign-in was issued (POST, 10 minutes), a code from it and the password; every other sign-in of the account ends',
  tags: ['admin'],
  // No secret from the browser (issue 27): a stolen token could otherwise enrol its own app.
  body: z.object({ password: currentPassword, code: totpCode }),
  status: 200,
  response: adminMe,
})

export const disableAdminTotp = defineEndpoint({
  method: 'DELETE',
  path: '/admin/me/totp',
  summary: 'Turns TOTP off; needs a current code',
  tags: ['admin'],
  body: z.object({ code: totpCode }),
  status: 200,
  response: adminMe,
})

export const changeAdminPassword = defineEndpoint({
  method: 'PUT',
  path: '/admin/me/password',
  summary:
    "Changes the manager's password (the current one asked); every other sign-in of the account ends",
  tags: ['admin'],
  body: z.object({ currentPassword, newPassword: managerPassword }),
  status: 200,
  response: signedOut,
})

/** One of the manager's sign-ins, as their sessions list shows it. */
export const adminSession = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
  expiresAt: z.string(),
  /** The browser's User-Agent when it signed in; null when it sent none. */
  userAgent: z.nullable(z.string()),
  address: z.nullable(z.string()),
  /** The sign-in this request came with. */
  current: z.boolean(),
})
export type AdminSession = z.infer<typeof adminSession>

export const listAdminSessions = defineEndpoint({
  method: 'GET',
  path: '/admin/me/sessions',
  summary: "The manager's sign-ins still in force: this one first (current), then the newest",
  tags: ['admin'],
  status: 200,
  response: z.object({ sessions: z.array(adminSession) }),
})

export const endAdminSession = defineEndpoint({
  method: 'DELETE',
  path: '/admin/me/sessions/:sessionId',
  summary: 'Ends one of the manager’s own sign-ins; 404 for any other',
  tags: ['admin'],
  params: z.object({ sessionId: z.uuid('A session id is a uuid') }),
  status: 200,
  response: signedOut,
})

export const endAllAdminSessions = defineEndpoint({
  method: 'DELETE',
  path: '/admin/me/sessions',
  summary: 'Signs the manager out everywhere: every sign-in of the account ends, this one too',
  tags: ['admin'],
  status: 200,
  response: signedOut,
})

export const kitchenLogin = defineEndpoint({
  method: 'POST',
  path: '/auth/kitchen/login',
  summary:
    'The kitchen signs in with its login and PIN; the token goes in the kitchen_token cookie',
  tags: ['kitchen'],
  body: z.object({
    restaurantId,
    login: staffLogin,
    pin: z.string().check(z.regex(KITCHEN_PIN, 'A PIN is 4–8 digits')),
  }),
  status: 200,
  response: signedIn,
})

export const kitchenLogout = defineEndpoint({
  method: 'POST',
  path: '/auth/kitchen/logout',
  summary: 'Signs this kitchen screen out: the token in X-Kitchen-Token stops working',
  tags: ['kitchen'],
  status: 200,
  response: signedOut,
})

export const getKitchenMe = defineEndpoint({
  method: 'GET',
  path: '/kitchen/me',
  summary: 'The signed-in kitchen (header X-Kitchen-Token)',
  tags: ['kitchen'],
  status: 200,
  response: staffMember,
})
