import { randomUUID } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import type { OrderStatus } from '@tableside/contracts/order-status'
import type { OrderType } from '@tableside/contracts/restaurants'
import type { Allocation, Database } from '../../db/schema'

/**
 * Rows written as the order and payment code leaves them, at a chosen time: a small dataset
 * whose every number in the report is known.
 */
export interface TestLine {
  dishId: string
  name: string
  quantity: number
  unitPrice: number
}

let nextNumber = 1

export async function openSessionAt(
  db: Kysely<Database>,
  restaurantId: string,
  tableCode: string,
  at: string,
): Promise<string> {
  const table = await db
    .selectFrom('restaurantTables')
    .select('id')
    .where('restaurantId', '=', restaurantId)
    .where('code', '=', tableCode)
    .executeTakeFirstOrThrow()
  const session = await db
    .insertInto('tableSessions')
    .values({
      restaurantId,
      tableId: table.id,
      openedAt: new Date(at),
      expiresAt: new Date(Date.parse(at) + 3_600_000),
      closedAt: new Date(at),
      closedReason: 'settled',
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return session.id
}

export async function insertOrder(
  db: Kysely<Database>,
  order: {
    restaurantId?: string
    type?: OrderType
    status?: OrderStatus
    sessionId?: string | null
    at: string
    lines: TestLine[]
    deliveryFee?: number
    /** Points spent at checkout: the discount. */
    points?: number
    paymentMethod?: 'cash' | 'card' | 'sbp'
    paidAmount?: number
    paymentStatus?: 'unpaid' | 'pending' | 'paid' | 'refunded'
  },
): Promise<{ id: string; total: number }> {
  const subtotal = order.lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0)
  const points = order.points ?? 0
  const total = subtotal + (order.deliveryFee ?? 0) - points
  const row = await db
    .insertInto('orders')
    .values({
      restaurantId: order.restaurantId ?? 'demo',
      number: nextNumber++,
      type: order.type ?? 'dine_in',
      status: order.status ?? 'completed',
      tableSessionId: order.sessionId ?? null,
      tableRef: null,
      contact: null,
      address: null,
      scheduledFor: null,
      guests: null,
      comment: null,
      paymentMethod: order.paymentMethod ?? 'cash',
      paymentStatus: order.paymentStatus ?? 'paid',
      currency: 'RUB',
      lines: JSON.stringify(
        order.lines.map((line) => ({
          dishId: line.dishId,
          name: { ru: line.name },
          quantity: line.quantity,
          modifiers: [],
          comment: null,
          unitPrice: line.unitPrice,
          lineTotal: line.unitPrice * line.quantity,
        })),
      ),
      subtotal,
      serviceCharge: 0,
      deliveryFee: order.deliveryFee ?? 0,
      discount: points,
      bonusPoints: points,
      tip: 0,
      paidAmount: order.paidAmount ?? total,
      total,
      history: JSON.stringify([{ status: 'placed', at: order.at }]),
      idempotencyKey: randomUUID(),
      requestHash: 'test',
      placedAt: new Date(order.at),
      updatedAt: new Date(order.at),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { id: row.id, total }
}

/** A payment as the settlement leaves it, with its tip row when it went through with one. */
export async function insertPayment(
  db: Kysely<Database>,
  payment: {
    restaurantId?: string
    at: string
    method: 'card' | 'sbp'
    orderId?: string
    sessionId?: string
    allocations: Allocation[]
    tip?: number
    waiterId?: string | null
    status?: 'succeeded' | 'refunded' | 'failed'
    rating?: number
  },
): Promise<string> {
  const restaurantId = payment.restaurantId ?? 'demo'
  const money = payment.allocations.reduce(
    (sum, allocation) => sum + allocation.amount - (allocation.points ?? 0),
    0,
  )
  const tip = payment.tip ?? 0
  const status = payment.status ?? 'succeeded'
  const row = await db
    .insertInto('payments')
    .values({
      restaurantId,
      purpose: payment.orderId ? 'order' : 'bill',
      orderId: payment.orderId ?? null,
      tableSessionId: payment.orderId ? null : (payment.sessionId ?? null),
      method: payment.method,
      provider: 'sandbox',
      providerRef: randomUUID(),
      currency: 'RUB',
      amount: money + tip,
      tip,
      status,
      failureReason: null,
      allocations: JSON.stringify(payment.allocations),
      splitBy: null,
      waiterId: payment.waiterId ?? null,
      bonusPoints: payment.allocations.reduce((sum, a) => sum + (a.points ?? 0), 0),
      refundedAmount: status === 'refunded' ? money + tip : 0,
      redirectUrl: null,
      expiresAt: new Date(payment.at),
      completedAt: new Date(payment.at),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await sql`update payments set created_at = ${new Date(payment.at)} where id = ${row.id}`.execute(
    db,
  )
  if (tip > 0 && status !== 'failed') {
    await db
      .insertInto('tips')
      .values({
        restaurantId,
        waiterId: payment.waiterId ?? null,
        paymentId: row.id,
        tableSessionId: payment.sessionId ?? null,
        amount: tip,
        currency: 'RUB',
        rating: payment.rating ?? null,
      })
      .execute()
    await sql`update tips set created_at = ${new Date(payment.at)} where payment_id = ${row.id}`.execute(
      db,
    )
  }
  return row.id
}

export async function waiterIdOf(db: Kysely<Database>, login: string): Promise<string> {
  const row = await db
    .selectFrom('waiters')
    .select('id')
    .where('restaurantId', '=', 'demo')
    .where('login', '=', login)
    .executeTakeFirstOrThrow()
  return row.id
}
