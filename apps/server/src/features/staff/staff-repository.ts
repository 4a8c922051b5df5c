import type { Kysely, Transaction } from 'kysely'
import type { Database, StaffRole } from '../../db/schema'

type Executor = Kysely<Database> | Transaction<Database>

export interface StaffAccount {
  id: string
  restaurantId: string
  role: StaffRole
  name: string
  login: string
  secretHash: string
  totpSecret: string | null
}

/** A sign-in as its owner sees it in their sessions list. */
export interface StaffSessionRow {
  id: string
  tokenHash: string
  createdAt: Date
  lastUsedAt: Date | null
  expiresAt: Date
  userAgent: string | null
  address: string | null
}

export interface NewStaff {
  restaurantId: string
  role: StaffRole
  name: string
  login: string
  secretHash: string
}

/** All the SQL of managers, kitchen staff and their sign-ins. */
export function createStaffRepository(db: Kysely<Database>) {
  const accountColumns = [
    'staff.id',
    'staff.restaurantId',
    'staff.role',
    'staff.name',
    'staff.login',
    'staff.secretHash',
    'staff.totpSecret',
  ] as const

  return {
    async add(account: NewStaff, executor: Executor = db): Promise<string> {
      const { id } = await executor
        .insertInto('staff')
        .values(account)
        .returning('id')
        .executeTakeFirstOrThrow()
      return id
    },

    findActiveByLogin(
      restaurantId: string,
      role: StaffRole,
      login: string,
    ): Promise<StaffAccount | undefined> {
      return db
        .selectFrom('staff')
        .select(accountColumns)
        .where('restaurantId', '=', restaurantId)
        .where('role', '=', role)
        .where('login', '=', login)
        .where('active', '=', true)
        .executeTakeFirst()
    },

    findActive(id: string): Promise<StaffAccount | undefined> {
      return db
        .selectFrom('staff')
        .select(accountColumns)
        .where('id', '=', id)
        .where('active', '=', true)
        .executeTakeFirst()
    },

    /** The account with this login at the restaurant, whatever its role or state. */
    findByLogin(restaurantId: string, login: string) {
      return db
        .selectFrom('staff')
        .select('id')
        .where('restaurantId', '=', restaurantId)
        .where('login', '=', login)
        .executeTakeFirst()
    },

    async startSession(
      session: { tokenHash: string; staffId: string; createdAt: Date; expiresAt: Date },
      executor: Executor = db,
    ): Promise<void> {
      await executor
        .insertInto('staffSessions')
        .values({ ...session, revokedAt: null })
        .execute()
    },

    async deleteEndedSessions(staffId: string, at: Date): Promise<void> {
      await db
        .deleteFrom('staffSessions')
        .where('staffId', '=', staffId)
        .where((eb) => eb.or([eb('expiresAt', '<=', at), eb('revokedAt', 'is not', null)]))
        .execute()
    },

    /** The active account of `role` whose unexpired, unrevoked session has this token hash. */
    findBySession(tokenHash: string, role: StaffRole, at: Date) {
      return db
        .selectFrom('staffSessions')
        .innerJoin('staff', 'staff.id', 'staffSessions.staffId')
        .select(['staff.id', 'staff.restaurantId', 'staff.name', 'staffSessions.lastUsedAt'])
        .where('staffSessions.tokenHash', '=', tokenHash)
        .where('staffSessions.expiresAt', '>', at)
        .where('staffSessions.revokedAt', 'is', null)
        .where('staff.role', '=', role)
        .where('staff.active', '=', true)
        .executeTakeFirst()
    },

    async touchSession(tokenHash: string, at: Date): Promise<void> {
      await db
        .updateTable('staffSessions')
        .set({ lastUsedAt: at })
        .where('tokenHash', '=', tokenHash)
        .execute()
    },

    async revokeSession(tokenHash: string, at: Date): Promise<number> {
      const result = await db
        .updateTable('staffSessions')
        .set({ revokedAt: at })
        .where('tokenHash', '=', tokenHash)
        .where('revokedAt', 'is', null)
        .executeTakeFirst()
      return Number(result.numUpdatedRows)
    },

    /** Ends every session of an account: deactivated, or its secret reset. */
    async revokeAllSessions(staffId: string, at: Date, executor: Executor = db): Promise<number> {
      const result = await executor
        .updateTable('staffSessions')
        .set({ revokedAt: at })
        .where('staffId', '=', staffId)
        .where('revokedAt', 'is', null)
        .where('expiresAt', '>', at)
        .executeTakeFirst()
      return Number(result.numUpdatedRows)
    },

    async setTotpSecret(
      staffId: string,
      secret: string | null,
      executor: Executor = db,
    ): Promise<void> {
      await executor
        .updateTable('staff')
        .set({ totpSecret: secret })
        .where('id', '=', staffId)
        .execute()
    },

    async setSecretHash(staffId: string, secretHash: string, executor: Executor = db) {
      await executor.updateTable('staff').set({ secretHash }).where('id', '=', staffId).execute()
    },

    /** The browser and address a sign-in came from, written once just after it starts. */
    async describeSession(
      tokenHash: string,
      device: { userAgent: string | null; address: string | null },
    ): Promise<void> {
      await db.updateTable('staffSessions').set(device).where('tokenHash', '=', tokenHash).execute()
    },

    /** Keeps a TOTP secret being set up with the sign-in that asked for it. */
    async setPendingTotp(tokenHash: string, secret: string, until: Date): Promise<void> {
      await db
        .updateTable('staffSessions')
        .set({ totpPendingSecret: secret, totpPendingUntil: until })
        .where('tokenHash', '=', tokenHash)
        .execute()
    },

    /** The secret this sign-in was issued to set up, while it is still good. */
    async pendingTotp(tokenHash: string, at: Date): Promise<string | undefined> {
      const row = await db
        .selectFrom('staffSessions')
        .select('totpPendingSecret')
        .where('tokenHash', '=', tokenHash)
        .where('totpPendingUntil', '>', at)
        .executeTakeFirst()
      return row?.totpPendingSecret ?? undefined
    },

    /** Forgets every secret being set up by the account's sign-ins. */
    async clearPendingTotp(staffId: string, executor: Executor = db): Promise<void> {
      await executor
        .updateTable('staffSessions')
        .set({ totpPendingSecret: null, totpPendingUntil: null })
        .where('staffId', '=', staffId)
        .where('totpPendingSecret', 'is not', null)
        .execute()
    },

    /** Ends every sign-in of the account but the one with `keepTokenHash`. */
    async revokeOtherSessions(
      staffId: string,
      keepTokenHash: string,
      at: Date,
      executor: Executor = db,
    ): Promise<number> {
      const result = await executor
        .updateTable('staffSessions')
        .set({ revokedAt: at })
        .where('staffId', '=', staffId)
        .where('tokenHash', '!=', keepTokenHash)
        .where('revokedAt', 'is', null)
        .where('expiresAt', '>', at)
        .executeTakeFirst()
      return Number(result.numUpdatedRows)
    },

    /** The account's sign-ins still in force, newest first. */
    liveSessions(staffId: string, at: Date): Promise<StaffSessionRow[]> {
      return db
        .selectFrom('staffSessions')
        .select(['id', 'tokenHash', 'createdAt', 'lastUsedAt', 'expiresAt', 'userAgent', 'address'])
        .where('staffId', '=', staffId)
        .where('revokedAt', 'is', null)
        .where('expiresAt', '>', at)
        .orderBy('createdAt', 'desc')
        .orderBy('id')
        .execute()
    },

    /** Ends one sign-in of the account by its id: 0 when it has no such live one. */
    async revokeSessionById(staffId: string, id: string, at: Date): Promise<number> {
      const result = await db
        .updateTable('staffSessions')
        .set({ revokedAt: at })
        .where('staffId', '=', staffId)
        .where('id', '=', id)
        .where('revokedAt', 'is', null)
        .where('expiresAt', '>', at)
        .executeTakeFirst()
      return Number(result.numUpdatedRows)
    },
  }
}

export type StaffRepository = ReturnType<typeof createStaffRepository>
