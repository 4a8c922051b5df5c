import type { Order } from '@tableside/contracts/orders'
import type { TableCashSettlement } from '@tableside/contracts/garcon-floor'
import { HttpError, notFound } from '../../http/http-error'
import { sessionExpired } from '../table-sessions/table-session-service'
import { orderUpdateEntries } from './order-events'
import {
  UNKNOWN_ORDER,
  UNKNOWN_SESSION,
  type ActingWaiter,
  type OrderServiceContext,
} from './order-service-context'
import { createTableCashRepository, toTableCashSettlement } from './table-cash-repository'

/** Cash a waiter took: for one order, or for everything due at a table. */
export function createWaiterCash({
  deps,
  now,
  repository,
  restaurantOf,
  view,
}: OrderServiceContext) {
  const { tableSessions } = deps
  return {
    /**
     * A waiter of the order's restaurant took the cash for it (or for what is left of it). An
     * order meant for online payment may be paid so too, when the diner's card would not go
     * through: an online payment that still succeeds afterwards is refunded (payments service).
     */
    async recordCashPayment(id: string, restaurantId: string): Promise<Order> {
      const row = await repository.find(id)
      if (row?.restaurantId !== restaurantId) throw notFound(UNKNOWN_ORDER)
      if (row.paymentStatus === 'paid') return view(row)
      const paid = await deps.db.transaction().execute(async (trx) => {
        const before = await deps.orderPayments.lock(id, trx)
        const marked = await repository.markCashPaid(id, now(), trx)
        if (!marked) return undefined
        await deps.bonus?.paid(trx, marked, {
          payerId: marked.clientId,
          paidMinor: marked.total - (before?.paidAmount ?? 0),
        })
        await deps.outbox.add(orderUpdateEntries(marked), trx)
        return marked
      })
      if (!paid) {
        // Paid meanwhile (the answer stands), or cancelled.
        const fresh = await repository.find(id)
        if (fresh?.paymentStatus === 'paid') return view(fresh)
        throw new HttpError(409, 'order_cancelled', 'A cancelled order is not paid for.')
      }
      void deps.outbox.kick()
      if (paid.tableSessionId) await tableSessions.settleIfDone(paid.tableSessionId)
      return view(paid)
    },

    /**
     * A waiter took cash for everything due at a table, once per `key`: every unpaid order of
     * the session that is not cancelled is paid in one transaction, with the session's row
     * locked so that orders and payments of the table wait for it. Nothing due, or an online
     * payment in progress, is refused and writes nothing; the same key again gives back the
     * first answer.
     */
    async recordCashForTable(
      sessionId: string,
      waiter: ActingWaiter & { restaurantId: string },
      key: string,
    ): Promise<{ settlement: TableCashSettlement; replayed: boolean }> {
      const { restaurantId } = waiter
      const restaurant = await restaurantOf(restaurantId)
      const result = await deps.db.transaction().execute(async (trx) => {
        const cash = createTableCashRepository(trx)
        const session = await cash.lockSession(sessionId)
        if (session?.restaurantId !== restaurantId) throw notFound(UNKNOWN_SESSION)
        const earlier = await cash.findByKey(restaurantId, key)
        if (earlier) {
          if (earlier.tableSessionId !== sessionId) {
            throw new HttpError(
              409,
              'idempotency_conflict',
              'This Idempotency-Key was already used for another table. Use a new key.',
            )
          }
          return { settlement: toTableCashSettlement(earlier), replayed: true }
        }
        if (session.closedAt) throw sessionExpired()
        // The orders are locked before payments are read: a payment of one of them that started
        // first is seen, one that starts now waits and then finds the order paid.
        const unpaid = (await deps.orderPayments.payableForSession(sessionId, trx)).filter(
          (row) => row.paymentStatus !== 'paid' && row.paymentStatus !== 'refunded',
        )
        const live = await deps.payments.liveForSession(sessionId, trx)
        if (live.some((payment) => payment.status === 'pending')) {
          throw new HttpError(
            409,
            'payment_in_progress',
            'A card payment at this table is in progress. Wait until it ends (at most 15 minutes), or cancel it first.',
          )
        }
        const amount = unpaid.reduce((sum, row) => sum + row.total - row.paidAmount, 0)
        if (unpaid.length === 0 || amount <= 0) {
          throw new HttpError(409, 'nothing_due', 'Nothing is due at this table.')
        }
        const at = now()
        const paid = await repository.markSessionCashPaid(
          unpaid.map((row) => row.id),
          at,
          trx,
        )
        for (const order of paid) {
          const before = unpaid.find((row) => row.id === order.id)?.paidAmount ?? 0
          await deps.bonus?.paid(trx, order, {
            payerId: order.clientId,
            paidMinor: order.total - before,
          })
        }
        const row = await cash.insert({
          restaurantId,
          tableSessionId: sessionId,
          waiterId: waiter.id,
          idempotencyKey: key,
          amount,
          currency: restaurant.currency,
          orderNumbers: JSON.stringify(paid.map((order) => order.number).sort((a, b) => a - b)),
          createdAt: at,
        })
        await deps.outbox.add(paid.flatMap(orderUpdateEntries), trx)
        return { settlement: toTableCashSettlement(row), replayed: false }
      })
      if (!result.replayed) {
        void deps.outbox.kick()
        await tableSessions.settleIfDone(sessionId)
      }
      return result
    },
  }
}
