import { sql, type Kysely, type Transaction } from 'kysely'
import type { LocalizedText } from '@tableside/contracts/text'
import type { OrderType } from '@tableside/contracts/restaurants'
import type { PaidMethod } from '@tableside/contracts/admin-reports'
import type { Database } from '../../db/schema'

/** A range of a restaurant's days as instants: `[start, end)`. */
export interface ReportWindow {
  restaurantId: string
  start: Date
  end: Date
  timezone: string
  currency: string
}

/** A `bigint` sum: the driver gives it as a string. */
type BigSum = string | number

interface MoneyRow {
  ordersCount: number
  cancelled: number
  totalDue: BigSum
  outstanding: BigSum
  points: BigSum
  cash: BigSum
  cashOrders: number
  byType: { type: OrderType; count: number; total: number }[] | null
  online: { method: PaidMethod; amount: number; orders: number }[] | null
  days: { date: string; revenue: number; orders: number }[] | null
}

interface DishRow {
  dishId: string
  quantity: BigSum
  revenue: BigSum
  name: LocalizedText | null
}

interface TipRow {
  waiterId: string | null
  waiterName: string | null
  count: number
  total: BigSum
  averageRating: number | null
}

/**
 * The report's SQL (decision 0072). Three statements the service runs side by side: money and
 * orders, top dishes, tips. Aggregates over jsonb (allocations, lines) are not expressible in
 * the query builder, so these are written in SQL with their row types here, beside them.
 */
export function createReportRepository(db: Kysely<Database>) {
  /**
   * One statement of the report in its own transaction with settings of its own: no JIT (its
   * compiling cost over a second on 100,000 orders, more than the query) and room to sort and
   * hash in memory.
   */
  const tuned = <T>(query: (executor: Transaction<Database>) => Promise<T>): Promise<T> =>
    db.transaction().execute(async (trx) => {
      await sql`set local jit = off`.execute(trx)
      await sql`set local work_mem = '32MB'`.execute(trx)
      return query(trx)
    })

  return {
    /** Midnight of `date` and of the day after `to` where the restaurant is, as instants. */
    async window(
      restaurantId: string,
      from: string,
      to: string,
    ): Promise<ReportWindow | undefined> {
      const result = await sql<{ start: Date; end: Date; timezone: string; currency: string }>`
        select (${from}::date)::timestamp at time zone r.timezone as start,
          (${to}::date + 1)::timestamp at time zone r.timezone as "end", r.timezone, trim(r.currency) as currency
        from restaurants r where r.id = ${restaurantId}
      `.execute(db)
      const row = result.rows[0]
      return row && { restaurantId, ...row }
    },

    /**
     * Orders placed in the window: counts, totals by type, and the money paid for those not
     * cancelled, by method. Online money is what succeeded payments allocated to each order
     * less the points in it; cash is the rest of what the order counts as paid (`paid_amount`
     * holds money and a bill payment's points alike).
     */
    async money(window: ReportWindow): Promise<MoneyRow> {
      const { restaurantId, start, end, timezone } = window
      const result = await tuned((trx) =>
        sql<MoneyRow>`
        with placed as (
          select id, type, status, total, paid_amount, bonus_points, table_session_id,
            (placed_at at time zone ${timezone})::date as day
          from orders
          where restaurant_id = ${restaurantId} and placed_at >= ${start} and placed_at < ${end}
        ), kept as (
          select * from placed where status <> 'cancelled'
        ), paying as (
          select p.method, p.allocations from kept k
          join payments p on p.order_id = k.id
          where p.status = 'succeeded'
          union all
          select p.method, p.allocations
          from (select distinct table_session_id from kept where table_session_id is not null) s
          join payments p on p.table_session_id = s.table_session_id
          where p.purpose = 'bill' and p.status = 'succeeded'
        ), allocated as (
          select a."orderId" as order_id, y.method,
            sum(a.amount - coalesce(a.points, 0))::bigint as money,
            sum(a.amount)::bigint as counted,
            sum(coalesce(a.points, 0))::bigint as points
          from paying y
          cross join lateral jsonb_to_recordset(y.allocations)
            as a("orderId" uuid, amount integer, points integer)
          group by 1, 2
        ), online as (
          select a.order_id, a.method, a.money from allocated a join kept k on k.id = a.order_id
        ), per_order as (
          select k.id, k.type, k.total, k.day, k.bonus_points, k.paid_amount,
            coalesce(sum(a.points), 0) as bill_points,
            greatest(0, k.paid_amount - coalesce(sum(a.counted), 0)) as cash,
            coalesce(sum(a.money), 0) as online
          from kept k left join allocated a on a.order_id = k.id
          group by k.id, k.type, k.total, k.day, k.bonus_points, k.paid_amount
        )
        select
          (select count(*)::int from kept) as "ordersCount",
          (select count(*)::int from placed where status = 'cancelled') as cancelled,
          coalesce(sum(total), 0)::bigint as "totalDue",
          coalesce(sum(greatest(0, total - paid_amount)), 0)::bigint as outstanding,
          coalesce(sum(bonus_points + bill_points), 0)::bigint as points,
          coalesce(sum(cash), 0)::bigint as cash,
          count(*) filter (where cash > 0)::int as "cashOrders",
          (select json_agg(t order by t.type) from (
            select type, count(*)::int as count, sum(total)::bigint as total from kept group by type
          ) t) as "byType",
          (select json_agg(m order by m.method) from (
            select method, sum(money)::bigint as amount, count(distinct order_id)::int as orders
            from online where money > 0 group by method
          ) m) as online,
          (select json_agg(d order by d.date) from (
            select to_char(day, 'YYYY-MM-DD') as date, sum(cash + online)::bigint as revenue,
              count(*)::int as orders
            from per_order group by day
          ) d) as days
        from per_order
      `.execute(trx),
      )
      const row = result.rows[0]
      if (!row) throw new Error('The report query returned no row')
      return row
    },

    /** The dishes ordered most (by quantity) in orders not cancelled; names as the menu has them now. */
    async topDishes(window: ReportWindow, limit: number): Promise<DishRow[]> {
      const { restaurantId, start, end } = window
      const result = await tuned((trx) =>
        sql<DishRow>`
        with top as (
          select l."dishId" as dish_id, sum(l.quantity)::bigint as quantity,
            sum(l."lineTotal")::bigint as revenue
          from orders o
          cross join lateral jsonb_to_recordset(o.lines)
            as l("dishId" text, quantity integer, "lineTotal" integer)
          where o.restaurant_id = ${restaurantId} and o.placed_at >= ${start}
            and o.placed_at < ${end} and o.status <> 'cancelled'
          group by 1
          order by 2 desc, 3 desc, 1
          limit ${limit}
        )
        select top.dish_id as "dishId", top.quantity, top.revenue,
          coalesce(d.name, (
            select line -> 'name' from orders o, jsonb_array_elements(o.lines) line
            where o.restaurant_id = ${restaurantId} and o.placed_at >= ${start}
              and o.placed_at < ${end} and line ->> 'dishId' = top.dish_id
            limit 1
          )) as name
        from top left join dishes d on d.restaurant_id = ${restaurantId} and d.id = top.dish_id
        order by top.quantity desc, top.revenue desc, top.dish_id
      `.execute(trx),
      )
      return result.rows
    },

    /** Tips of payments that went through in the window, by the waiter they went to. */
    async tips(window: ReportWindow): Promise<TipRow[]> {
      const { restaurantId, start, end } = window
      const result = await sql<TipRow>`
        select t.waiter_id as "waiterId", w.name as "waiterName", count(*)::int as count,
          sum(t.amount)::bigint as total, avg(t.rating)::float8 as "averageRating"
        from tips t
        join payments p on p.id = t.payment_id
        left join waiters w on w.id = t.waiter_id
        where t.restaurant_id = ${restaurantId} and t.created_at >= ${start}
          and t.created_at < ${end} and p.status = 'succeeded'
        group by t.waiter_id, w.name
        order by total desc, w.name
      `.execute(db)
      return result.rows
    },
  }
}

export type ReportRepository = ReturnType<typeof createReportRepository>
