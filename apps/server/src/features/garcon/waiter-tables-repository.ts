import { sql, type Kysely, type Transaction } from 'kysely'
import type { LocalizedText } from '@tableside/contracts/text'
import type { Database } from '../../db/schema'

type Executor = Kysely<Database> | Transaction<Database>

export interface TableInService {
  id: string
  code: string
  label: string
  zone: LocalizedText | null
}

export interface Assignment {
  tableId: string
  waiterId: string
  waiterName: string
}

/** All the SQL of who serves which table and who is on shift. */
export function createWaiterTablesRepository(db: Kysely<Database>) {
  return {
    /** The restaurant's enabled tables, in no particular order. */
    tablesInService(restaurantId: string, executor: Executor = db): Promise<TableInService[]> {
      return executor
        .selectFrom('restaurantTables')
        .select(['id', 'code', 'label', 'zone'])
        .where('restaurantId', '=', restaurantId)
        .where('enabled', '=', true)
        .execute()
    },

    /** Who serves the restaurant's tables (active waiters only), earliest assignment first. */
    assignments(restaurantId: string, executor: Executor = db): Promise<Assignment[]> {
      return executor
        .selectFrom('waiterTables as wt')
        .innerJoin('waiters as w', 'w.id', 'wt.waiterId')
        .select(['wt.tableId', 'wt.waiterId', 'w.name as waiterName'])
        .where('w.restaurantId', '=', restaurantId)
        .where('w.active', '=', true)
        .orderBy('wt.assignedAt')
        .orderBy('w.name')
        .execute()
    },

    async onShift(waiterId: string, executor: Executor = db): Promise<boolean> {
      const row = await executor
        .selectFrom('waiters')
        .select('onShift')
        .where('id', '=', waiterId)
        .executeTakeFirstOrThrow()
      return row.onShift
    },

    /** Holds the waiter's row to the end of `trx`: one change of their tables at a time. */
    async lockWaiter(waiterId: string, trx: Transaction<Database>): Promise<void> {
      await trx
        .selectFrom('waiters')
        .select('id')
        .where('id', '=', waiterId)
        .forNoKeyUpdate()
        .execute()
    },

    /**
     * The enabled tables of the restaurant with these codes (in any case), each held to the end
     * of `trx` so that two waiters taking one table take it one after the other. Locked in id
     * order, so two lists that overlap cannot wait for each other.
     */
    lockTables(
      restaurantId: string,
      codes: readonly string[],
      trx: Transaction<Database>,
    ): Promise<TableInService[]> {
      if (codes.length === 0) return Promise.resolve([])
      const lowered = codes.map((code) => code.toLowerCase())
      return trx
        .selectFrom('restaurantTables')
        .select(['id', 'code', 'label', 'zone'])
        .where('restaurantId', '=', restaurantId)
        .where('enabled', '=', true)
        .where(sql<string>`lower(code)`, 'in', lowered)
        .orderBy('id')
        .forNoKeyUpdate()
        .execute()
    },

    /** Every other waiter's assignment of these tables (active or not). */
    othersAt(
      tableIds: readonly string[],
      waiterId: string,
      trx: Transaction<Database>,
    ): Promise<(Assignment & { active: boolean })[]> {
      if (tableIds.length === 0) return Promise.resolve([])
      return trx
        .selectFrom('waiterTables as wt')
        .innerJoin('waiters as w', 'w.id', 'wt.waiterId')
        .select(['wt.tableId', 'wt.waiterId', 'w.name as waiterName', 'w.active'])
        .where('wt.tableId', 'in', tableIds)
        .where('wt.waiterId', '<>', waiterId)
        .orderBy('wt.assignedAt')
        .execute()
    },

    /** Makes the waiter's tables exactly `tableIds`, taking them from whoever had them. */
    async assignExactly(
      waiterId: string,
      tableIds: readonly string[],
      trx: Transaction<Database>,
    ): Promise<void> {
      let dropped = trx.deleteFrom('waiterTables').where('waiterId', '=', waiterId)
      if (tableIds.length > 0) dropped = dropped.where('tableId', 'not in', tableIds)
      await dropped.execute()
      if (tableIds.length === 0) return
      await trx
        .deleteFrom('waiterTables')
        .where('tableId', 'in', tableIds)
        .where('waiterId', '<>', waiterId)
        .execute()
      await trx
        .insertInto('waiterTables')
        .values(tableIds.map((tableId) => ({ waiterId, tableId })))
        .onConflict((conflict) => conflict.columns(['waiterId', 'tableId']).doNothing())
        .execute()
    },

    /** Starts or ends the waiter's shift; the time changes only when the shift does. */
    async setShift(waiterId: string, onShift: boolean, at: Date): Promise<void> {
      await db
        .updateTable('waiters')
        .set({ onShift, shiftChangedAt: at })
        .where('id', '=', waiterId)
        .where('onShift', '<>', onShift)
        .execute()
    },

    /** Active waiters on shift who serve this table. */
    async servingOnShift(tableId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('waiterTables as wt')
        .innerJoin('waiters as w', 'w.id', 'wt.waiterId')
        .select('w.id')
        .where('wt.tableId', '=', tableId)
        .where('w.active', '=', true)
        .where('w.onShift', '=', true)
        .execute()
      return rows.map((row) => row.id)
    },

    /** The restaurant's active waiters, or only those on shift. */
    async waiters(restaurantId: string, only: 'on shift' | 'all'): Promise<string[]> {
      let query = db
        .selectFrom('waiters')
        .select('id')
        .where('restaurantId', '=', restaurantId)
        .where('active', '=', true)
      if (only === 'on shift') query = query.where('onShift', '=', true)
      return (await query.execute()).map((row) => row.id)
    },
  }
}

export type WaiterTablesRepository = ReturnType<typeof createWaiterTablesRepository>
