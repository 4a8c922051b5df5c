import type { DayReport, PaidMethod, ReportQuery } from '@tableside/contracts/admin-reports'
import type { OrderType } from '@tableside/contracts/restaurants'
import type { LocalizedText } from '@tableside/contracts/text'
import type { ReportDaySummary } from '../../db/schema'
import { notFound } from '../../http/http-error'
import type { ReportRepository } from './report-repository'
import { checkReportRange, daysOf } from './report-range'

const TOP_DISHES = 10
const METHODS: readonly PaidMethod[] = ['cash', 'card', 'sbp']
const TYPES: readonly OrderType[] = ['dine_in', 'delivery', 'pickup', 'preorder']

/**
 * The day report of a range (decision 0072): orders by the day they were placed, restaurant
 * time; revenue is the money paid for those not cancelled, tips and points apart. Each day's
 * sums are kept and reused while the day's orders stay as they were (their number and latest
 * change); the days that changed, today among them as a rule, are summed again.
 */
export function createReportService(repository: ReportRepository) {
  return async (restaurantId: string, query: ReportQuery): Promise<DayReport> => {
    const { days } = checkReportRange(query)
    const window = await repository.window(restaurantId, query.from, query.to)
    if (!window) throw notFound('No such restaurant.')
    const [stamps, tips] = await Promise.all([
      repository.stamps(window, query.from, query.to),
      repository.tips(window),
    ])
    const kept = await repository.cached(
      window,
      stamps.map((stamp) => stamp.day),
    )
    const fresh = new Map<string, ReportDaySummary>()
    const cachedByDay = new Map(kept.map((row) => [row.day, row]))
    for (const stamp of stamps) {
      const row = cachedByDay.get(stamp.day)
      if (row?.fingerprint === stamp.fingerprint) fresh.set(stamp.day, row.summary)
    }
    const stale = stamps.filter((stamp) => !fresh.has(stamp.day))
    const summed = await repository.summarize(
      window,
      stale.map((stamp) => stamp.day),
    )
    await repository.store(
      window,
      stale.flatMap((stamp) => {
        const summary = summed.get(stamp.day)
        return summary ? [{ ...stamp, summary }] : []
      }),
    )
    for (const [day, summary] of summed) fresh.set(day, summary)
    return assemble(query, days, window, [...fresh.entries()], tips, repository, restaurantId)
  }
}

async function assemble(
  query: ReportQuery,
  days: number,
  window: { timezone: string; currency: string },
  summaries: [string, ReportDaySummary][],
  tips: Awaited<ReturnType<ReportRepository['tips']>>,
  repository: ReportRepository,
  restaurantId: string,
): Promise<DayReport> {
  const sum = (pick: (summary: ReportDaySummary) => number) =>
    summaries.reduce((total, [, summary]) => total + pick(summary), 0)
  /** A column of a day's list, for the rows whose first item is `key`. */
  const listed = <Row extends readonly unknown[]>(
    pick: (summary: ReportDaySummary) => readonly Row[],
    key: Row[0],
    index: number,
  ) =>
    sum((summary) =>
      pick(summary)
        .filter((row) => row[0] === key)
        .reduce((total, row) => total + Number(row[index]), 0),
    )
  const ofType = (type: OrderType, index: 1 | 2) => listed((s) => s.byType, type, index)
  const byMethod = METHODS.map((method) => {
    const gross = method === 'cash' ? sum((s) => s.cash) : listed((s) => s.online, method, 1)
    const orders = method === 'cash' ? sum((s) => s.cashOrders) : listed((s) => s.online, method, 2)
    const refunded = listed((s) => s.refunds, method, 1)
    return { method, amount: gross - refunded, gross, refunded, orders }
  })
  const reasons = new Map<string, DayReport['refunds']['byReason'][number]>()
  for (const [, summary] of summaries) {
    for (const [kind, reason, amount, orders] of summary.reasons) {
      const key = JSON.stringify([kind, reason])
      const row = reasons.get(key) ?? { kind, reason, amount: 0, orders: 0 }
      row.amount += amount
      row.orders += orders
      reasons.set(key, row)
    }
  }
  const refundsByMethod = METHODS.flatMap((method) => {
    const amount = listed((s) => s.refunds, method, 1)
    return amount === 0 ? [] : [{ method, amount, orders: listed((s) => s.refunds, method, 2) }]
  })
  const gross = byMethod.reduce((total, row) => total + row.gross, 0)
  const refunded = byMethod.reduce((total, row) => total + row.refunded, 0)
  const paidOrders = sum((s) => s.paidOrders)
  const count = sum((s) => s.orders)
  const dishes = new Map<string, { quantity: number; revenue: number; name: LocalizedText }>()
  for (const [, summary] of summaries) {
    for (const [dishId, quantity, revenue, name] of summary.dishes) {
      const dish = dishes.get(dishId) ?? { quantity: 0, revenue: 0, name }
      dish.quantity += quantity
      dish.revenue += revenue
      dishes.set(dishId, dish)
    }
  }
  const top = [...dishes.entries()]
    .sort(
      ([idA, a], [idB, b]) =>
        b.quantity - a.quantity || b.revenue - a.revenue || (idA < idB ? -1 : idA > idB ? 1 : 0),
    )
    .slice(0, TOP_DISHES)
  const names = await repository.dishNames(
    restaurantId,
    top.map(([dishId]) => dishId),
  )
  const perDay = new Map(summaries)
  return {
    from: query.from,
    to: query.to,
    timezone: window.timezone,
    currency: window.currency,
    revenue: {
      total: gross - refunded,
      gross,
      refunded,
      byMethod,
      pointsSpent: sum((s) => s.points),
      outstanding: sum((s) => s.outstanding),
    },
    refunds: {
      total: refunded,
      orders: sum((s) => s.refundOrders),
      pointsReturned: sum((s) => s.pointsReturned),
      pointsTakenBack: sum((s) => s.pointsTakenBack),
      byMethod: refundsByMethod,
      byReason: [...reasons.values()].sort(
        (a, b) => b.amount - a.amount || a.kind.localeCompare(b.kind),
      ),
    },
    orders: {
      count,
      cancelled: sum((s) => s.cancelled),
      paid: paidOrders,
      averageBill: paidOrders === 0 ? 0 : Math.round(sum((s) => s.paidTotal) / paidOrders),
      byType: TYPES.flatMap((type) => {
        const orders = ofType(type, 1)
        return orders === 0 ? [] : [{ type, count: orders, total: ofType(type, 2) }]
      }),
    },
    tips: {
      total: tips.reduce((total, row) => total + Number(row.total), 0),
      refunded: tips.reduce((total, row) => total + Number(row.refunded), 0),
      count: tips.reduce((total, row) => total + row.count, 0),
      byWaiter: tips.map((row) => ({
        waiter: row.waiterId !== null ? { id: row.waiterId, name: row.waiterName ?? '' } : null,
        count: row.count,
        total: Number(row.total),
        refunded: Number(row.refunded),
        averageRating: row.averageRating === null ? null : Math.round(row.averageRating * 10) / 10,
      })),
    },
    topDishes: top.map(([dishId, dish]) => ({
      dishId,
      name: names.get(dishId) ?? dish.name,
      quantity: dish.quantity,
      revenue: dish.revenue,
    })),
    days: daysOf(query.from, days).map((date) => ({
      date,
      revenue: perDay.get(date)?.revenue ?? 0,
      orders: perDay.get(date)?.orders ?? 0,
    })),
  }
}

export type ReportService = ReturnType<typeof createReportService>
