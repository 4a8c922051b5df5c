import type { Transaction } from 'kysely'
import type { Manager } from '@tableside/contracts/staff'
import type { Database } from '../../db/schema'
import type { HttpError } from '../../http/http-error'
import type { AccountRepository } from './account-repository'
import {
  auditAction,
  columnsToChange,
  type AccountChange,
  type StaffAdminDeps,
} from './staff-admin-deps'

type StaffChange = <T>(
  manager: Manager,
  work: (trx: Transaction<Database>, activeManagers: string[]) => Promise<T>,
) => Promise<T>

/**
 * One kind of account the back office changes (waiters; managers and kitchen logins): what
 * differs between them. The flows below are the same for every kind.
 */
type AccountEntity = 'waiter' | 'manager' | 'kitchen'

export interface AccountKind<Account, Entity extends AccountEntity = AccountEntity> {
  table: 'waiters' | 'staff'
  /** The account as the manager sees it; undefined when there is none of this kind here. */
  find(manager: Manager, id: string, trx: Transaction<Database>): Promise<Account | undefined>
  /** What the audit calls the account, and what it keeps of it. */
  entity(account: Account): Entity
  audited(account: Account): unknown
  /** Ends every session of the account at `at`; how many ended. */
  endSessions(id: string, at: Date, trx: Transaction<Database>): Promise<number>
  missing(): HttpError
}

interface Flows {
  rows: AccountRepository
  change: StaffChange
  audit: StaffAdminDeps['audit']
  now: () => Date
}

/**
 * A manager renames an account, deactivates it or brings it back (decision 0068), under the
 * restaurant's lock with the account's row held: a deactivated account's sessions end, and
 * `deactivated` ends what else it had. `check` refuses a change before anything is written.
 */
export function updateAccount<Account>(
  { rows, change, audit, now }: Flows,
  kind: AccountKind<Account>,
  manager: Manager,
  id: string,
  asked: AccountChange,
  extra: {
    check?: (deactivated: boolean, activeManagers: string[]) => void
    deactivated?: (at: Date, trx: Transaction<Database>) => Promise<unknown>
  } = {},
): Promise<Account> {
  const columns = columnsToChange(asked)
  return change(manager, async (trx, activeManagers) => {
    const locked = await rows.lock(kind.table, manager.restaurantId, id, trx)
    const before = locked && (await kind.find(manager, id, trx))
    if (!locked || !before) throw kind.missing()
    const deactivated = locked.active && asked.active === false
    extra.check?.(deactivated, activeManagers)
    await rows.update(kind.table, id, columns, trx)
    if (deactivated) {
      const at = now()
      await kind.endSessions(id, at, trx)
      await extra.deactivated?.(at, trx)
    }
    const after = await kind.find(manager, id, trx)
    if (!after) throw kind.missing()
    await audit.record(trx, manager, {
      action: auditAction(asked, locked.active),
      entity: kind.entity(before),
      entityId: id,
      before: kind.audited(before),
      after: kind.audited(after),
    })
    return after
  })
}

/**
 * A new PIN for a waiter or a kitchen login (already hashed), under the restaurant's lock with the
 * account's row held; every session of the account ends, and the audit says that the PIN changed,
 * never what it is. Returns how many sessions ended.
 */
export function resetPin<Account>(
  { rows, change, audit, now }: Flows,
  kind: AccountKind<Account, 'waiter' | 'kitchen'> & {
    setPinHash(id: string, pinHash: string, trx: Transaction<Database>): Promise<unknown>
  },
  manager: Manager,
  id: string,
  pinHash: string,
): Promise<{ signedOut: number }> {
  return change(manager, async (trx) => {
    const locked = await rows.lock(kind.table, manager.restaurantId, id, trx)
    const account = locked && (await kind.find(manager, id, trx))
    if (!locked || !account) throw kind.missing()
    await kind.setPinHash(id, pinHash, trx)
    const signedOut = await kind.endSessions(id, now(), trx)
    await audit.record(trx, manager, {
      action: 'reset_pin',
      entity: kind.entity(account),
      entityId: id,
      before: kind.audited(account),
      after: kind.audited(account),
    })
    return { signedOut }
  })
}
