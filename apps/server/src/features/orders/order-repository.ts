import { sql, type Kysely, type Selectable } from 'kysely'
import type { OrderStatus } from '@tableside/contracts/order-status'
import type { Contact, DeliveryAddress, OrderLine, OrderTotals } from '@tableside/contracts/orders'
import type { PaymentMethod } from '@tableside/contracts/restaurants'
import type { Database, OrdersTable } from '../../db/schema'

export type OrderRow = Selectable<OrdersTable>

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
}

const json = (value: unknown) => (value === null ? null : JSON.stringify(value))

export function createOrderRepository(db: Kysely<Database>) {
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

    /**
     * Numbers and inserts the order in one statement, so it is atomic without a transaction
     * and costs one round trip; a dine-in order also takes its table from the session and
     * extends the session's life. Nothing is written (undefined) when the key is already
     * taken or the session is not open (unknown, another restaurant's, closed or run out):
     * a replay neither keeps the table's session alive nor spends an order number.
     */
    async insert(order: NewOrder): Promise<OrderRow | undefined> {
      const history = JSON.stringify([{ status: 'placed', at: order.placedAt.toISOString() }])
      const { totals } = order
      const result = await sql<OrderRow>`
        with fresh as (
          select 1 where not exists (
            select 1 from orders
            where restaurant_id = ${order.restaurantId} and idempotency_key = ${order.idempotencyKey}
          )
        ), session as (
          update table_sessions s set last_activity_at = ${order.placedAt},
            expires_at = ${order.sessionExpiresAt}
          from restaurant_tables t
          where exists (select 1 from fresh)
            and s.id = ${order.tableSessionId} and s.restaurant_id = ${order.restaurantId}
            and s.closed_at is null and s.expires_at > ${order.placedAt} and t.id = s.table_id
          returning jsonb_build_object('code', t.code, 'label', t.label, 'zone', t.zone) as ref
        ), numbered as (
          update restaurants set last_order_number = last_order_number + 1
          where id = ${order.restaurantId} and exists (select 1 from fresh)
            and (${order.tableSessionId}::uuid is null or exists (select 1 from session))
          returning last_order_number
        )
        insert into orders (
          restaurant_id, number, type, table_session_id, table_ref, contact, address,
          scheduled_for, guests, comment, payment_method, currency, lines,
          subtotal, service_charge, delivery_fee, discount, tip, total, history,
          idempotency_key, request_hash, placed_at, updated_at
        )
        select ${order.restaurantId}, numbered.last_order_number, ${order.type},
          ${order.tableSessionId}, (select ref from session), ${json(order.contact)}::jsonb,
          ${json(order.address)}::jsonb, ${order.scheduledFor}, ${order.guests}, ${order.comment},
          ${order.paymentMethod}, ${order.currency}, ${JSON.stringify(order.lines)}::jsonb,
          ${totals.subtotal}, ${totals.serviceCharge}, ${totals.deliveryFee}, ${totals.discount},
          ${totals.tip}, ${totals.total}, ${history}::jsonb, ${order.idempotencyKey},
          ${order.requestHash}, ${order.placedAt}, ${order.placedAt}
        from numbered
        on conflict (restaurant_id, idempotency_key) do nothing
        returning *
      `.execute(db)
      return result.rows[0]
    },

    /** Moves an order on only if it is still in `from`: two waiters cannot both move it. */
    async changeStatus(
      id: string,
      from: OrderStatus,
      to: OrderStatus,
      at: Date,
    ): Promise<OrderRow | undefined> {
      const entry = JSON.stringify([{ status: to, at: at.toISOString() }])
      return db
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
