import type { Kysely, Transaction } from 'kysely'
import type { AdminStaffMember, StaffRole } from '@tableside/contracts/admin-staff'
import type { Manager } from '@tableside/contracts/staff'
import type { Database } from '../../db/schema'
import { HttpError, notFound } from '../../http/http-error'
import { checkNewPassword } from '../../lib/password-rule'
import { createStaffRepository } from '../staff/staff-repository'
import { resetPin, updateAccount, type AccountKind } from './account-changes'
import { createAccountRepository } from './account-repository'
import {
  loginTaken,
  staffChange,
  type AccountChange,
  type StaffAdminDeps,
} from './staff-admin-deps'
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

/** What resetting a colleague needs beyond the other changes to staff. */
export interface ColleagueResetDeps {
  /** 403 `password_wrong` unless this is the manager's password (counted as a sign-in's). */
  confirmPassword: (managerId: string, password: string, field: string) => Promise<void>
}

const notOwnAccount = (what: string) =>
  new HttpError(
    409,
    'cannot_reset_self',
    `Your own ${what} is changed in your account, with your current password.`,
  )

export type NewStaffMember =
  | { role: 'manager'; name: string; login: string; password: string }
  | { role: 'kitchen'; name: string; login: string; pin: string }

const lastActiveManager = () =>
  new HttpError(
    409,
    'last_active_manager',
    'The restaurant would be left without an active manager.',
    [{ path: 'body.active', message: 'The last active manager stays' }],
  )

/**
 * The manager's fellow managers and kitchen logins (decision 0068): added, renamed, deactivated
 * (signed out everywhere) or brought back; a kitchen login gets a new PIN. A manager cannot
 * deactivate themself, and every change runs with the restaurant's row held and only while the
 * asking manager is still active (decision 0075), so two managers deactivating each other at
 * once leave one: a restaurant always keeps a manager who can sign in.
 */
export function createStaffMemberService({
  db,
  audit,
  hashSecret,
  confirmPassword,
  now = () => new Date(),
}: StaffAdminDeps & ColleagueResetDeps & { db: Kysely<Database> }) {
  const repository = createStaffMemberRepository(db)
  const rows = createAccountRepository(db)
  const sessions = createStaffRepository(db)
  const change = staffChange(db, rows)
  const flows = { rows, change, audit, now }
  const members: AccountKind<AdminStaffMember, StaffRole> = {
    table: 'staff',
    find: (manager, id, trx) => repository.find(manager.restaurantId, manager.id, id, trx),
    entity: (member) => member.role,
    audited,
    endSessions: (id, at, trx) => sessions.revokeAllSessions(id, at, trx),
    missing: noSuchAccount,
  }
  const kitchenLogins: AccountKind<AdminStaffMember, 'kitchen'> = {
    ...members,
    find: async (manager, id, trx) => {
      const member = await members.find(manager, id, trx)
      return member?.role === 'kitchen' ? member : undefined
    },
    entity: () => 'kitchen',
    missing: () => notFound('No such kitchen login here.'),
  }

  /**
   * A change to another manager's sign-in (password, TOTP) under the restaurant's lock, then
   * every sign-in of theirs ended and the audit written, all in one transaction.
   */
  const resetManager = (
    manager: Manager,
    staffId: string,
    action: 'reset_password' | 'reset_totp',
    work: (member: AdminStaffMember, trx: Transaction<Database>) => Promise<void>,
  ) =>
    change(manager, async (trx) => {
      const locked = await rows.lock('staff', manager.restaurantId, staffId, trx)
      const before =
        locked && (await repository.find(manager.restaurantId, manager.id, staffId, trx))
      if (!locked || before?.role !== 'manager') throw notFound('No such manager here.')
      await work(before, trx)
      const signedOut = await sessions.revokeAllSessions(staffId, now(), trx)
      const after = await repository.find(manager.restaurantId, manager.id, staffId, trx)
      await audit.record(trx, manager, {
        action,
        entity: 'manager',
        entityId: staffId,
        before: { ...audited(before), totpEnabled: before.totpEnabled },
        after: { ...audited(after), totpEnabled: after?.totpEnabled ?? false },
      })
      return { signedOut }
    })

  return {
    list: (manager: Manager) => repository.list(manager.restaurantId, manager.id),

    async create(manager: Manager, input: NewStaffMember): Promise<AdminStaffMember> {
      if (await rows.loginTaken('staff', manager.restaurantId, input.login)) throw loginTaken()
      const secretHash = await hashSecret(input.role === 'manager' ? input.password : input.pin)
      const role: StaffRole = input.role
      return change(manager, async (trx) => {
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
      manager: Manager,
      staffId: string,
      asked: AccountChange,
    ): Promise<AdminStaffMember> {
      if (staffId === manager.id && asked.active === false) {
        throw new HttpError(
          409,
          'cannot_deactivate_self',
          'You cannot deactivate yourself: ask another manager.',
          [{ path: 'body.active', message: 'You cannot deactivate yourself' }],
        )
      }
      return updateAccount(flows, members, manager, staffId, asked, {
        check: (deactivated, activeManagers) => {
          if (deactivated && activeManagers.every((id) => id === staffId)) throw lastActiveManager()
        },
      })
    },

    /** A kitchen login's new PIN; its sessions end. */
    async resetKitchenPin(
      manager: Manager,
      staffId: string,
      pin: string,
    ): Promise<{ signedOut: number }> {
      const secretHash = await hashSecret(pin)
      const setPinHash = (id: string, hash: string, trx: Transaction<Database>) =>
        repository.setSecretHash(id, hash, trx)
      return resetPin(flows, { ...kitchenLogins, setPinHash }, manager, staffId, secretHash)
    },

    /**
     * Another manager's new password, to hand over in person (issue 27): asked for the acting
     * manager's own password first, so a stolen token alone cannot take a colleague's account
     * either. Every sign-in of the colleague ends; the audit says who did it.
     */
    async resetManagerPassword(
      manager: Manager,
      staffId: string,
      input: { password: string; yourPassword: string },
    ): Promise<{ signedOut: number }> {
      if (staffId === manager.id) throw notOwnAccount('password')
      await confirmPassword(manager.id, input.yourPassword, 'yourPassword')
      const secretHash = await hashSecret(input.password)
      return resetManager(manager, staffId, 'reset_password', async (member, trx) => {
        checkNewPassword(input.password, member.login, 'password')
        await sessions.setSecretHash(staffId, secretHash, trx)
      })
    },

    /** Another manager's TOTP off, for a lost phone: as a password reset, it ends their sign-ins. */
    async resetManagerTotp(
      manager: Manager,
      staffId: string,
      yourPassword: string,
    ): Promise<{ signedOut: number }> {
      if (staffId === manager.id) throw notOwnAccount('code at sign-in')
      await confirmPassword(manager.id, yourPassword, 'yourPassword')
      return resetManager(manager, staffId, 'reset_totp', async (_member, trx) => {
        await sessions.setTotpSecret(staffId, null, trx)
        await sessions.clearPendingTotp(staffId, trx)
      })
    },
  }
}

export type StaffMemberService = ReturnType<typeof createStaffMemberService>
