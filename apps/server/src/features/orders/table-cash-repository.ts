import type { Insertable, Kysely, Selectable } from 'kysely'
import type { TableCashSettlement } from '@tableside/contracts/garcon-floor'
import type { Database, TableCashSettlementsTable } from '../../db/schema'

export type TableCashSettlementRow = Selectable<TableCashSettlementsTable>

export const toTableCashSettlement = (row: TableCashSettlementRow): TableCashSettlement => ({
  sessionId: row.tableSessionId,
  amount: row.amount,
  currency: row.currency.trim(),
  orderNumbers: row.orderNumbers,
  at: row.createdAt.toISOString(),
})

/** The SQL of a waiter's cash for a whole table (decision 0044); `db` is the caller's transaction. */
export function createTableCashRepository(db: Kysely<Database>) {
  return {
    /** The session, locked to the end of the transaction: its orders and payments wait. */
    lockSession(sessionId: string) {
      return db
        .selectFrom('tableSessions')
        .select(['id', 'restaurantId', 'closedAt'])
        .where('id', '=', sessionId)
        .forUpdate()
        .executeTakeFirst()
    },

    findByKey(restaurantId: string, key: string): Promise<TableCashSettlementRow | undefined> {
      return db
        .selectFrom('tableCashSettlements')
        .selectAll()
        .where('restaurantId', '=', restaurantId)
        .where('idempotencyKey', '=', key)
        .executeTakeFirst()
    },

    insert(settlement: Insertable<TableCashSettlementsTable>): Promise<TableCashSettlementRow> {
      return db
        .insertInto('tableCashSettlements')
        .values(settlement)
        .returningAll()
        .executeTakeFirstOrThrow()
    },
  }
}
