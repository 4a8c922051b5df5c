import type { Transaction } from 'kysely'
import { nextStatuses, type OrderStatus } from '@tableside/contracts/order-status'
import { awaitsPayment, type Order } from '@tableside/contracts/orders'
import type { Database } from '../../db/schema'
import { HttpError, notFound } from '../../http/http-error'
import { createOrderCancel } from './order-cancel'
import { orderUpdateEntries } from './order-events'
import type { OrderRow, StepBy } from './order-repository'
import { UNKNOWN_ORDER, type OrderServiceContext, type StaffCancel } from './order-service-context'
import { dinerMayCancel } from './order-view'

/** An order moved along its transition table: by the diner (a cancel), a waiter, the kitchen. */
export function createOrderStatusChanges(context: OrderServiceContext) {
  const { deps, now, repository } = context
  const cancelIn = createOrderCancel(context)

  /**
   * A step other than a cancel, in the caller's transaction, compared and set on `from`: the
   * change, what it tells (the outbox), the points of a completed order, and the table's
   * waiters alerted when it is ready. Undefined when the order is no longer `from`.
   */
  const stepIn = async (
    trx: Transaction<Database>,
    id: string,
    from: OrderStatus,
    to: Exclude<OrderStatus, 'cancelled'>,
    by?: StepBy,
  ): Promise<OrderRow | undefined> => {
    const order = await repository.changeStatus(id, from, to, now(), trx, by)
    if (!order) return undefined
    await deps.outbox.add(orderUpdateEntries(order), trx)
    await deps.alerts?.moved?.(trx, order)
    if (to === 'completed') await deps.bonus?.moved(trx, order)
    if (to === 'ready' && order.tableSessionId) {
      await deps.alerts?.atTable(trx, order.tableSessionId, {
        kind: 'order_ready',
        orderNumber: order.number,
        detail: { amount: order.total, currency: order.currency.trim() },
      })
    }
    return order
  }

  /**
   * Moves an order along the transition table. `refuse` is the actor's own rule (the diner
   * may cancel only a placed order); it is judged again against the order as it is now
   * whenever someone else moved it first. The change and what it tells are one transaction
   * (the outbox, decision 0027).
   */
  const move = async (
    row: OrderRow,
    to: OrderStatus,
    refuse?: (row: OrderRow) => HttpError | undefined,
    by?: StepBy,
    staff?: StaffCancel,
  ): Promise<Order> => {
    const refusal = refuse?.(row)
    if (refusal) throw refusal
    if (!nextStatuses(row.type, row.status).includes(to)) {
      throw new HttpError(
        409,
        'illegal_status_change',
        `An order that is ${row.status} cannot become ${to}.`,
      )
    }
    const moved = await deps.db.transaction().execute(async (trx) => {
      if (to !== 'cancelled') return stepIn(trx, row.id, row.status, to, by)
      const changed = await cancelIn(row, trx, refuse, by, staff)
      if (!changed) return undefined
      await deps.outbox.add([...changed.entries, ...orderUpdateEntries(changed.moved)], trx)
      await deps.alerts?.moved?.(trx, changed.moved)
      return changed.moved
    })
    if (!moved) {
      // Someone else moved it first: judge the move against where it is now.
      const fresh = await repository.find(row.id)
      if (!fresh) throw notFound(UNKNOWN_ORDER)
      if (fresh.status === to) return context.view(fresh)
      return move(fresh, to, refuse, by, staff)
    }
    void deps.outbox.kick()
    if (moved.tableSessionId) await deps.tableSessions.settleIfDone(moved.tableSessionId)
    return context.view(moved)
  }

  return {
    /** The diner cancels: only while nobody has accepted the order. */
    async cancelByDiner(id: string): Promise<Order> {
      const row = await repository.find(id)
      if (!row) throw notFound(UNKNOWN_ORDER)
      if (row.status === 'cancelled') return context.view(row)
      return move(row, 'cancelled', (current) => {
        if (dinerMayCancel(current)) return undefined
        return new HttpError(
          409,
          'order_not_cancellable',
          current.status === 'placed'
            ? 'This order is already paid. Ask your waiter to change it.'
            : 'The restaurant has already accepted this order. Ask your waiter to change it.',
        )
      })
    },

    /**
     * A waiter (or, cancelling, a manager) of the order's restaurant moves it along the
     * transition table. Named (`by`), the step carries their name, and a cancel needs their
     * reason, which its refunds carry too (decision 0119).
     */
    async changeStatus(
      id: string,
      restaurantId: string,
      to: OrderStatus,
      by?: StaffCancel,
    ): Promise<Order> {
      const reason = by?.reason?.trim() ?? ''
      if (by && to === 'cancelled' && reason === '') {
        throw new HttpError(400, 'validation_failed', 'Say why the order is cancelled.', [
          { path: 'body.reason', message: 'Required to cancel' },
        ])
      }
      const row = await repository.find(id)
      if (row?.restaurantId !== restaurantId) throw notFound(UNKNOWN_ORDER)
      if (row.status === to) return context.view(row)
      const step: StepBy | undefined = by && {
        ...(by.waiter ? { waiter: { name: by.waiter.name } } : {}),
        ...(by.manager ? { manager: { name: by.manager.name } } : {}),
        ...(to === 'cancelled' ? { reason } : {}),
      }
      const { settings } = await context.restaurantOf(restaurantId)
      // An order paid online goes to the kitchen once its money is there, unless the restaurant
      // cooks first (issue 28); judged again on the order as it is if someone moved it first.
      const unpaid = (current: OrderRow) =>
        to === 'accepted' && awaitsPayment(current, settings)
          ? new HttpError(
              409,
              'payment_required',
              `Order ${current.number} is paid online and its payment has not arrived (${current.paymentStatus}). Take the payment another way or cancel the order.`,
            )
          : undefined
      return move(row, to, unpaid, step, by && { ...by, reason })
    },

    /**
     * The kitchen's step (decision 0071), in the kitchen's transaction that holds the order's
     * row: accepted → cooking at the first bump, cooking → ready at the last, and back from
     * ready to cooking when the bump that made it ready is undone in time (the one step the
     * transition table does not list). The same events and alerts as any other step.
     */
    async kitchenStepIn(
      trx: Transaction<Database>,
      id: string,
      from: OrderStatus,
      to: 'cooking' | 'ready',
    ): Promise<OrderStatus | undefined> {
      const allowed =
        (from === 'accepted' && to === 'cooking') ||
        (from === 'cooking' && to === 'ready') ||
        (from === 'ready' && to === 'cooking')
      if (!allowed) {
        throw new HttpError(
          409,
          'illegal_status_change',
          `An order that is ${from} cannot become ${to}.`,
        )
      }
      return (await stepIn(trx, id, from, to))?.status
    },
  }
}
