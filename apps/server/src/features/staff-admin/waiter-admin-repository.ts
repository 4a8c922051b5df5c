import type { Kysely, Transaction } from 'kysely'
import type { AdminWaiter } from '@tableside/contracts/admin-staff'
import type { Database } from '../../db/schema'

type Executor = Kysely<Database> | Transaction<Database>

const codes = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })
const names = new Intl.Collator('ru', { sensitivity: 'base' })

/** The SQL of the back office's waiters: their rows, tables and sessions (`account-rows.ts` has the rest). */
export function createWaiterAdminRepository(db: Kysely<Database>) {
  /** The restaurant's waiters as the manager sees them (one, with `waiterId`), active first. */
  const list = async (
    restaurantId: string,
    waiterId?: string,
    executor: Executor = db,
  ): Promise<AdminWaiter[]> => {
    let query = executor
      .selectFrom('waiters')
      .select(['id', 'name', 'login', 'active', 'onShift', 'createdAt'])
      .where('restaurantId', '=', restaurantId)
    if (waiterId) query = query.where('id', '=', waiterId)
    const waiters = await query.execute()
    if (waiters.length === 0) return []
    const tables = await executor
      .selectFrom('waiterTables as wt')
      .innerJoin('restaurantTables as t', 't.id', 'wt.tableId')
      .select(['wt.waiterId', 't.code', 't.label'])
      .where(
        'wt.waiterId',
        'in',
        waiters.map((waiter) => waiter.id),
      )
      .execute()
    return waiters
      .map((waiter) => ({
        id: waiter.id,
        name: waiter.name,
        login: waiter.login,
        active: waiter.active,
        onShift: waiter.active && waiter.onShift,
        tables: tables
          .filter((table) => table.waiterId === waiter.id)
          .map(({ code, label }) => ({ code, label }))
          .sort((a, b) => codes.compare(a.code, b.code)),
        createdAt: waiter.createdAt.toISOString(),
      }))
      .sort((a, b) => Number(b.active) - Number(a.active) || names.compare(a.name, b.name))
  }

  return {
    list,

    async find(restaurantId: string, waiterId: string, executor: Executor = db) {
      const [waiter] = await list(restaurantId, waiterId, executor)
      return waiter
    },

    /** The new waiter's id, or undefined when the login was taken meanwhile. */
    async insert(
      waiter: { restaurantId: string; name: string; login: string; pinHash: string },
      trx: Transaction<Database>,
    ): Promise<string | undefined> {
      const row = await trx
        .insertInto('waiters')
        .values(waiter)
        .onConflict((oc) => oc.columns(['restaurantId', 'login']).doNothing())
        .returning('id')
        .executeTakeFirst()
      return row?.id
    },

    /** Off shift and serving no table: what a deactivated waiter leaves behind. */
    async release(waiterId: string, at: Date, trx: Transaction<Database>): Promise<void> {
      await trx.deleteFrom('waiterTables').where('waiterId', '=', waiterId).execute()
      await trx
        .updateTable('waiters')
        .set({ onShift: false, shiftChangedAt: at })
        .where('id', '=', waiterId)
        .where('onShift', '=', true)
        .execute()
    },

    async setPinHash(waiterId: string, pinHash: string, trx: Transaction<Database>) {
      await trx.updateTable('waiters').set({ pinHash }).where('id', '=', waiterId).execute()
    },
  }
}

export type WaiterAdminRepository = ReturnType<typeof createWaiterAdminRepository>
