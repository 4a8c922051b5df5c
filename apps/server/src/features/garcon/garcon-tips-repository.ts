import { sql, type Kysely } from 'kysely'
import type { Database } from '../../db/schema'

/** The SQL of a waiter's tips: read from the payments' tips (decision 0015's tip rule). */
export function createGarconTipsRepository(db: Kysely<Database>) {
  return {
    /** Midnight, Monday or the 1st (`unit`) where the restaurant is, as an instant. */
    async periodStart(
      unit: 'day' | 'week' | 'month',
      at: Date,
      timezone: string,
    ): Promise<Date | undefined> {
      const start = await sql<{ from: Date }>`
        select date_trunc(${unit}, ${at}::timestamptz at time zone ${timezone})
          at time zone ${timezone} as "from"
      `.execute(db)
      return start.rows[0]?.from
    },

    /**
     * The count and sum of the waiter's tips of payments that went through between `from` and
     * `to` (a payment refunded since keeps its tip unless the tip itself was refunded), net of
     * tip refunds (decision 0119), and the latest `limit` of them with their table. A tip
     * refunded whole no longer counts.
     */
    async tipsOf(
      waiter: { id: string; restaurantId: string },
      { from, to, limit }: { from: Date; to: Date; limit: number },
    ) {
      const tips = db
        .selectFrom('tips as t')
        .innerJoin('payments as p', 'p.id', 't.paymentId')
        .where('t.waiterId', '=', waiter.id)
        .where('t.restaurantId', '=', waiter.restaurantId)
        .where('p.status', 'in', ['succeeded', 'refunded'])
        .where((eb) => eb('t.refundedAmount', '<', eb.ref('t.amount')))
        .where('t.createdAt', '>=', from)
        .where('t.createdAt', '<=', to)
      const [sums, rows] = await Promise.all([
        tips
          .select((eb) => [
            eb.fn.countAll<string | number>().as('count'),
            eb.fn
              .sum<string | number | null>(eb('t.amount', '-', eb.ref('t.refundedAmount')))
              .as('total'),
          ])
          .executeTakeFirst(),
        tips
          .leftJoin('tableSessions as s', 's.id', 't.tableSessionId')
          .leftJoin('restaurantTables as rt', 'rt.id', 's.tableId')
          .select([
            't.id',
            sql<number>`t.amount - t.refunded_amount`.as('amount'),
            't.currency',
            't.createdAt',
            't.rating',
            't.comment',
            'p.method',
            'rt.code as tableCode',
            'rt.label as tableLabel',
          ])
          .orderBy('t.createdAt', 'desc')
          .orderBy('t.id')
          .limit(limit)
          .execute(),
      ])
      return { count: Number(sums?.count ?? 0), total: Number(sums?.total ?? 0), rows }
    },
  }
}
