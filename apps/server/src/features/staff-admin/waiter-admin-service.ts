import type { Kysely, Transaction } from 'kysely'
import type { AdminWaiter } from '@tableside/contracts/admin-staff'
import type { Manager } from '@tableside/contracts/staff'
import type { Database } from '../../db/schema'
import { HttpError, notFound } from '../../http/http-error'
import { createGarconRepository } from '../garcon/garcon-repository'
import { resetPin, updateAccount, type AccountKind } from './account-changes'
import { createAccountRepository } from './account-repository'
import {
  loginTaken,
  staffChange,
  type AccountChange,
  type StaffAdminDeps,
} from './staff-admin-deps'
import { createWaiterAdminRepository } from './waiter-admin-repository'

const noSuchWaiter = () => notFound('No such waiter here.')

/**
 * The manager's waiters (decision 0068): added with a login and PIN, renamed, deactivated
 * (signed out everywhere, off shift, their tables freed) or brought back, given a new PIN
 * (signed out everywhere). Each change and its audit entry are one transaction, made only by a
 * manager still active when it runs (decision 0075).
 */
/** The waiters' feature's assignment, run in the back office's transaction (issue 30). */
export type AssignTables = (
  trx: Transaction<Database>,
  waiter: { id: string; restaurantId: string; name: string },
  tableCodes: readonly string[],
) => Promise<boolean>

export function createWaiterAdminService({
  db,
  audit,
  hashSecret,
  assignTables,
  afterTablesMoved,
  now = () => new Date(),
}: StaffAdminDeps & {
  db: Kysely<Database>
  assignTables: AssignTables
  /** After a commit that told waiters their tables changed (the outbox sends it). */
  afterTablesMoved: () => void
}) {
  const repository = createWaiterAdminRepository(db)
  const rows = createAccountRepository(db)
  const sessions = createGarconRepository(db)
  const change = staffChange(db, rows)
  const flows = { rows, change, audit, now }
  const waiters: AccountKind<AdminWaiter, 'waiter'> = {
    table: 'waiters',
    find: (manager, id, trx) => repository.find(manager.restaurantId, id, trx),
    entity: () => 'waiter',
    audited: (waiter) => waiter,
    endSessions: (id, at, trx) => sessions.revokeWaiterSessions(id, at, trx),
    missing: noSuchWaiter,
  }

  return {
    list: (restaurantId: string) => repository.list(restaurantId),

    async create(
      manager: Manager,
      input: { name: string; login: string; pin: string },
    ): Promise<AdminWaiter> {
      if (await rows.loginTaken('waiters', manager.restaurantId, input.login)) throw loginTaken()
      const pinHash = await hashSecret(input.pin)
      return change(manager, async (trx) => {
        const id = await repository.insert(
          { restaurantId: manager.restaurantId, name: input.name, login: input.login, pinHash },
          trx,
        )
        if (!id) throw loginTaken()
        const waiter = await repository.find(manager.restaurantId, id, trx)
        if (!waiter) throw noSuchWaiter()
        await audit.record(trx, manager, {
          action: 'create',
          entity: 'waiter',
          entityId: id,
          before: null,
          after: waiter,
        })
        return waiter
      })
    },

    /** Renamed, deactivated (signed out everywhere, off shift, their tables freed) or back. */
    update: (manager: Manager, waiterId: string, asked: AccountChange): Promise<AdminWaiter> =>
      updateAccount(flows, waiters, manager, waiterId, asked, {
        deactivated: (at, trx) => repository.release(waiterId, at, trx),
      }),

    /**
     * Gives an active waiter exactly `tableCodes` (issue 30): tables other waiters served move
     * to them; the change and its audit entry are one transaction.
     */
    async assignTables(
      manager: Manager,
      waiterId: string,
      tableCodes: readonly string[],
    ): Promise<AdminWaiter> {
      const { assigned, told } = await change(manager, async (trx) => {
        const locked = await rows.lock('waiters', manager.restaurantId, waiterId, trx)
        const before = locked && (await repository.find(manager.restaurantId, waiterId, trx))
        if (!locked || !before) throw noSuchWaiter()
        if (!locked.active) {
          throw new HttpError(
            409,
            'waiter_inactive',
            `${before.name} is deactivated: bring them back before giving them tables.`,
          )
        }
        const waiter = { id: waiterId, restaurantId: manager.restaurantId, name: before.name }
        const told = await assignTables(trx, waiter, tableCodes)
        const after = await repository.find(manager.restaurantId, waiterId, trx)
        if (!after) throw noSuchWaiter()
        await audit.record(trx, manager, {
          action: 'assign_tables',
          entity: 'waiter',
          entityId: waiterId,
          before,
          after,
        })
        return { assigned: after, told }
      })
      if (told) afterTablesMoved()
      return assigned
    },

    /** A new PIN; every session of the waiter ends. Returns how many. */
    async resetPin(
      manager: Manager,
      waiterId: string,
      pin: string,
    ): Promise<{ signedOut: number }> {
      const pinHash = await hashSecret(pin)
      const setPinHash = (id: string, hash: string, trx: Transaction<Database>) =>
        repository.setPinHash(id, hash, trx)
      return resetPin(flows, { ...waiters, setPinHash }, manager, waiterId, pinHash)
    },
  }
}

export type WaiterAdminService = ReturnType<typeof createWaiterAdminService>
