import { sql, type Kysely, type Transaction } from 'kysely'
import type { Database } from '../../db/schema'

type Db = Kysely<Database> | Transaction<Database>

/** The whole server's count among the restaurants' (a restaurant's id is never empty). */
export const SERVER_SCOPE = ''

/** Days of counts kept per scope: what the back office may one day show of past days. */
const DAYS_KEPT = 30

/** A budget on the day `at` falls on, and when that day ends. */
export interface BudgetDay {
  day: string
  budget: number
  endsAt: Date
}

/** All the SQL of the daily SMS budgets (migration 0043, decision 0109). */
export function createSmsBudgetRepository(db: Kysely<Database>) {
  return {
    /**
     * The restaurant's budget and its day at `at` in its time zone, read from its row (not a
     * node's cache: a manager's change holds on every node at once); undefined: no restaurant.
     */
    restaurantDay(restaurantId: string, at: Date, executor: Db = db) {
      const local = sql`(${at}::timestamptz at time zone timezone)::date`
      return executor
        .selectFrom('restaurants')
        .select([
          'smsDailyBudget as budget',
          sql<string>`to_char(${local}, 'YYYY-MM-DD')`.as('day'),
          sql<Date>`(${local} + 1)::timestamp at time zone timezone`.as('endsAt'),
        ])
        .where('id', '=', restaurantId)
        .executeTakeFirst() satisfies Promise<BudgetDay | undefined>
    },

    /**
     * One more code on the scope's day unless the budget is spent: the day's count with it, or
     * undefined. One statement, a compare-and-set on the day's row: of requests at once on any
     * node, exactly `budget` get a count.
     */
    async take(executor: Db, scope: string, day: string, budget: number) {
      const row = await executor
        .insertInto('smsDailySends')
        .values({ scope, day, sent: 1 })
        .onConflict((oc) =>
          oc
            .columns(['scope', 'day'])
            .doUpdateSet({ sent: sql<number>`sms_daily_sends.sent + 1` })
            .where('smsDailySends.sent', '<', budget),
        )
        .returning('sent')
        .executeTakeFirst()
      return row?.sent
    },

    /** A code that was never sent gives its count back. */
    async giveBack(executor: Db, scope: string, day: string): Promise<void> {
      await executor
        .updateTable('smsDailySends')
        .set({ sent: sql<number>`sent - 1` })
        .where('scope', '=', scope)
        .where('day', '=', day)
        .where('sent', '>', 0)
        .execute()
    },

    /** Codes sent on the scope's day. */
    async sent(scope: string, day: string): Promise<number> {
      const row = await db
        .selectFrom('smsDailySends')
        .select('sent')
        .where('scope', '=', scope)
        .where('day', '=', day)
        .executeTakeFirst()
      return row?.sent ?? 0
    },

    /**
     * Marks that the managers were told the day reached `level` (`sent` at least `threshold`):
     * the day's count for the one caller that marked it (compare-and-set), else undefined.
     */
    async markTold(
      scope: string,
      day: string,
      level: 'nearlySpentAt' | 'spentAt',
      threshold: number,
      at: Date,
      executor: Db = db,
    ): Promise<number | undefined> {
      const row = await executor
        .updateTable('smsDailySends')
        .set({ [level]: at })
        .where('scope', '=', scope)
        .where('day', '=', day)
        .where(level, 'is', null)
        .where('sent', '>=', threshold)
        .returning('sent')
        .executeTakeFirst()
      return row?.sent
    },

    /** The scope's counts of days long gone. */
    async forgetOldDays(scope: string, day: string): Promise<void> {
      await db
        .deleteFrom('smsDailySends')
        .where('scope', '=', scope)
        .where('day', '<', sql<string>`${day}::date - ${DAYS_KEPT}::int`)
        .execute()
    },
  }
}

export type SmsBudgetRepository = ReturnType<typeof createSmsBudgetRepository>
