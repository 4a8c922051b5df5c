import type { Kysely } from 'kysely'
import type { PaidWay, PaidWith, PaymentStatus } from '@tableside/contracts/orders'
import type { Database } from '../../db/schema'
import { pointsWorth } from '../bonus/bonus-ledger'
import { createRefundRepository, type RefundRow } from '../orders/refund-repository'
import { createPaymentRepository, type PaymentRow } from './payment-repository'

/** What the derivation reads of an order: what is paid of it now, and the points it spent. */
export interface PaidOrder {
  id: string
  paidAmount: number
  paymentStatus: PaymentStatus
  /** Points spent when it was placed (its `totals.discount` counts them). */
  bonusPoints: number
}

/** An online payment that took money (succeeded, or refunded since). */
export type TakenPayment = Pick<PaymentRow, 'method' | 'status' | 'allocations'>
export type OrderRefundRow = Pick<RefundRow, 'orderId' | 'kind' | 'amount' | 'state'>

const WAYS: readonly PaidWay[] = ['card', 'sbp', 'cash', 'points']

const settled = (order: PaidOrder) =>
  order.paymentStatus === 'paid' || order.paymentStatus === 'refunded'

/**
 * How an order was actually paid (issue 28), from its payment records rather than the way
 * chosen at checkout: each online payment that took money for it names its method; cash is the
 * money paid that no online payment or points account for (what is paid now, plus what refunds
 * gave back, less the online shares and points); points spent on it count once money came in or
 * it is paid in full. One derivation for every screen that names it.
 */
export function paidWithOf(
  order: PaidOrder,
  payments: readonly TakenPayment[],
  refunds: readonly OrderRefundRow[],
): PaidWith {
  const ways = new Set<PaidWay>()
  let online = 0
  let points = order.bonusPoints
  for (const payment of payments) {
    if (payment.status !== 'succeeded' && payment.status !== 'refunded') continue
    for (const allocation of payment.allocations) {
      if (allocation.orderId !== order.id) continue
      const money = allocation.amount - pointsWorth(allocation)
      online += money + pointsWorth(allocation)
      points += allocation.points ?? 0
      if (money > 0) ways.add(payment.method)
    }
  }
  const givenBack = refunds
    .filter((row) => row.orderId === order.id && row.kind !== 'tip' && row.state !== 'failed')
    .reduce((sum, row) => sum + row.amount, 0)
  if (order.paidAmount + givenBack - online > 0) ways.add('cash')
  if (points > 0 && (ways.size > 0 || settled(order))) ways.add('points')
  return WAYS.filter((way) => ways.has(way))
}

/** What `paidWith` reads: payments' and refunds' rows of many orders at once. */
export interface PaidWithReads {
  takenFor(orderIds: readonly string[]): Promise<(TakenPayment & { id: string })[]>
  refundsOf(orderIds: readonly string[]): Promise<OrderRefundRow[]>
}

/**
 * `paidWithOf` for many orders in two reads (a floor, a bill, the live view). Not for use inside
 * a transaction: on the embedded database its one connection is the transaction's.
 */
export function createPaidWith(reads: PaidWithReads) {
  return async (orders: readonly PaidOrder[]): Promise<Map<string, PaidWith>> => {
    // Nothing has come in for an order with nothing paid that was never paid in full (a new
    // order, most of a floor): no read, so placing an order costs no more than before.
    const read = orders.filter((order) => order.paidAmount > 0 || settled(order))
    const ids = read.map((order) => order.id)
    const [payments, refunds] =
      ids.length === 0 ? [[], []] : await Promise.all([reads.takenFor(ids), reads.refundsOf(ids)])
    return new Map(orders.map((order) => [order.id, paidWithOf(order, payments, refunds)]))
  }
}

export type PaidWithOf = ReturnType<typeof createPaidWith>

/** `createPaidWith` over the payments' and refunds' repositories of `db`. */
export function paidWithFrom(db: Kysely<Database>): PaidWithOf {
  const payments = createPaymentRepository(db)
  const refunds = createRefundRepository(db)
  return createPaidWith({
    takenFor: (ids) => payments.takenFor(ids),
    refundsOf: (ids) => refunds.ofOrders(ids),
  })
}
