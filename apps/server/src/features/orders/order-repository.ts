import { sql, type Kysely, type Selectable, type Transaction } from 'kysely'
import type { OrderStatus } from '@tableside/contracts/order-status'
import type { Contact, DeliveryAddress, OrderLine, OrderTotals } from '@tableside/contracts/orders'
import type { PaymentMethod } from '@tableside/contracts/restaurants'
import { MAX_BILL_TOTAL } from '@tableside/contracts/text'
import type { Database, OrdersTable } from '../../db/schema'
import { createStatementBatches } from './statement-batches'

export type OrderRow = Selectable<OrdersTable>

/**
 * The outbox entry of a placed order (decision 0027), written by the statement that inserts it
 * (`insertAll`): its payload is `OrderPlacedEntry`, and delivering it tells the order's
 * channel, its table's and the waiters' (see `order-service.ts`).
 */
export const ORDER_PLACED = 'order-placed'

export interface OrderPlacedEntry {
  orderId: string
  /** The channels of the restaurant's waiters when the order was placed. */
  waiterChannels: string[]
}

export interface NewOrder {
  restaurantId: string
  type: OrderRow['type']
  /** A dine-in order's session: it must be open, unexpired and this restaurant's. */
  tableSessionId: string | null
  /** The session's life is extended to this instant in the same statement. */
  sessionExpiresAt: Date | null
  contact: Contact | null
  address: DeliveryAddress | null
  scheduledFor: Date | null
  guests: number | null
  comment: string | null
  paymentMethod: PaymentMethod
  currency: string
  lines: OrderLine[]
  totals: OrderTotals
  idempotencyKey: string
  requestHash: string
  placedAt: Date
  /** Who hears of the order (`order.placed`): written with it into its outbox entry. */
  waiterChannels: readonly string[]
  /** The waiter who placed it for the table (named in its history); null for a diner. */
  placedBy?: { id: string; name: string } | null
  /** The signed-in diner's profile it belongs to (decision 0051); null: anonymous. */
  clientId?: string | null
  /** Bonus points it spends; `totals.discount` counts them (decision 0060). */
  bonusPoints?: number
  /**
   * The version of the restaurant's menu it was priced from: if the menu has moved on (a
   * stop-list or a price saved on another node since), the order is not inserted (issue 26).
   */
  menuVersion: string
}

/** What a waiter's step adds to an order's history: their name, and why when they cancel. */
export interface StepBy {
  waiter?: { name: string }
  /** A manager's cancel from the back office (decision 0119). */
  manager?: { name: string }
  reason?: string
}

/** Most rows of orders just placed kept for their outbox entry's delivery (`takePlaced`). */
const MOST_JUST_PLACED = 1_024

const keyOf = (order: Pick<NewOrder, 'restaurantId' | 'idempotencyKey'>) =>
  `${order.restaurantId}\n${order.idempotencyKey}`

/** An order as one element of the statement's JSON input (see `insertAll`). */
const inputOf = (order: NewOrder, ord: number) => ({
  ord,
  restaurant_id: order.restaurantId,
  type: order.type,
  table_session_id: order.tableSessionId,
  session_expires_at: order.sessionExpiresAt?.toISOString() ?? null,
  contact: order.contact,
  address: order.address,
  scheduled_for: order.scheduledFor?.toISOString() ?? null,
  guests: order.guests,
  comment: order.comment,
  payment_method: order.paymentMethod,
  currency: order.currency,
  lines: order.lines,
  subtotal: order.totals.subtotal,
  service_charge: order.totals.serviceCharge,
  delivery_fee: order.totals.deliveryFee,
  discount: order.totals.discount,
  tip: order.totals.tip,
  total: order.totals.total,
  history: [
    order.placedBy
      ? {
          status: 'placed',
          at: order.placedAt.toISOString(),
          waiter: { name: order.placedBy.name },
        }
      : { status: 'placed', at: order.placedAt.toISOString() },
  ],
  idempotency_key: order.idempotencyKey,
  request_hash: order.requestHash,
  placed_at: order.placedAt.toISOString(),
  waiter_channels: order.waiterChannels,
  placed_by_waiter_id: order.placedBy?.id ?? null,
  client_id: order.clientId ?? null,
  bonus_points: order.bonusPoints ?? 0,
  menu_version: order.menuVersion,
})

export interface OrderRepositoryOptions {
  /**
   * The outbox kind under which the waiter area delivers an alert row: when given, the statement
   * that places orders also alerts whoever hears the table of each dine-in order (the
   * `garcon_hearers` rule, decision 0042; for an order without a table, every waiter on shift),
   * with the order's number and total, and writes one
   * entry of this kind for all of them (`{ alerts }`, each alert as its delivery needs it:
   * `GarconAlertEntry`), in the same statement (decision 0045).
   */
  placedAlertKind?: string
  /**
   * Told once for each statement or transaction that placed orders, once it has committed and
   * before their callers hear of them: the outbox's kick, once and not once an order.
   */
  placed?: () => void
  /** How long orders gather for a statement under load (`GATHER_MS` unless told: tests). */
  gatherMs?: number
}

export function createOrderRepository(
  db: Kysely<Database>,
  { placedAlertKind, placed = () => undefined, gatherMs }: OrderRepositoryOptions = {},
) {
  // New order at my table: one alert row per waiter who hears the table, in the statement.
  const alerted = placedAlertKind
    ? sql`, alerted as (
        insert into garcon_alerts (
          restaurant_id, waiter_id, kind, table_code, table_label, order_number, detail
        )
        select o.restaurant_id, h.id, 'order_placed', o.table_ref->>'code', o.table_ref->>'label',
          o.number, jsonb_build_object('amount', o.total, 'currency', rtrim(o.currency))
            || case when o.table_session_id is null
              then jsonb_build_object('orderType', o.type) else '{}'::jsonb end
        from inserted o
        left join session se on se.id = o.table_session_id
        cross join lateral garcon_hearers(o.restaurant_id, se.table_id) as h(id)
        returning *
      ), alert_entries as (
        -- What the delivery tells and pushes, so it reads nothing back (issue 31).
        insert into outbox (kind, payload)
        select ${placedAlertKind}, jsonb_build_object('alerts', jsonb_agg(jsonb_build_object(
          'id', a.id, 'restaurantId', a.restaurant_id, 'waiterId', a.waiter_id, 'kind', a.kind,
          'tableCode', a.table_code, 'tableLabel', a.table_label, 'orderNumber', a.order_number,
          'callId', a.call_id, 'detail', a.detail, 'createdAt', a.created_at,
          'defaultLanguage', r.default_language,
          'hasDevices', exists (
            select from garcon_push_subscriptions d where d.waiter_id = a.waiter_id
          )
        ) order by a.order_number, a.waiter_id))
        from alerted a join restaurants r on r.id = a.restaurant_id
        having count(*) > 0
      )`
    : sql``
  /**
   * Numbers and inserts orders in one statement, so they are atomic without a transaction
   * and cost one round trip; a dine-in order also takes its table from its session and
   * extends the session's life. An order whose key is already taken or whose session is not
   * open (unknown, another restaurant's, closed or run out) or would take the session's bill
   * past MAX_BILL_TOTAL writes nothing and is not among the rows returned: a replay neither
   * keeps the table's session alive nor spends a number. The bound is judged on the session's
   * row, which the update locks, so orders racing to one table cannot pass it together.
   * Each order inserted writes its outbox entry (ORDER_PLACED) in the same statement, so its
   * events go out if and only if it is in (decision 0027). An order priced from a menu version
   * that is no longer the restaurant's writes nothing either (decision 0104). The keys must
   * differ from each other.
   */
  const insertAll = async (
    orders: readonly NewOrder[],
    executor: Kysely<Database> = db,
  ): Promise<OrderRow[]> => {
    const input = JSON.stringify(orders.map(inputOf))
    const result = await sql<OrderRow>`
      with input as (
        select * from jsonb_to_recordset(${input}::jsonb) as i(
          ord integer, restaurant_id text, type text, table_session_id uuid,
          session_expires_at timestamptz, contact jsonb, address jsonb, scheduled_for timestamptz,
          guests integer, comment text, payment_method text, currency text, lines jsonb,
          subtotal integer, service_charge integer, delivery_fee integer, discount integer,
          tip integer, total integer, history jsonb, idempotency_key text, request_hash text,
          placed_at timestamptz, waiter_channels jsonb, placed_by_waiter_id uuid,
          client_id uuid, bonus_points integer, menu_version bigint
        )
      ), fresh as (
        -- Priced from the menu as it is: any save that answered before this statement began is
        -- seen here (decision 0104). No lock: this statement locks the session before the
        -- restaurant, as settling a table does.
        select i.* from input i
        join restaurants m on m.id = i.restaurant_id and m.menu_version = i.menu_version
        where not exists (
          select 1 from orders o
          where o.restaurant_id = i.restaurant_id and o.idempotency_key = i.idempotency_key
        )
      ), session as (
        update table_sessions s set last_activity_at = f.last_placed_at, expires_at = f.expires_at,
          placed_total = s.placed_total + f.total
        from (
          select table_session_id, restaurant_id, min(placed_at) as first_placed_at,
            max(placed_at) as last_placed_at, max(session_expires_at) as expires_at,
            sum(total) as total
          from fresh where table_session_id is not null
          group by table_session_id, restaurant_id
        ) f, restaurant_tables t
        where s.id = f.table_session_id and s.restaurant_id = f.restaurant_id
          and s.closed_at is null and s.expires_at > f.first_placed_at and t.id = s.table_id
          and s.placed_total + f.total <= ${MAX_BILL_TOTAL}
        returning s.id, s.restaurant_id, s.table_id,
          jsonb_build_object('code', t.code, 'label', t.label, 'zone', t.zone) as ref
      ), accepted as (
        select f.*, se.ref as table_ref,
          row_number() over (partition by f.restaurant_id order by f.ord) as rank
        from fresh f
        left join session se on se.id = f.table_session_id and se.restaurant_id = f.restaurant_id
        where f.table_session_id is null or se.id is not null
      ), numbered as (
        update restaurants r set last_order_number = r.last_order_number + a.count
        from (
          select restaurant_id, count(*)::integer as count from accepted group by restaurant_id
        ) a
        where r.id = a.restaurant_id
        returning r.id, r.last_order_number - a.count as before
      ), inserted as (
        insert into orders (
          restaurant_id, number, type, table_session_id, table_ref, contact, address,
          scheduled_for, guests, comment, payment_method, currency, lines,
          subtotal, service_charge, delivery_fee, discount, tip, total, history,
          idempotency_key, request_hash, placed_at, updated_at, placed_by_waiter_id, client_id,
          bonus_points
        )
        select a.restaurant_id, n.before + a.rank, a.type, a.table_session_id, a.table_ref,
          a.contact, a.address, a.scheduled_for, a.guests, a.comment, a.payment_method,
          a.currency, a.lines, a.subtotal, a.service_charge, a.delivery_fee, a.discount, a.tip,
          a.total, a.history, a.idempotency_key, a.request_hash, a.placed_at, a.placed_at,
          a.placed_by_waiter_id, a.client_id, a.bonus_points
        from accepted a join numbered n on n.id = a.restaurant_id
        order by a.ord
        on conflict (restaurant_id, idempotency_key) do nothing
        returning *
      ), announced as (
        insert into outbox (kind, payload)
        select ${ORDER_PLACED}, jsonb_build_object('orderId', o.id, 'waiterChannels', i.waiter_channels)
        from inserted o
        join input i on i.restaurant_id = o.restaurant_id and i.idempotency_key = o.idempotency_key
        order by i.ord
      )${alerted}
      select * from inserted
    `.execute(executor)
    return result.rows
  }

  /** Unpaid orders of `ids` not cancelled become paid in cash (cash unless part was paid online). */
  const markCashPaid = (ids: readonly string[], at: Date, executor: Kysely<Database>) => {
    if (ids.length === 0) return Promise.resolve([])
    return executor
      .updateTable('orders')
      .set((eb) => ({
        paymentStatus: 'paid',
        paymentMethod: sql<PaymentMethod>`case when paid_amount = 0 then 'cash' else payment_method end`,
        paidAmount: eb.ref('total'),
        updatedAt: at,
      }))
      .where('id', 'in', ids)
      .where('paymentStatus', 'in', ['unpaid', 'pending', 'failed'])
      .where('status', '<>', 'cancelled')
      .returningAll()
      .execute()
  }

  // The rows a statement of its own placed (committed as it answered), kept for the delivery of
  // their ORDER_PLACED entries on this node, which would otherwise read them back (issue 31).
  // Taken once; the oldest go first, so those another node delivers are not kept for long.
  const justPlaced = new Map<string, OrderRow>()
  const keepPlaced = (rows: readonly OrderRow[]) => {
    for (const row of rows) justPlaced.set(row.id, row)
    for (const id of justPlaced.keys()) {
      if (justPlaced.size <= MOST_JUST_PLACED) break
      justPlaced.delete(id)
    }
  }

  /** Places `orders` in a statement of their own, keeps their rows and tells (`placed`). */
  const insertKept = async (orders: readonly NewOrder[]) => {
    const rows = await insertAll(orders)
    keepPlaced(rows)
    if (rows.length > 0) placed()
    return rows
  }

  // Orders placed together (decisions 0021, 0165): one statement for those that came meanwhile.
  const batches = createStatementBatches<NewOrder, OrderRow>({
    keyOf,
    gatherMs,
    run: async (orders) => new Map((await insertKept(orders)).map((row) => [keyOf(row), row])),
  })

  return {
    findByKey(restaurantId: string, idempotencyKey: string): Promise<OrderRow | undefined> {
      return db
        .selectFrom('orders')
        .selectAll()
        .where('restaurantId', '=', restaurantId)
        .where('idempotencyKey', '=', idempotencyKey)
        .executeTakeFirst()
    },

    find(id: string): Promise<OrderRow | undefined> {
      return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst()
    },

    findMany(ids: readonly string[]): Promise<OrderRow[]> {
      if (ids.length === 0) return Promise.resolve([])
      return db.selectFrom('orders').selectAll().where('id', 'in', ids).execute()
    },

    /** What a table session's orders have come to so far, cancelled ones included. */
    async placedTotal(tableSessionId: string): Promise<number> {
      const session = await db
        .selectFrom('tableSessions')
        .select('placedTotal')
        .where('id', '=', tableSessionId)
        .executeTakeFirst()
      return session?.placedTotal ?? 0
    },

    /**
     * Places one order (see `insertAll`); undefined when its key is taken, its session is not
     * open or its bill would pass its bound. Answered only once the statement that wrote it has committed.
     */
    insert(order: NewOrder): Promise<OrderRow | undefined> {
      return batches.add(order)
    },

    /** Places one order in a statement of its own, never shared with others (see `insert`). */
    async insertAlone(order: NewOrder): Promise<OrderRow | undefined> {
      return (await insertKept([order]))[0]
    },

    /**
     * The row of an order this node has just placed in a statement of its own, as it was
     * inserted, once: undefined when it is not kept (placed in a transaction, on another node,
     * long ago, or taken already).
     */
    takePlaced(id: string): OrderRow | undefined {
      const row = justPlaced.get(id)
      justPlaced.delete(id)
      return row
    },

    /**
     * Places one order in a transaction with what it takes from elsewhere (`alongside`, the
     * bonus points it spends): both are written or neither. Undefined when the order is not
     * inserted (see `insert`); `alongside` then does not run.
     */
    async insertWith(
      order: NewOrder,
      alongside: (trx: Transaction<Database>, row: OrderRow) => Promise<unknown>,
    ): Promise<OrderRow | undefined> {
      const row = await db.transaction().execute(async (trx) => {
        const [inserted] = await insertAll([order], trx)
        if (inserted) await alongside(trx, inserted)
        return inserted
      })
      if (row) placed()
      return row
    },

    /**
     * An unpaid order that is not cancelled becomes paid in cash (its method becomes cash unless
     * part of it was paid online); undefined when it is not such an order.
     */
    async markCashPaid(
      id: string,
      at: Date,
      executor: Kysely<Database> = db,
    ): Promise<OrderRow | undefined> {
      return (await markCashPaid([id], at, executor))[0]
    },

    /**
     * The unpaid orders of a table session that are not cancelled become paid in cash, in
     * `executor` (see `markCashPaid`).
     */
    markSessionCashPaid(
      ids: readonly string[],
      at: Date,
      executor: Kysely<Database>,
    ): Promise<OrderRow[]> {
      return markCashPaid(ids, at, executor)
    },

    /** Moves an order on only if it is still in `from`: two waiters cannot both move it. */
    async changeStatus(
      id: string,
      from: OrderStatus,
      to: OrderStatus,
      at: Date,
      executor: Kysely<Database> = db,
      by?: StepBy,
    ): Promise<OrderRow | undefined> {
      const entry = JSON.stringify([{ status: to, at: at.toISOString(), ...by }])
      return executor
        .updateTable('orders')
        .set({
          status: to,
          updatedAt: at,
          history: sql<string>`history || ${entry}::jsonb`,
        })
        .where('id', '=', id)
        .where('status', '=', from)
        .returningAll()
        .executeTakeFirst()
    },

    listBySession(tableSessionId: string): Promise<OrderRow[]> {
      return db
        .selectFrom('orders')
        .selectAll()
        .where('tableSessionId', '=', tableSessionId)
        .orderBy('placedAt', 'asc')
        .orderBy('number', 'asc')
        .execute()
    },

    lookup(restaurantId: string, ids: readonly string[]): Promise<OrderRow[]> {
      if (ids.length === 0) return Promise.resolve([])
      return db
        .selectFrom('orders')
        .selectAll()
        .where('restaurantId', '=', restaurantId)
        .where('id', 'in', ids)
        .orderBy('placedAt', 'desc')
        .orderBy('number', 'desc')
        .execute()
    },
  }
}

export type OrderRepository = ReturnType<typeof createOrderRepository>
