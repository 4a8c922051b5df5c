import type { Transaction } from 'kysely'
import type { Database } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import type { OutboxEntry } from '../outbox/outbox-repository'
import { pointsWorth } from '../bonus/bonus-ledger'
import type { OrderRow, StepBy } from './order-repository'
import type { OrderServiceContext } from './order-service-context'
import { refundEntry } from './refund-entry'

/**
 * Money follows the order (decision 0028): an order that a pending payment holds part of is
 * not cancelled until that payment ends; what online payments paid of a cancelled order is
 * refunded through the provider, by the outbox, and shows in its history at once.
 * Undefined when the order is no longer as `row` had it.
 */
export function createOrderCancel({ deps, now, repository }: OrderServiceContext) {
  return async (
    row: OrderRow,
    trx: Transaction<Database>,
    refuse?: (row: OrderRow) => HttpError | undefined,
    by?: StepBy,
  ): Promise<{ moved: OrderRow; entries: OutboxEntry[] } | undefined> => {
    const locked = await deps.orderPayments.lock(row.id, trx)
    if (locked?.status !== row.status) return undefined
    // A payment may have landed since the actor's rule was judged (the diner's: nothing paid).
    const refusal = refuse?.(locked)
    if (refusal) throw refusal
    if (await deps.payments.pendingHolding(row.id, trx)) {
      throw new HttpError(
        409,
        'payment_in_progress',
        'A payment of this order is in progress. Cancel the payment first, or wait until it ends (at most 15 minutes).',
      )
    }
    const at = now()
    let moved = await repository.changeStatus(row.id, row.status, 'cancelled', at, trx, by)
    if (!moved) return undefined
    const entries: OutboxEntry[] = []
    const payments = await deps.payments.succeededFor(row.id, trx)
    // Points that paid part of it (at checkout, or with a bill payment) come back as points;
    // what bill payments paid in them no longer counts as paid (decision 0060).
    await deps.bonus?.cancelled(trx, row.id)
    const inPoints = payments
      .flatMap((payment) => payment.allocations)
      .filter((allocation) => allocation.orderId === row.id)
      .reduce((sum, allocation) => sum + pointsWorth(allocation), 0)
    if (inPoints > 0)
      moved = (await deps.orderPayments.pointsReturned(row.id, inPoints, trx)) ?? moved
    let left = moved.paidAmount
    for (const payment of payments) {
      const share = payment.allocations
        .filter((allocation) => allocation.orderId === row.id)
        .reduce((sum, allocation) => sum + allocation.amount - pointsWorth(allocation), 0)
      const amount = Math.min(share, left, payment.amount - payment.refundedAmount)
      if (amount <= 0) continue
      left -= amount
      entries.push(refundEntry({ paymentId: payment.id, orderId: row.id, amount, counted: true }))
      moved =
        (await deps.orderPayments.refunded(
          row.id,
          { amount, state: 'in_progress', counted: true },
          at,
          trx,
        )) ?? moved
    }
    return { moved, entries }
  }
}
