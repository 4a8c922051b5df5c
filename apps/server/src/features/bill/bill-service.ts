import type { Bill } from '@tableside/contracts/orders'
import { notFound } from '../../http/http-error'
import type { OrderRepository, OrderRow } from '../orders/order-repository'
import { toBillOrder } from '../orders/order-view'
import { billHolds } from '../payments/bill-payment-plan'
import type { PaidWithOf } from '../payments/paid-with'
import type { PaymentRepository } from '../payments/payment-repository'
import type { RestaurantCache } from '../restaurants/restaurant-cache'
import type { TableSessionService } from '../table-sessions/table-session-service'

export interface BillServiceDeps {
  tableSessions: Pick<TableSessionService, 'get'>
  restaurants: RestaurantCache
  orders: Pick<OrderRepository, 'listBySession'>
  payments: Pick<PaymentRepository, 'liveForSession' | 'servingWaiter' | 'tipsForSession'>
  /** How each order was actually paid (payments' derivation). */
  paidWith: PaidWithOf
}

/**
 * A table's bill: its orders, what is paid and what payments in progress hold. It reads both
 * orders and payments, so neither service needs the other. Whoever holds the session reads it:
 * no order's or payment's id is in it (decision 0015).
 */
export function createBillService({
  tableSessions,
  restaurants,
  orders,
  payments,
  paidWith,
}: BillServiceDeps) {
  return {
    async bill(sessionId: string): Promise<Bill> {
      const session = await tableSessions.get(sessionId)
      const restaurant = await restaurants.get(session.restaurantId)
      if (!restaurant) throw notFound('This restaurant does not exist.')
      const [rows, live, waiter, tips] = await Promise.all([
        orders.listBySession(sessionId),
        payments.liveForSession(sessionId),
        payments.servingWaiter(sessionId),
        payments.tipsForSession(sessionId),
      ])
      const ways = await paidWith(rows)
      const payable = rows.filter((row) => row.status !== 'cancelled')
      const holds = billHolds(payable, live)
      const sum = (pick: (row: OrderRow) => number) =>
        payable.reduce((total, row) => total + pick(row), 0)
      const total = sum((row) => row.total)
      const paid = sum((row) => row.paidAmount)
      return {
        sessionId,
        table: session.table,
        sessionStatus: session.status,
        currency: restaurant.currency,
        orders: rows.map((row) =>
          toBillOrder(row, ways.get(row.id) ?? [], holds.byOrder.get(row.id)),
        ),
        totals: {
          subtotal: sum((row) => row.subtotal),
          serviceCharge: sum((row) => row.serviceCharge),
          total,
          paid,
          // Money on its way has not arrived: it is shown as being paid, and still due.
          pending: holds.pending,
          due: Math.max(0, total - paid),
          free: Math.max(0, total - paid - holds.pending),
          tips,
        },
        splitBy: holds.splitBy,
        waiter: waiter ? { name: waiter.name } : null,
      }
    },
  }
}

export type BillService = ReturnType<typeof createBillService>
