import type { Kysely, Transaction } from 'kysely'
import type { AuditKind } from '@tableside/contracts/audit'
import type { Manager } from '@tableside/contracts/staff'
import type { Database } from '../../db/schema'
import { HttpError, notFound } from '../../http/http-error'
import type { AccountRepository } from './account-repository'

/** One audit entry, written in the transaction of the change it describes. */
export type AuditEntry = AuditKind & {
  entityId: string | null
  before: unknown
  after: unknown
}

export interface StaffAdminDeps {
  audit: {
    record(trx: Transaction<Database>, manager: Manager, entry: AuditEntry): Promise<unknown>
  }
  /** scrypt of a PIN or password, as the sign-ins check it. */
  hashSecret: (secret: string) => Promise<string>
  now?: () => Date
}

export const loginTaken = () =>
  new HttpError(409, 'login_taken', 'This login is taken: choose another.', [
    { path: 'body.login', message: 'This login is taken' },
  ])

/** A change to an account as a manager asks for it: a new name, stopped or brought back. */
export interface AccountChange {
  name?: string | undefined
  active?: boolean | undefined
}

/** The columns a change writes, only those it names; a change that names none is refused. */
export function columnsToChange(change: AccountChange): { name?: string; active?: boolean } {
  const columns = {
    ...(change.name === undefined ? {} : { name: change.name }),
    ...(change.active === undefined ? {} : { active: change.active }),
  }
  if (Object.keys(columns).length === 0) {
    throw new HttpError(400, 'validation_failed', 'Say what to change: the name or active.', [
      { path: 'body', message: 'Nothing to change' },
    ])
  }
  return columns
}

/** What the audit calls a change, given whether the account was active before it. */
export function auditAction(change: AccountChange, wasActive: boolean) {
  if (change.active === undefined || change.active === wasActive) return 'update'
  return change.active ? 'activate' : 'deactivate'
}

/**
 * Runs a change to the restaurant's staff as `manager` (decision 0075): with the restaurant's row
 * held, so its staff change one at a time, and only while `manager` is still one of its active
 * managers (a manager deactivated while their request waited changes nothing). `work` gets the
 * active managers' ids as they stand under that lock.
 */
export function staffChange(db: Kysely<Database>, rows: AccountRepository) {
  return <T>(
    manager: Manager,
    work: (trx: Transaction<Database>, activeManagers: string[]) => Promise<T>,
  ): Promise<T> =>
    db.transaction().execute(async (trx) => {
      if (!(await rows.lockRestaurant(manager.restaurantId, trx))) {
        throw notFound('This restaurant does not exist.')
      }
      const activeManagers = await rows.activeManagers(manager.restaurantId, trx)
      if (!activeManagers.includes(manager.id)) {
        throw new HttpError(401, 'unauthorized', 'You are no longer an active manager here.')
      }
      return work(trx, activeManagers)
    })
}
