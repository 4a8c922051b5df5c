import * as z from 'zod/mini'
import { defineEndpoint } from './endpoint'

/** One change a manager made (decision 0063): who, what, when, the row before and after. */
export const auditEntry = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ id: z.nullable(z.string()), name: z.string() }),
  action: z.string(),
  entity: z.string(),
  entityId: z.nullable(z.string()),
  /**
   * The row before and after, as JSON text (null: none). Text, not a schema of every entity:
   * the log shows what it was given, and any shape of zod here would join the first load.
   */
  before: z.nullable(z.string()),
  after: z.nullable(z.string()),
})
export type AuditEntry = z.infer<typeof auditEntry>

export const AUDIT_PAGE = 50

export const listAudit = defineEndpoint({
  method: 'GET',
  path: '/admin/audit',
  summary: "The restaurant's audit log, newest first, a page at a time",
  tags: ['admin'],
  query: z.object({
    /** The id of the last entry of the page before. */
    before: z.optional(z.string().check(z.regex(/^\d{1,18}$/))),
    entity: z.optional(z.string().check(z.regex(/^[a-z_]{1,40}$/))),
  }),
  status: 200,
  response: z.object({ entries: z.array(auditEntry), more: z.boolean() }),
})
