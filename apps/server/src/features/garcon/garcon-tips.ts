import type { FastifyInstance, FastifyRequest } from 'fastify'
import { sql, type Kysely } from 'kysely'
import type { Waiter } from '@tableside/contracts/garcon'
import {
  GARCON_TIPS_LISTED,
  getGarconTips,
  type TipsPeriod,
} from '@tableside/contracts/garcon-tips'
import type { EndpointResponse } from '@tableside/contracts/endpoint'
import type { Database } from '../../db/schema'
import { registerEndpoint } from '../../http/register-endpoint'

const TRUNCATE_TO: Record<TipsPeriod, 'day' | 'week' | 'month'> = {
  today: 'day',
  week: 'week',
  month: 'month',
}

/**
 * A waiter's tips: those of bill payments that went through while they served the table (the
 * payment names its waiter, decision 0015's tip rule), from the start of today, this week
 * (Monday) or this month in the restaurant's timezone. A refunded payment's tip is not theirs.
 */
export function createGarconTips(db: Kysely<Database>, now: () => Date = () => new Date()) {
  return async (
    waiter: Waiter,
    period: TipsPeriod,
  ): Promise<EndpointResponse<typeof getGarconTips>> => {
    const restaurant = await db
      .selectFrom('restaurants')
      .select(['timezone', 'currency'])
      .where('id', '=', waiter.restaurantId)
      .executeTakeFirstOrThrow()
    const at = now()
    // Midnight, Monday or the 1st where the restaurant is, as an instant.
    const start = await sql<{ from: Date }>`
      select date_trunc(${TRUNCATE_TO[period]}, ${at}::timestamptz at time zone ${restaurant.timezone})
        at time zone ${restaurant.timezone} as "from"
    `.execute(db)
    const from = start.rows[0]?.from ?? at
    const tips = db
      .selectFrom('tips as t')
      .innerJoin('payments as p', 'p.id', 't.paymentId')
      .where('t.waiterId', '=', waiter.id)
      .where('t.restaurantId', '=', waiter.restaurantId)
      .where('p.status', '=', 'succeeded')
      .where('t.createdAt', '>=', from)
      .where('t.createdAt', '<=', at)
    const [sums, rows] = await Promise.all([
      tips
        .select((eb) => [
          eb.fn.countAll<string | number>().as('count'),
          eb.fn.sum<string | number | null>('t.amount').as('total'),
        ])
        .executeTakeFirst(),
      tips
        .leftJoin('tableSessions as s', 's.id', 't.tableSessionId')
        .leftJoin('restaurantTables as rt', 'rt.id', 's.tableId')
        .select([
          't.id',
          't.amount',
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
        .limit(GARCON_TIPS_LISTED)
        .execute(),
    ])
    return {
      period,
      from: from.toISOString(),
      currency: restaurant.currency,
      total: Number(sums?.total ?? 0),
      count: Number(sums?.count ?? 0),
      tips: rows.map((row) => ({
        id: row.id,
        amount: row.amount,
        currency: row.currency.trim(),
        method: row.method,
        table:
          row.tableCode !== null && row.tableLabel !== null
            ? { code: row.tableCode, label: row.tableLabel }
            : null,
        createdAt: row.createdAt.toISOString(),
        rating: row.rating,
        comment: row.comment,
      })),
    }
  }
}

export function registerGarconTipRoutes(
  app: FastifyInstance,
  tipsOf: ReturnType<typeof createGarconTips>,
  requireWaiter: (request: FastifyRequest) => Promise<Waiter>,
): void {
  registerEndpoint(app, getGarconTips, async ({ query, request }) =>
    tipsOf(await requireWaiter(request), query.period ?? 'today'),
  )
}
