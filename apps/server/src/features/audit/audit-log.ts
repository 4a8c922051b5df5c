import type { Kysely, Transaction } from 'kysely'
import {
  AUDIT_EXPORT_MAX,
  type AuditEntry,
  type AuditFilter,
  type AuditKind,
} from '@tableside/contracts/audit'
import type { Manager } from '@tableside/contracts/staff'
import type { Database } from '../../db/schema'
import type { SignInAttack } from '../../lib/login-backoff'
import { notFound } from '../../http/http-error'
import { auditCsv } from './audit-csv'
import { createAuditLogRepository } from './audit-log-repository'
import { withNames } from './audit-names'

/** A change: one of the kinds the back office has words for (`AUDIT_KINDS`, decision 0116). */
export type AuditChange = AuditKind & {
  entityId: string | null
  /** The row as the manager saw it before and after; null when there is none. Never a secret. */
  before: unknown
  after: unknown
}

/** What JSON keeps of a value (dates as ISO text); undefined is stored as null. */
const asJson = (value: unknown) => (value === undefined ? null : JSON.stringify(value))

/**
 * The audit log (decision 0063): every change a manager makes is recorded in the transaction
 * that makes it, so no change is ever without its entry, nor an entry without its change.
 */
export function createAuditLog(db: Kysely<Database>) {
  const repository = createAuditLogRepository(db)
  const named = (restaurantId: string, rows: Awaited<ReturnType<typeof repository.page>>) =>
    withNames(
      rows.map((row) => ({
        id: row.id,
        at: row.at.toISOString(),
        actor: { id: row.actorId, name: row.actorName },
        action: row.action,
        entity: row.entity,
        entityId: row.entityId,
        before: row.before === null ? null : JSON.stringify(row.before),
        after: row.after === null ? null : JSON.stringify(row.after),
      })),
      (ids) => repository.currentNames(restaurantId, ids),
    )
  return {
    async record(
      trx: Transaction<Database> | Kysely<Database>,
      manager: Manager,
      change: AuditChange,
    ): Promise<void> {
      await repository.insert(trx, {
        restaurantId: manager.restaurantId,
        actorId: manager.id,
        actorName: manager.name,
        action: change.action,
        entity: change.entity,
        entityId: change.entityId,
        before: asJson(change.before),
        after: asJson(change.after),
      })
    },

    /**
     * A change by someone who is not a manager's account (a waiter's refund, decision 0119):
     * named in the entry, with no staff id.
     */
    async recordBy(
      trx: Transaction<Database> | Kysely<Database>,
      actor: { restaurantId: string; name: string },
      change: AuditChange,
    ): Promise<void> {
      await repository.insert(trx, {
        restaurantId: actor.restaurantId,
        actorId: null,
        actorName: actor.name,
        action: change.action,
        entity: change.entity,
        entityId: change.entityId,
        before: asJson(change.before),
        after: asJson(change.after),
      })
    },

    /** A page of the restaurant's entries, newest first; `more` when older ones remain. */
    async list(
      restaurantId: string,
      options: AuditFilter & { before?: string | undefined; limit: number },
    ): Promise<{ entries: AuditEntry[]; more: boolean }> {
      const rows = await repository.page(restaurantId, { ...options, limit: options.limit + 1 })
      return {
        entries: await named(restaurantId, rows.slice(0, options.limit)),
        more: rows.length > options.limit,
      }
    },

    /** Everyone the log names, for the screen's "who" (by name; the server last). */
    async actors(restaurantId: string) {
      const actors = await repository.actors(restaurantId)
      return actors.sort(
        (a, b) => Number(a.id === null) - Number(b.id === null) || a.name.localeCompare(b.name),
      )
    },

    /** The filtered entries as CSV, newest first, at most `AUDIT_EXPORT_MAX` (decision 0116). */
    async csv(restaurantId: string, filter: AuditFilter, language: 'ru' | 'en'): Promise<string> {
      const restaurant = await repository.restaurant(restaurantId)
      if (!restaurant) throw notFound('This restaurant does not exist.')
      const rows = await repository.page(restaurantId, { ...filter, limit: AUDIT_EXPORT_MAX })
      return auditCsv(await named(restaurantId, rows), restaurant, language)
    },
  }
}

export type AuditLog = ReturnType<typeof createAuditLog>

/** Who the log names for what the server itself noticed. */
export const SERVER_ACTOR = 'Tableside'

/**
 * An account whose login is guessed at from many places (decision 0108): an entry the back
 * office shows its managers (`entity` `sign_in`), at most once an hour per account.
 */
export function auditSignInAttack(db: Kysely<Database>) {
  const repository = createAuditLogRepository(db)
  return async (attack: SignInAttack): Promise<void> => {
    await repository.insert(db, {
      restaurantId: attack.restaurantId,
      actorId: null,
      actorName: SERVER_ACTOR,
      action: 'under_attack',
      entity: 'sign_in',
      entityId: `${attack.actor}:${attack.login}`,
      before: null,
      after: asJson({ role: attack.actor, login: attack.login, failures: attack.failures }),
      at: attack.at,
    })
  }
}

/** A day's budget of sign-in codes by SMS that is nearly or all used (decision 0109). */
export interface SmsBudgetAlert {
  /** `restaurant`: the restaurant's own budget; `server`: every restaurant's together. */
  scope: 'restaurant' | 'server'
  /** Whose budget: the restaurant's id, or null for the server's. */
  restaurantId: string | null
  /** `nearly_spent`: 80 % used; `spent`: all of it. */
  level: 'nearly_spent' | 'spent'
  day: string
  sent: number
  budget: number
  at: Date
}

/**
 * A day's SMS budget nearly or all used: an entry (`entity` `sms_budget`) in the restaurant's
 * log, or in every restaurant's for the server's budget, whose diners it stops as well. Once a
 * day per budget and level: the caller's compare-and-set decides, in the transaction it passes.
 */
export function auditSmsBudget(db: Kysely<Database>) {
  const repository = createAuditLogRepository(db)
  return async (
    alert: SmsBudgetAlert,
    executor: Kysely<Database> | Transaction<Database> = db,
  ): Promise<void> => {
    const entry = {
      actorId: null,
      actorName: SERVER_ACTOR,
      action: alert.level,
      entity: 'sms_budget',
      entityId: alert.scope,
      before: null,
      after: asJson({ day: alert.day, sent: alert.sent, budget: alert.budget }),
      at: alert.at,
    }
    if (alert.restaurantId === null) await repository.insertForEveryRestaurant(entry, executor)
    else await repository.insert(executor, { ...entry, restaurantId: alert.restaurantId })
  }
}
