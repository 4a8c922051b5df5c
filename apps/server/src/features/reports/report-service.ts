import type { DayReport, PaidMethod, ReportQuery } from '@tableside/contracts/admin-reports'
import { notFound } from '../../http/http-error'
import type { ReportRepository } from './report-repository'
import { checkReportRange, daysOf } from './report-range'

const TOP_DISHES = 10
const METHODS: readonly PaidMethod[] = ['cash', 'card', 'sbp']

/**
 * The day report of a range (decision 0072): orders by the day they were placed, restaurant
 * time; revenue is the money paid for those not cancelled, tips and points apart.
 */
export function createReportService(repository: ReportRepository) {
  return async (restaurantId: string, query: ReportQuery): Promise<DayReport> => {
    const { days } = checkReportRange(query)
    const window = await repository.window(restaurantId, query.from, query.to)
    if (!window) throw notFound('No such restaurant.')
    const [money, dishes, tips] = await Promise.all([
      repository.money(window),
      repository.topDishes(window, TOP_DISHES),
      repository.tips(window),
    ])
    const online = new Map((money.online ?? []).map((row) => [row.method, row]))
    const byMethod = METHODS.map((method) =>
      method === 'cash'
        ? { method, amount: Number(money.cash), orders: money.cashOrders }
        : {
            method,
            amount: online.get(method)?.amount ?? 0,
            orders: online.get(method)?.orders ?? 0,
          },
    )
    const perDay = new Map((money.days ?? []).map((day) => [day.date, day]))
    const tipTotal = tips.reduce((sum, row) => sum + Number(row.total), 0)
    return {
      from: query.from,
      to: query.to,
      timezone: window.timezone,
      currency: window.currency,
      revenue: {
        total: byMethod.reduce((sum, row) => sum + row.amount, 0),
        byMethod,
        pointsSpent: Number(money.points),
        outstanding: Number(money.outstanding),
      },
      orders: {
        count: money.ordersCount,
        cancelled: money.cancelled,
        averageBill:
          money.ordersCount === 0 ? 0 : Math.round(Number(money.totalDue) / money.ordersCount),
        byType: (money.byType ?? []).map((row) => ({
          type: row.type,
          count: row.count,
          total: row.total,
        })),
      },
      tips: {
        total: tipTotal,
        count: tips.reduce((sum, row) => sum + row.count, 0),
        byWaiter: tips.map((row) => ({
          waiter: row.waiterId !== null ? { id: row.waiterId, name: row.waiterName ?? '' } : null,
          count: row.count,
          total: Number(row.total),
          averageRating:
            row.averageRating === null ? null : Math.round(row.averageRating * 10) / 10,
        })),
      },
      topDishes: dishes.map((row) => ({
        dishId: row.dishId,
        name: row.name ?? { ru: row.dishId },
        quantity: Number(row.quantity),
        revenue: Number(row.revenue),
      })),
      days: daysOf(query.from, days).map((date) => ({
        date,
        revenue: perDay.get(date)?.revenue ?? 0,
        orders: perDay.get(date)?.orders ?? 0,
      })),
    }
  }
}

export type ReportService = ReturnType<typeof createReportService>
