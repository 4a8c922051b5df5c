import { sql, type Kysely, type Transaction } from 'kysely'
import type { LocalizedText } from '@tableside/contracts/text'
import type { Database, ReportDaySummary } from '../../db/schema'

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

export interface DayStamp {
  day: string
  /** The number of the day's orders and the sum of their `updated_at` in milliseconds. */
  fingerprint: string
}

interface MoneyDay {
  day: string
  orders: number
  cancelled: number
  totalDue: BigSum
  outstanding: BigSum
  points: BigSum
  paidOrders: number
  paidTotal: BigSum
  cash: BigSum
  cashOrders: number
  revenue: BigSum
  refundOrders: number
  pointsReturned: BigSum
  pointsTakenBack: BigSum
  byType: ReportDaySummary['byType']
  online: ReportDaySummary['online']
  refunds: ReportDaySummary['refunds']
  reasons: ReportDaySummary['reasons']
}

interface DishDay {
  day: string
  dishId: string
  quantity: BigSum
  revenue: BigSum
  name: LocalizedText
}

interface TipRow {
  waiterId: string | null
  waiterName: string | null
  count: number
  /** Net of what went back of the tips. */
  total: BigSum
  refunded: BigSum
  averageRating: number | null
}

/** The version of a kept day's sums: kept sums of another shape are summed again. */
const SUMMARY_VERSION = 4

/**
 * What went back of the money that came in for the orders in `placed` (issue 28), one row per
 * order, way and reason: `back(order_id, day, method, kind, reason, amount)`. The one place the
 * report learns of refunds (decision 0120): the refunds table's rows (decision 0119) not failed,
 * of every kind but a tip's, an online row by its payment's method, a cash row as cash; and what
 * payments gave back without a row (a late success on a cancelled order, a payment that came in
 * over what was due, refunds before the table), from the CTE `shares` (each allocation of a
 * payment that took money, with `refunded`, its part of what the payment gave back beyond its
 * rows done: an order cancelled is given back first, then the others in their order; `mine`,
 * its order is one of the days'; `gone`, cancelled; its order's `day`). A cancelled order's
 * reason is read from its history only where something went back of it, not carried with
 * every allocation through the sort of `shares` (issue 31).
 */
function orderRefunds(restaurantId: string) {
  return sql`
    rowed as (
      select r.order_id, k.day, case when r.way = 'cash' then 'cash' else p.method end as method,
        case r.kind when 'whole' then 'cancel' else r.kind end as kind, r.reason, r.amount
      from placed k
      join refunds r on r.order_id = k.id and r.restaurant_id = ${restaurantId}
      left join payments p on p.id = r.payment_id
      where r.state <> 'failed' and r.kind <> 'tip' and r.amount > 0 and r.way in ('online', 'cash')
    ), back as (
      select order_id, day, method, kind, reason, amount from rowed
      union all
      select s.order_id, s.day, s.method,
        case when s.gone then 'cancel' else 'overpaid' end as kind,
        case when s.gone then (
          select e->>'reason' from orders o, jsonb_array_elements(o.history) e
          where o.id = s.order_id and e->>'status' = 'cancelled' and e->'refund' is null
            and e ? 'reason'
          limit 1
        ) end as reason,
        s.refunded as amount
      from shares s
      where s.mine and s.refunded > 0
    )`
}

/**
 * What each payment gave back without a row of the refunds table: its `refunded_amount` less
 * its online rows done (the acquirer took them, and `refunded_amount` counts them then), for a
 * payment `y` (`id`, `refunded_amount`, `allocations`), as `unrowed`. Its rows are found by the
 * orders it paid for (`refunds_by_order`). A payment that gave nothing back (nearly all) looks
 * for no rows: the look was a subquery per tip and per allocation, three quarters of the report's
 * time over 90 days (issue 31, decision 0136).
 */
const UNROWED = sql`case when y.refunded_amount = 0 then 0 else greatest(0, y.refunded_amount - coalesce((
  select sum(r.amount)
  from jsonb_to_recordset(y.allocations) as a("orderId" uuid)
  join refunds r on r.order_id = a."orderId"
  where r.payment_id = y.id and r.way = 'online' and r.state = 'done'
), 0)) end`

/**
 * The report's SQL (decision 0072): which days changed, their sums kept and worked out again,
 * and tips. Aggregates over jsonb (allocations, lines) are not expressible in the query
 * builder, so those are written in SQL with their row types here, beside them.
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
     * Each day of the window that has orders, with their fingerprint. One index-only range scan
     * a day between its midnights: no time-zone arithmetic per order.
     */
    async stamps(window: ReportWindow, from: string, to: string): Promise<DayStamp[]> {
      const { restaurantId, timezone } = window
      const result = await sql<DayStamp>`
        select to_char(d, 'YYYY-MM-DD') as day,
          ${SUMMARY_VERSION}::int || ':' || f.orders || ':' || f.changes as fingerprint
        from generate_series(${from}::date, ${to}::date, interval '1 day') d
        cross join lateral (
          select count(*) as orders,
            sum((date_part('epoch', updated_at) * 1000)::bigint) as changes
          from orders
          where restaurant_id = ${restaurantId}
            and placed_at >= d::timestamp at time zone ${timezone}
            and placed_at < (d + interval '1 day')::timestamp at time zone ${timezone}
        ) f
        where f.orders > 0
      `.execute(db)
      return result.rows
    },

    /** The sums kept for these days in the window's time zone. */
    cached(window: ReportWindow, days: readonly string[]) {
      if (days.length === 0) return Promise.resolve([])
      return db
        .selectFrom('reportDays')
        .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'fingerprint', 'summary'])
        .where('restaurantId', '=', window.restaurantId)
        .where('timezone', '=', window.timezone)
        .where('day', 'in', days)
        .execute()
    },

    /**
     * Works out the sums of `days` (within the window) from the orders, their payments and
     * lines (issue 28). Money came in: online, what payments that took money (succeeded, or
     * refunded since) allocated to each order less the points in it, for every order; cash, the
     * rest of what an order not cancelled counts as paid (`paid_amount` holds money and a bill
     * payment's points alike, and not what went back of a payment that did not fit). Revenue is
     * what came in less what went back (`orderRefunds`). Cancelled orders are otherwise only
     * counted.
     */
    async summarize(
      window: ReportWindow,
      days: readonly string[],
    ): Promise<Map<string, ReportDaySummary>> {
      const summaries = new Map<string, ReportDaySummary>()
      if (days.length === 0) return summaries
      const { restaurantId, timezone } = window
      const list = sql.join(days.map((day) => sql`${day}::date`))
      // Only the orders between the first changed day's midnight and the last one's end.
      const sorted = [...days].sort()
      const first = sql`(${sorted[0]}::date)::timestamp at time zone ${timezone}`
      const last = sql`(${sorted.at(-1)}::date + 1)::timestamp at time zone ${timezone}`
      const [money, dishes] = await Promise.all([
        tuned((trx) =>
          sql<MoneyDay>`
          with placed as (
            select id, type, status, total, paid_amount, bonus_points, table_session_id, day
            from (
              select *, (placed_at at time zone ${timezone})::date as day from orders
              where restaurant_id = ${restaurantId} and placed_at >= ${first} and placed_at < ${last}
            ) o
            where day in (${list})
          ), paying as (
            select p.id, p.method, p.amount, p.tip, p.refunded_amount, p.allocations
            from placed k join payments p on p.order_id = k.id
            where p.status in ('succeeded', 'refunded')
            union all
            select p.id, p.method, p.amount, p.tip, p.refunded_amount, p.allocations
            from (select distinct table_session_id from placed where table_session_id is not null) s
            join payments p on p.table_session_id = s.table_session_id
            where p.purpose = 'bill' and p.status in ('succeeded', 'refunded')
          ), allocations as (
            select y.id as payment_id, y.method, a."orderId" as order_id, a.ord,
              a.amount - coalesce(a.points, 0) as money, a.amount as counted,
              coalesce(a.points, 0) as points,
              -- What the payment gave back without a row of its orders' money (a tip goes
              -- back last).
              least(${UNROWED}, y.amount - y.tip) as given_back,
              o.status = 'cancelled' as gone,
              (o.placed_at at time zone ${timezone})::date as day,
              o.restaurant_id = ${restaurantId} and o.placed_at >= ${first} and o.placed_at < ${last}
                and (o.placed_at at time zone ${timezone})::date in (${list}) as mine
            from paying y
            cross join lateral rows from (
              jsonb_to_recordset(y.allocations) as ("orderId" uuid, amount integer, points integer)
            ) with ordinality as a("orderId", amount, points, ord)
            join orders o on o.id = a."orderId"
          ), shares as (
            select payment_id, method, order_id, money, counted, points, gone, day, mine,
              greatest(0, least(money, given_back - (sum(money) over (
                partition by payment_id order by gone desc, ord rows unbounded preceding
              ) - money))) as refunded
            from allocations
          ), ${orderRefunds(restaurantId)}, points_back as (
            -- Points the refunds of the day's orders gave back and took back (decision 0131).
            select k.day, sum(r.points_returned)::bigint as returned,
              sum(r.points_taken_back)::bigint as taken_back
            from placed k
            join refunds r on r.order_id = k.id and r.restaurant_id = ${restaurantId}
            where r.state <> 'failed'
            group by k.day
          ), allocated as (
            select order_id, day, method, money, counted, points from shares where mine
          ), by_order as (
            -- Each order's row and its money side by side, summed: no join the planner could
            -- misjudge (the days' orders are a CTE it cannot count).
            select order_id, max(day) as day, max(type) as type, max(status) as status,
              sum(total) as total, sum(paid_amount) as paid_amount, sum(points) as points,
              sum(counted) as counted, sum(money) as online, sum(back) as back,
              sum(cash_back) as cash_back
            from (
              select id as order_id, day, type, status, total, paid_amount, bonus_points as points,
                0 as counted, 0 as money, 0 as back, 0 as cash_back
              from placed
              union all
              select order_id, null, null, null, 0, 0, points, counted, money, 0, 0 from allocated
              union all
              select order_id, null, null, null, 0, 0, 0, 0, 0, amount,
                case when method = 'cash' then amount else 0 end
              from back
            ) sides
            group by order_id
          ), per_order as (
            select day, type, status, total, paid_amount, points, online, back,
              -- A cancelled order's cash is what was handed back of it (decision 0119).
              case when status = 'cancelled' then cash_back
                else greatest(0, paid_amount - (counted - back)) end as cash
            from by_order
          ), sums as (
            select day, (count(*) filter (where status <> 'cancelled'))::int as orders,
              (count(*) filter (where status = 'cancelled'))::int as cancelled,
              coalesce(sum(total) filter (where status <> 'cancelled'), 0)::bigint as total_due,
              coalesce(sum(greatest(0, total - paid_amount)) filter (where status <> 'cancelled'), 0)::bigint
                as outstanding,
              coalesce(sum(points) filter (where status <> 'cancelled'), 0)::bigint as points,
              (count(*) filter (where status <> 'cancelled' and paid_amount >= total))::int
                as paid_orders,
              coalesce(sum(total) filter (where status <> 'cancelled' and paid_amount >= total), 0)::bigint
                as paid_total,
              sum(cash)::bigint as cash,
              (count(*) filter (where cash > 0))::int as cash_orders,
              (count(*) filter (where back > 0))::int as refund_orders,
              sum(cash + online - back)::bigint as revenue
            from per_order group by day
          ), types as (
            select day, jsonb_agg(jsonb_build_array(type, count, total) order by type) as by_type
            from (
              select day, type, count(*) as count, sum(total) as total from placed
              where status <> 'cancelled' group by 1, 2
            ) t
            group by day
          ), methods as (
            select day, jsonb_agg(jsonb_build_array(method, amount, orders) order by method) as online
            from (
              select day, method, sum(money) as amount, count(distinct order_id) as orders
              from allocated where money > 0 group by 1, 2
            ) m
            group by day
          ), refunds as (
            select day, jsonb_agg(jsonb_build_array(method, amount, orders) order by method) as refunds
            from (
              select day, method, sum(amount) as amount, count(distinct order_id) as orders
              from back group by 1, 2
            ) m
            group by day
          ), reasons as (
            select day,
              jsonb_agg(jsonb_build_array(kind, reason, amount, orders) order by kind, reason)
                as reasons
            from (
              select day, kind, reason, sum(amount) as amount, count(distinct order_id) as orders
              from back group by 1, 2, 3
            ) m
            group by day
          )
          select to_char(s.day, 'YYYY-MM-DD') as day, s.orders, s.cancelled,
            s.total_due as "totalDue", s.outstanding, s.points, s.paid_orders as "paidOrders",
            s.paid_total as "paidTotal", s.cash, s.cash_orders as "cashOrders", s.revenue,
            s.refund_orders as "refundOrders",
            coalesce(b.returned, 0) as "pointsReturned", coalesce(b.taken_back, 0) as "pointsTakenBack",
            coalesce(t.by_type, '[]') as "byType", coalesce(m.online, '[]') as online,
            coalesce(f.refunds, '[]') as refunds, coalesce(w.reasons, '[]') as reasons
          from sums s
          left join types t on t.day = s.day
          left join methods m on m.day = s.day
          left join refunds f on f.day = s.day
          left join reasons w on w.day = s.day
          left join points_back b on b.day = s.day
        `.execute(trx),
        ),
        tuned((trx) =>
          sql<DishDay>`
          select to_char(o.day, 'YYYY-MM-DD') as day, l."dishId" as "dishId",
            sum(l.quantity)::bigint as quantity, sum(l."lineTotal")::bigint as revenue,
            (array_agg(l.name))[1] as name
          from (
            select lines, (placed_at at time zone ${timezone})::date as day from orders
            where restaurant_id = ${restaurantId} and placed_at >= ${first} and placed_at < ${last}
              and status <> 'cancelled'
          ) o
          cross join lateral jsonb_to_recordset(o.lines)
            as l("dishId" text, quantity integer, "lineTotal" integer, name jsonb)
          where o.day in (${list})
          group by 1, 2
        `.execute(trx),
        ),
      ])
      for (const row of money.rows) {
        summaries.set(row.day, {
          orders: row.orders,
          cancelled: row.cancelled,
          totalDue: Number(row.totalDue),
          outstanding: Number(row.outstanding),
          points: Number(row.points),
          paidOrders: row.paidOrders,
          paidTotal: Number(row.paidTotal),
          cash: Number(row.cash),
          cashOrders: row.cashOrders,
          revenue: Number(row.revenue),
          refundOrders: row.refundOrders,
          pointsReturned: Number(row.pointsReturned),
          pointsTakenBack: Number(row.pointsTakenBack),
          byType: row.byType,
          online: row.online,
          refunds: row.refunds,
          reasons: row.reasons,
          dishes: [],
        })
      }
      for (const row of dishes.rows) {
        const summary = summaries.get(row.day)
        summary?.dishes.push([row.dishId, Number(row.quantity), Number(row.revenue), row.name])
      }
      return summaries
    },

    /** Keeps days' sums with what their orders were then; a newer summing wins a race. */
    async store(
      window: ReportWindow,
      entries: readonly {
        day: string
        fingerprint: string
        summary: ReportDaySummary
      }[],
    ): Promise<void> {
      if (entries.length === 0) return
      await db
        .insertInto('reportDays')
        .values(
          entries.map((entry) => ({
            restaurantId: window.restaurantId,
            timezone: window.timezone,
            day: entry.day,
            fingerprint: entry.fingerprint,
            summary: JSON.stringify(entry.summary),
          })),
        )
        .onConflict((conflict) =>
          conflict.columns(['restaurantId', 'timezone', 'day']).doUpdateSet((eb) => ({
            fingerprint: eb.ref('excluded.fingerprint'),
            summary: eb.ref('excluded.summary'),
            computedAt: sql<Date>`now()`,
          })),
        )
        .execute()
    },

    /** The menu's names now of these dishes (a dish no longer on it keeps its order's). */
    async dishNames(restaurantId: string, ids: readonly string[]) {
      if (ids.length === 0) return new Map<string, LocalizedText>()
      const rows = await db
        .selectFrom('dishes')
        .select(['id', 'name'])
        .where('restaurantId', '=', restaurantId)
        .where('id', 'in', ids)
        .execute()
      return new Map(rows.map((row) => [row.id, row.name]))
    },

    /**
     * Tips of payments that went through in the window (refunded since or not), by the waiter
     * they went to, net of what went back of them: a tip's own refunds (`tips.refunded_amount`,
     * decision 0119), and what its payment gave back without a row beyond all it paid of orders
     * (a whole payment returned before the refunds table: decision 0028).
     */
    async tips(window: ReportWindow): Promise<TipRow[]> {
      const { restaurantId, start, end } = window
      const result = await sql<TipRow>`
        select t.waiter_id as "waiterId", w.name as "waiterName",
          (count(*) filter (where t.amount > t.back))::int as count,
          sum(t.amount - t.back)::bigint as total, sum(t.back)::bigint as refunded,
          avg(t.rating)::float8 as "averageRating"
        from (
          select t.waiter_id, t.amount, t.rating, least(t.amount,
            t.refunded_amount + greatest(0, ${UNROWED} - (y.amount - y.tip))) as back
          from tips t
          join payments y on y.id = t.payment_id
          where t.restaurant_id = ${restaurantId} and t.created_at >= ${start}
            and t.created_at < ${end} and y.status in ('succeeded', 'refunded')
        ) t
        left join waiters w on w.id = t.waiter_id
        group by t.waiter_id, w.name
        order by total desc, w.name
      `.execute(db)
      return result.rows
    },
  }
}

export type ReportRepository = ReturnType<typeof createReportRepository>

/**
 * Each restaurant's yesterday where it is (`to`), and the day `days` before it (`from`): the
 * days the warmer keeps, at instant `at` (an ISO text).
 */
export async function warmRanges(db: Kysely<Database>, at: string, days: number) {
  const { rows } = await sql<{ id: string; from: string; to: string }>`
    select id,
      to_char((${at}::timestamptz at time zone timezone)::date - ${days}::int, 'YYYY-MM-DD') as "from",
      to_char((${at}::timestamptz at time zone timezone)::date - 1, 'YYYY-MM-DD') as "to"
    from restaurants order by id
  `.execute(db)
  return rows
}
