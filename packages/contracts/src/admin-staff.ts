import * as z from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { GARCON_PIN_LENGTH } from './garcon'
import { currentPassword } from './staff'

/**
 * The back office's staff (issue 17, decision 0068): waiters, other managers and kitchen
 * logins of the signed-in manager's restaurant. No path names a restaurant: it is the
 * manager's own.
 */

/** A login a manager gives: typed on a phone, so lower case and no spaces. */
export const staffLogin = z
  .string()
  .check(
    z.trim(),
    z.toLowerCase(),
    z.regex(
      /^[a-z0-9][a-z0-9._-]{1,31}$/,
      'A login is 2–32 latin letters, digits, dots, dashes or underscores',
    ),
  )

export const staffName = z.string().check(z.trim(), z.minLength(1), z.maxLength(100))

/** A PIN as the waiter's and the kitchen's sign-in take it. */
export const staffPin = z
  .string()
  .check(
    z.regex(
      new RegExp(`^\\d{${GARCON_PIN_LENGTH.min},${GARCON_PIN_LENGTH.max}}$`),
      'A PIN is 4–8 digits',
    ),
  )

/** A manager's password: long enough to resist guessing, short enough to type. */
export const MANAGER_PASSWORD_LENGTH = { min: 10, max: 200 } as const
export const managerPassword = z
  .string()
  .check(
    z.minLength(MANAGER_PASSWORD_LENGTH.min, 'A password is at least 10 characters'),
    z.maxLength(MANAGER_PASSWORD_LENGTH.max, 'A password is at most 200 characters'),
  )

const tableRef = z.object({ code: z.string(), label: z.string() })

/** A waiter as the manager sees them: never their PIN. */
export const adminWaiter = z.object({
  id: z.string(),
  name: z.string(),
  login: z.string(),
  active: z.boolean(),
  onShift: z.boolean(),
  /** The tables they serve now, by code. */
  tables: z.array(tableRef),
  createdAt: z.string(),
})
export type AdminWaiter = z.infer<typeof adminWaiter>

const waiterIdParams = z.object({ waiterId: z.uuid('A waiter id is a uuid') })

export const listAdminWaiters = defineEndpoint({
  method: 'GET',
  path: '/admin/waiters',
  summary: "The restaurant's waiters, active first, with their tables and shift",
  tags: ['admin'],
  status: 200,
  response: z.object({ waiters: z.array(adminWaiter) }),
})

export const createAdminWaiter = defineEndpoint({
  method: 'POST',
  path: '/admin/waiters',
  summary: 'Adds a waiter, who can sign in at once with this login and PIN',
  tags: ['admin'],
  body: z.object({ name: staffName, login: staffLogin, pin: staffPin }),
  status: 201,
  response: adminWaiter,
})

export const updateAdminWaiter = defineEndpoint({
  method: 'PATCH',
  path: '/admin/waiters/:waiterId',
  summary:
    'Renames a waiter, or deactivates them (their sessions end and their tables are freed) or brings them back',
  tags: ['admin'],
  params: waiterIdParams,
  body: z.object({ name: z.optional(staffName), active: z.optional(z.boolean()) }),
  status: 200,
  response: adminWaiter,
})

/** At most this many tables in one assignment (a restaurant's floor fits well inside it). */
export const MAX_ASSIGNED_TABLES = 500

export const assignAdminWaiterTables = defineEndpoint({
  method: 'PUT',
  path: '/admin/waiters/:waiterId/tables',
  summary:
    "Gives an active waiter exactly these tables (by code); a table another waiter served moves to this one, and both waiters' screens hear it",
  tags: ['admin'],
  params: waiterIdParams,
  body: z.object({
    tableCodes: z
      .array(z.string().check(z.minLength(1), z.maxLength(64)))
      .check(z.maxLength(MAX_ASSIGNED_TABLES)),
  }),
  status: 200,
  response: adminWaiter,
})

/** How many sessions a change ended. */
export const sessionsEnded = z.object({ signedOut: z.int().check(z.nonnegative()) })

export const resetAdminWaiterPin = defineEndpoint({
  method: 'PUT',
  path: '/admin/waiters/:waiterId/pin',
  summary: 'Gives a waiter a new PIN; every device they are signed in on is signed out',
  tags: ['admin'],
  params: waiterIdParams,
  body: z.object({ pin: staffPin }),
  status: 200,
  response: sessionsEnded,
})

export const staffRole = z.enum(['manager', 'kitchen'])
export type StaffRole = z.infer<typeof staffRole>

/** A manager or a kitchen login as the manager sees them: never a password or PIN hash. */
export const adminStaffMember = z.object({
  id: z.string(),
  role: staffRole,
  name: z.string(),
  login: z.string(),
  active: z.boolean(),
  /** The manager asking: they cannot deactivate themself. */
  self: z.boolean(),
  /** A manager who signs in with a TOTP code as well (always false for a kitchen login). */
  totpEnabled: z.boolean(),
  createdAt: z.string(),
})
export type AdminStaffMember = z.infer<typeof adminStaffMember>

const staffIdParams = z.object({ staffId: z.uuid('A staff id is a uuid') })

export const listAdminStaff = defineEndpoint({
  method: 'GET',
  path: '/admin/staff',
  summary: "The restaurant's managers and kitchen logins, active first",
  tags: ['admin'],
  status: 200,
  response: z.object({ staff: z.array(adminStaffMember) }),
})

export const createAdminStaff = defineEndpoint({
  method: 'POST',
  path: '/admin/staff',
  summary: 'Adds a manager (login and password) or a kitchen login (login and PIN)',
  tags: ['admin'],
  // One object, not a discriminated union: zod's unions would join the diners' first load. A
  // manager needs `password`, a kitchen login `pin`; the server says which is missing.
  body: z.object({
    role: z.enum(['manager', 'kitchen']),
    name: staffName,
    login: staffLogin,
    password: z.optional(managerPassword),
    pin: z.optional(staffPin),
  }),
  status: 201,
  response: adminStaffMember,
})

export const updateAdminStaff = defineEndpoint({
  method: 'PATCH',
  path: '/admin/staff/:staffId',
  summary:
    'Renames a manager or kitchen login, deactivates it (its sessions end) or brings it back; a manager cannot deactivate themself, nor the last active manager (409 last_active_manager)',
  tags: ['admin'],
  params: staffIdParams,
  body: z.object({ name: z.optional(staffName), active: z.optional(z.boolean()) }),
  status: 200,
  response: adminStaffMember,
})

export const resetAdminStaffPin = defineEndpoint({
  method: 'PUT',
  path: '/admin/staff/:staffId/pin',
  summary: 'Gives a kitchen login a new PIN; every device it is signed in on is signed out',
  tags: ['admin'],
  params: staffIdParams,
  body: z.object({ pin: staffPin }),
  status: 200,
  response: sessionsEnded,
})

/**
 * A colleague's account taken back (issue 27): asked again for the acting manager's own password,
 * so a stolen token alone cannot take over another manager either. Never one's own account.
 */
export const resetAdminStaffPassword = defineEndpoint({
  method: 'PUT',
  path: '/admin/staff/:staffId/password',
  summary:
    'Gives another manager a new password (your own password asked); their sign-ins end. Your own is changed at PUT /admin/me/password',
  tags: ['admin'],
  params: staffIdParams,
  body: z.object({ password: managerPassword, yourPassword: currentPassword }),
  status: 200,
  response: sessionsEnded,
})

export const resetAdminStaffTotp = defineEndpoint({
  method: 'DELETE',
  path: '/admin/staff/:staffId/totp',
  summary:
    'Turns another manager’s TOTP off, for a lost phone (your own password asked); their sign-ins end',
  tags: ['admin'],
  params: staffIdParams,
  body: z.object({ yourPassword: currentPassword }),
  status: 200,
  response: sessionsEnded,
})
