import * as z from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { localizedText } from './text'

/**
 * Every kind of entry the server writes: what it is about (`entity`) and what was done to it
 * (`action`). The server's `audit.record` takes only these, and the back office has a sentence
 * for each, so a new kind is a type error until both sides know it (decision 0116).
 */
export const AUDIT_KINDS = {
  menu: ['create', 'update', 'delete'],
  dish: ['create', 'update', 'delete', 'stop', 'resume', 'reorder'],
  category: ['create', 'update', 'delete', 'reorder'],
  stories: ['update'],
  menu_file: ['import'],
  table: ['create', 'update', 'rotate'],
  zone: ['create', 'update', 'delete', 'reorder'],
  waiter: ['create', 'update', 'activate', 'deactivate', 'reset_pin', 'assign_tables'],
  manager: ['create', 'update', 'activate', 'deactivate', 'reset_password', 'reset_totp'],
  kitchen: ['create', 'update', 'activate', 'deactivate', 'reset_pin'],
  station: ['create', 'update', 'delete'],
  kitchen_thresholds: ['update'],
  settings: ['update'],
  sign_in: ['under_attack'],
  sms_budget: ['nearly_spent', 'spent'],
  restaurant: ['create'],
  profile: ['update'],
  payment_account: ['update', 'check'],
  fiscal_settings: ['update'],
  receipt: ['retry'],
  order: ['cancel', 'refund', 'comp', 'refund_tip', 'retry_refund'],
} as const satisfies Record<string, readonly string[]>

export type AuditEntity = keyof typeof AUDIT_KINDS
/** An entity with one of its own actions. */
export type AuditKind = {
  [E in AuditEntity]: { entity: E; action: (typeof AUDIT_KINDS)[E][number] }
}[AuditEntity]

export const AUDIT_ENTITIES = Object.keys(AUDIT_KINDS) as AuditEntity[]

/** One change a manager made (decision 0063): who, what, when, the row before and after. */
export const auditEntry = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ id: z.nullable(z.string()), name: z.string() }),
  /** An `AUDIT_KINDS` action; older or newer kinds are shown as they come. */
  action: z.string(),
  entity: z.string(),
  entityId: z.nullable(z.string()),
  /**
   * The row before and after, as JSON text (null: none). Text, not a schema of every entity:
   * the log shows what it was given, and any shape of zod here would join the first load.
   */
  before: z.nullable(z.string()),
  after: z.nullable(z.string()),
  /**
   * The name of what the entry is about: as the entry recorded it, else as it is called now,
   * else null (it is gone and the entry never said).
   */
  subject: z.optional(z.nullable(localizedText)),
  /** Names of the other things the entry mentions by id (a table's zone, a station's categories). */
  names: z.optional(z.record(z.string(), localizedText)),
})
export type AuditEntry = z.infer<typeof auditEntry>

export const AUDIT_PAGE = 50
/** The most entries one CSV carries, newest first: a longer period is exported in parts. */
export const AUDIT_EXPORT_MAX = 10_000

/** Who made a change: a staff member's id, or `server` for what the server itself noticed. */
export const AUDIT_SERVER_ACTOR = 'server'

/** A day that is on the calendar, `YYYY-MM-DD` (not 2026-02-30), from 1970 to 2999. */
const calendarDay = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'A day is YYYY-MM-DD'),
  z.refine((day) => {
    const date = new Date(`${day}T00:00:00Z`)
    const real = !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day)
    return real && day >= '1970-01-01' && day <= '2999-12-31'
  }, 'There is no such day'),
)

/** Which entries: by who, what and when (days on the restaurant's calendar, both included). */
export const auditFilter = z.object({
  actor: z.optional(
    z
      .string()
      .check(
        z.regex(
          /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|server)$/,
          'An actor is a staff id or "server"',
        ),
      ),
  ),
  entity: z.optional(z.string().check(z.regex(/^[a-z_]{1,40}$/))),
  from: z.optional(calendarDay),
  to: z.optional(calendarDay),
})
export type AuditFilter = z.infer<typeof auditFilter>

export const listAudit = defineEndpoint({
  method: 'GET',
  path: '/admin/audit',
  summary:
    "The restaurant's audit log, newest first, a page at a time; by who, what and when (the restaurant's days)",
  tags: ['admin'],
  query: z.object({
    ...auditFilter.shape,
    /** The id of the last entry of the page before. */
    before: z.optional(z.string().check(z.regex(/^\d{1,18}$/))),
  }),
  status: 200,
  response: z.object({ entries: z.array(auditEntry), more: z.boolean() }),
})

export const listAuditActors = defineEndpoint({
  method: 'GET',
  path: '/admin/audit/actors',
  summary: 'Everyone the audit log names, by their latest name (id null: the server itself)',
  tags: ['admin'],
  status: 200,
  response: z.object({
    actors: z.array(z.object({ id: z.nullable(z.string()), name: z.string() })),
  }),
})

/**
 * The filtered entries as CSV (`text/csv`, UTF-8 with a BOM, as the report's, decision 0073):
 * the sentence the screen shows, then the machine's columns. Not a JSON endpoint: the web
 * fetches the bytes with the token.
 */
export const ADMIN_AUDIT_CSV_PATH = '/admin/audit.csv'
export const auditCsvQuery = z.object({
  ...auditFilter.shape,
  lang: z.optional(z.enum(['ru', 'en'])),
})
