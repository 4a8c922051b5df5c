import { randomUUID } from 'node:crypto'
import type { Transaction } from 'kysely'
import type { Database } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import type { OutboxEntry } from '../outbox/outbox-repository'
import { MINOR_PER_POINT, pointsWorth } from '../bonus/bonus-ledger'
import type { OrderRow, StepBy } from './order-repository'
import type { OrderServiceContext, StaffCancel } from './order-service-context'
import { refundEntry } from './refund-entry'
import type { NewRefund } from './refund-repository'

/** What a cancel's refunds say when nobody gave a reason (the diner cancelled their own order). */
const NO_REASON = 'Заказ отменён'

/**
 * Money follows the order (decision 0028): an order that a pending payment holds part of is
 * not cancelled until that payment ends; what online payments paid of a cancelled order is
 * refunded through the provider, by the outbox, and shows in its history at once. Each way the
 * money goes back is a `refunds` row of kind `whole` (decision 0119): online, cash handed back,
 * points returned. Undefined when the order is no longer as `row` had it.
 */
export function createOrderCancel({ deps, now, repository }: OrderServiceContext) {
  return async (
    row: OrderRow,
    trx: Transaction<Database>,
    refuse?: (row: OrderRow) => HttpError | undefined,
    by?: StepBy,
    staff?: StaffCancel,
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
    const reason = staff?.reason?.trim() || NO_REASON
    const actor = staff?.manager
      ? { actorKind: 'manager' as const, actorId: staff.manager.id, actorName: staff.manager.name }
      : staff?.waiter
        ? { actorKind: 'waiter' as const, actorId: staff.waiter.id, actorName: staff.waiter.name }
        : { actorKind: 'diner' as const, actorId: null, actorName: 'Гость' }
    const actionId = randomUUID()
    const rows: NewRefund[] = []
    const common = {
      restaurantId: row.restaurantId,
      orderId: row.id,
      actionId,
      kind: 'whole' as const,
      reason,
      currency: row.currency.trim(),
      ...actor,
    }
    const said = { kind: 'whole' as const, reason }
    const payments = await deps.payments.succeededFor(row.id, trx)
    // Points that paid part of it (at checkout, or with a bill payment) come back as points;
    // what bill payments paid in them no longer counts as paid (decision 0060).
    // A part refund may have given some of them back already (decision 0131): only the rest.
    const allocated = payments
      .flatMap((payment) => payment.allocations)
      .filter((allocation) => allocation.orderId === row.id)
      .reduce((sum, allocation) => sum + pointsWorth(allocation), 0)
    const inPoints = deps.bonus
      ? Math.min(allocated, (await deps.bonus.billPointsLeft(trx, row.id)) * MINOR_PER_POINT)
      : allocated
    const pointsBack =
      (await deps.bonus?.cancelled(trx, row.id)) ??
      Math.round(inPoints / MINOR_PER_POINT) + row.bonusPoints
    if (inPoints > 0) {
      moved = (await deps.orderPayments.pointsReturned(row.id, inPoints, trx)) ?? moved
    }
    if (pointsBack > 0) {
      rows.push({ ...common, way: 'points', amount: 0, pointsReturned: pointsBack, state: 'done' })
    }
    let left = moved.paidAmount
    for (const payment of payments) {
      const share = payment.allocations
        .filter((allocation) => allocation.orderId === row.id)
        .reduce((sum, allocation) => sum + allocation.amount - pointsWorth(allocation), 0)
      const amount = Math.min(share, left, payment.amount - payment.refundedAmount)
      if (amount <= 0) continue
      left -= amount
      const id = randomUUID()
      rows.push({
        ...common,
        id,
        way: 'online',
        paymentId: payment.id,
        amount,
        state: 'in_progress',
      })
      entries.push(
        refundEntry({
          paymentId: payment.id,
          orderId: row.id,
          amount,
          counted: true,
          refundId: id,
        }),
      )
      moved =
        (await deps.orderPayments.refunded(
          row.id,
          { amount, state: 'in_progress', counted: true, said },
          at,
          trx,
        )) ?? moved
    }
    if (left > 0) {
      // The rest was paid in cash to the waiter: the restaurant hands it back (decision 0119).
      rows.push({ ...common, way: 'cash', amount: left, state: 'done', completedAt: at })
      const cash = { amount: left, counted: true, said }
      moved =
        (await deps.orderPayments.refunded(row.id, { ...cash, state: 'in_progress' }, at, trx)) ??
        moved
      moved =
        (await deps.orderPayments.refunded(row.id, { ...cash, state: 'done' }, at, trx)) ?? moved
    }
    await deps.refunds.add(rows, trx)
    if (staff?.also) entries.push(...(await staff.also(trx, moved)))
    return { moved, entries }
  }
}
