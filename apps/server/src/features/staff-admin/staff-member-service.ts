import type { Kysely } from 'kysely'
import type { AdminStaffMember, StaffRole } from '@tableside/contracts/admin-staff'
import type { Database } from '../../db/schema'
import { HttpError, notFound } from '../../http/http-error'
import { loginTaken, type ManagerRef, type StaffAdminDeps } from './staff-admin-deps'
import { createStaffMemberRepository } from './staff-member-repository'

/** The account as the audit keeps it: `self` says who asked, not what the account is. */
const audited = (member: AdminStaffMember | undefined) =>
  member
    ? {
        id: member.id,
        role: member.role,
        name: member.name,
        login: member.login,
        active: member.active,
        createdAt: member.createdAt,
      }
    : null

const noSuchAccount = () => notFound('No such manager or kitchen login here.')

export type NewStaffMember =
  | { role: 'manager'; name: string; login: string; password: string }
  | { role: 'kitchen'; name: string; login: string; pin: string }

/**
 * The manager's fellow managers and kitchen logins (decision 0068): added, renamed, deactivated
 * (signed out everywhere) or brought back; a kitchen login gets a new PIN. A manager cannot
 * deactivate themself, so a restaurant always keeps one who can sign in.
 */
export function createStaffMemberService({
  db,
  audit,
  hashSecret,
  now = () => new Date(),
}: StaffAdminDeps & { db: Kysely<Database> }) {
  const repository = createStaffMemberRepository(db)

  return {
    list: (manager: ManagerRef) => repository.list(manager.restaurantId, manager.id),

    async create(manager: ManagerRef, input: NewStaffMember): Promise<AdminStaffMember> {
      if (await repository.loginTaken(manager.restaurantId, input.login)) throw loginTaken()
      const secretHash = await hashSecret(input.role === 'manager' ? input.password : input.pin)
      const role: StaffRole = input.role
      return db.transaction().execute(async (trx) => {
        const id = await repository.insert(
          {
            restaurantId: manager.restaurantId,
            role,
            name: input.name,
            login: input.login,
            secretHash,
          },
          trx,
        )
        if (!id) throw loginTaken()
        const member = await repository.find(manager.restaurantId, manager.id, id, trx)
        if (!member) throw noSuchAccount()
        await audit.record(trx, manager, {
          action: 'create',
          entity: role,
          entityId: id,
          before: null,
          after: audited(member),
        })
        return member
      })
    },

    async update(
      manager: ManagerRef,
      staffId: string,
      change: { name?: string | undefined; active?: boolean | undefined },
    ): Promise<AdminStaffMember> {
      if (staffId === manager.id && change.active === false) {
        throw new HttpError(
          409,
          'cannot_deactivate_self',
          'You cannot deactivate yourself: ask another manager.',
          [{ path: 'body.active', message: 'You cannot deactivate yourself' }],
        )
      }
      return db.transaction().execute(async (trx) => {
        const locked = await repository.lock(manager.restaurantId, staffId, trx)
        if (!locked) throw noSuchAccount()
        const before = await repository.find(manager.restaurantId, manager.id, staffId, trx)
        const set = {
          ...(change.name === undefined ? {} : { name: change.name }),
          ...(change.active === undefined ? {} : { active: change.active }),
        }
        if (Object.keys(set).length > 0) await repository.update(staffId, set, trx)
        if (locked.active && change.active === false) {
          await repository.endSessions(staffId, now(), trx)
        }
        const after = await repository.find(manager.restaurantId, manager.id, staffId, trx)
        if (!before || !after) throw noSuchAccount()
        const action =
          change.active === undefined || change.active === locked.active
            ? 'update'
            : change.active
              ? 'activate'
              : 'deactivate'
        await audit.record(trx, manager, {
          action,
          entity: locked.role,
          entityId: staffId,
          before: audited(before),
          after: audited(after),
        })
        return after
      })
    },

    /** A kitchen login's new PIN; its sessions end. A manager's password is theirs to change. */
    async resetKitchenPin(
      manager: ManagerRef,
      staffId: string,
      pin: string,
    ): Promise<{ signedOut: number }> {
      const secretHash = await hashSecret(pin)
      return db.transaction().execute(async (trx) => {
        const locked = await repository.lock(manager.restaurantId, staffId, trx)
        if (!locked || locked.role !== 'kitchen') {
          throw notFound('No such kitchen login here.')
        }
        await repository.update(staffId, { secretHash }, trx)
        const signedOut = await repository.endSessions(staffId, now(), trx)
        const member = await repository.find(manager.restaurantId, manager.id, staffId, trx)
        await audit.record(trx, manager, {
          action: 'reset_pin',
          entity: 'kitchen',
          entityId: staffId,
          before: audited(member),
          after: audited(member),
        })
        return { signedOut }
      })
    },
  }
}

export type StaffMemberService = ReturnType<typeof createStaffMemberService>
