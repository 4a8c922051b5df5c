import type { Kysely, Transaction } from 'kysely'
import type { AdminStaffMember, StaffRole } from '@tableside/contracts/admin-staff'
import type { Database } from '../../db/schema'

type Executor = Kysely<Database> | Transaction<Database>

const names = new Intl.Collator('ru', { sensitivity: 'base' })

/** The SQL of the back office's managers and kitchen logins (`account-rows.ts` has the rest). */
export function createStaffMemberRepository(db: Kysely<Database>) {
  const list = async (
    restaurantId: string,
    askingManagerId: string,
    staffId?: string,
    executor: Executor = db,
  ): Promise<AdminStaffMember[]> => {
    let query = executor
      .selectFrom('staff')
      .select(['id', 'role', 'name', 'login', 'active', 'totpSecret', 'createdAt'])
      .where('restaurantId', '=', restaurantId)
    if (staffId) query = query.where('id', '=', staffId)
    const rows = await query.execute()
    return rows
      .map((row) => ({
        id: row.id,
        role: row.role,
        name: row.name,
        login: row.login,
        active: row.active,
        self: row.id === askingManagerId,
        totpEnabled: row.totpSecret !== null,
        createdAt: row.createdAt.toISOString(),
      }))
      .sort((a, b) => Number(b.active) - Number(a.active) || names.compare(a.name, b.name))
  }

  return {
    list,

    async find(restaurantId: string, askingManagerId: string, staffId: string, executor: Executor) {
      const [member] = await list(restaurantId, askingManagerId, staffId, executor)
      return member
    },

    /** The new account's id, or undefined when the login was taken meanwhile. */
    async insert(
      member: {
        restaurantId: string
        role: StaffRole
        name: string
        login: string
        secretHash: string
      },
      trx: Transaction<Database>,
    ): Promise<string | undefined> {
      const row = await trx
        .insertInto('staff')
        .values(member)
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst()
      return row?.id
    },

    async setSecretHash(staffId: string, secretHash: string, trx: Transaction<Database>) {
      await trx.updateTable('staff').set({ secretHash }).where('id', '=', staffId).execute()
    },
  }
}
