import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { Waiter } from '@tableside/contracts/garcon'
import {
  GARCON_TIPS_LISTED,
  getGarconTips,
  type TipsPeriod,
} from '@tableside/contracts/garcon-tips'
import type { EndpointResponse } from '@tableside/contracts/endpoint'
import type { Database } from '../../db/schema'
import { registerEndpoint } from '../../http/register-endpoint'
import { restaurantZoneAndCurrency } from '../restaurants/restaurant-repository'
import { createGarconTipsRepository } from './garcon-tips-repository'

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
  const repository = createGarconTipsRepository(db)
  return async (
    waiter: Waiter,
    period: TipsPeriod,
  ): Promise<EndpointResponse<typeof getGarconTips>> => {
    const restaurant = await restaurantZoneAndCurrency(db, waiter.restaurantId)
    const at = now()
    const from = (await repository.periodStart(TRUNCATE_TO[period], at, restaurant.timezone)) ?? at
    const { count, total, rows } = await repository.tipsOf(waiter, {
      from,
      to: at,
      limit: GARCON_TIPS_LISTED,
    })
    return {
      period,
      from: from.toISOString(),
      currency: restaurant.currency,
      total,
      count,
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
