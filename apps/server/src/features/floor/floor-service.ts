import type { Kysely, Transaction } from 'kysely'
import type { Waiter } from '@tableside/contracts/garcon'
import type { GarconAlert } from '@tableside/contracts/garcon-alerts'
import {
  MAX_TABLELESS_ORDERS,
  type FloorOrder,
  type FloorSession,
  type FloorTable,
  type GarconFloor,
  type TablelessOrder,
} from '@tableside/contracts/garcon-floor'
import { tableSessionMoved } from '@tableside/contracts/table-events'
import type { PaidWith } from '@tableside/contracts/orders'
import { tableChannel, type TableRef } from '@tableside/contracts/table-sessions'
import type { Database } from '../../db/schema'
import { HttpError, notFound } from '../../http/http-error'
import { waitingFirst } from '../../lib/table-order'
import type { OrderBonus } from '../bonus/bonus-orders'
import type { PaidWithOf } from '../payments/paid-with'
import { billUpdatedEntry, kitchenChangedEntry, orderUpdateEntries } from '../orders/order-events'
import { createOrderRepository } from '../orders/order-repository'
import { publishEntry, type Outbox } from '../outbox/outbox'
import type { OutboxEntry } from '../outbox/outbox-repository'
import type { RestaurantCache } from '../restaurants/restaurant-cache'
import { createTableSessionRepository } from '../table-sessions/table-session-repository'
import {
  closedEntry,
  expireSession,
  sessionExpired,
  type AlertAtTable,
} from '../table-sessions/table-session-service'
import { createFloorRepository, type FloorOrderRow, type FloorTableRow } from './floor-repository'

const UNKNOWN_SESSION = 'This table session does not exist.'

/** An alert as the waiter area stores it, before it is anyone's row. */
export type FloorAlert = Omit<GarconAlert, 'id' | 'createdAt' | 'readAt'>

/**
 * Whether the waiter is wanted at the table now: a call (the bill too), a new order nobody took,
 * an order ready to carry.
 */
export function somethingWaits(session: FloorSession | null): boolean {
  if (!session) return false
  return (
    session.calls.some((call) => call.status !== 'done') ||
    session.orders.some((order) => order.status === 'placed' || order.status === 'ready')
  )
}

export interface FloorServiceDeps {
  db: Kysely<Database>
  restaurants: RestaurantCache
  /** Where a close or a move tells the table, in the transaction that makes it. */
  outbox: Outbox
  /** Gives waiters a stored alert in `trx` (the waiter area's alerts, composed by the app). */
  raiseAlert: (
    trx: Transaction<Database>,
    restaurantId: string,
    waiterIds: readonly string[],
    alert: FloorAlert,
  ) => Promise<unknown>
  /** Tells whoever hears a table's session but `alert.except`, in `trx` (the same alerts). */
  alertAtTable?: AlertAtTable
  /**
   * What a completed, paid order earned becomes available (decision 0060). Required: a floor
   * without it closes tables whose points then never become available.
   */
  bonus: Pick<OrderBonus, 'moved'>
  /** How each order was actually paid (payments' derivation, issue 28). */
  paidWith: PaidWithOf
  now?: () => Date
}

/** What the floor shows of any order, from the floor repository's columns. */
function toFloorOrder(
  row: FloorOrderRow,
  placedBy: FloorOrder['placedBy'],
  paidWith: PaidWith,
): FloorOrder {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    placedAt: row.placedAt.toISOString(),
    placedBy,
    lines: row.lines,
    total: row.total,
    paidAmount: row.paidAmount,
    paymentMethod: row.paymentMethod,
    paymentStatus: row.paymentStatus,
    paidWith,
    comment: row.comment,
  }
}

const money = (amount: number, currency: string) => `${String(amount / 100)} ${currency}`

/**
 * The waiter's floor (decision 0044): their tables as the database has them (so a reload or a
 * second device shows the same), and a table's session closed by hand or moved to another
 * table, each in one transaction with what it tells.
 */
export function createFloorService(deps: FloorServiceDeps) {
  const { db, outbox } = deps
  const now = deps.now ?? (() => new Date())
  const repository = createFloorRepository(db)
  const ends = { outbox, alertAtTable: deps.alertAtTable }

  return {
    /**
     * My tables with their open sessions, and the restaurant's open orders without a table: five
     * queries, however many tables.
     */
    async floor(waiter: Waiter): Promise<GarconFloor> {
      const restaurant = await deps.restaurants.get(waiter.restaurantId)
      if (!restaurant) throw notFound('This restaurant does not exist.')
      const tables = await repository.myTables(waiter.id, waiter.restaurantId, now())
      const sessionIds = tables.flatMap((table) => (table.sessionId ? [table.sessionId] : []))
      const [orders, calls, pending, tableless] = await Promise.all([
        repository.orders(sessionIds),
        repository.openCalls(sessionIds),
        repository.pendingPayments(sessionIds),
        repository.tableless(waiter.restaurantId, MAX_TABLELESS_ORDERS),
      ])

      const ways = await deps.paidWith([...orders, ...tableless])
      const sessionOf = new Map<string, string>()
      const ordersBySession = new Map<string, FloorOrder[]>()
      const totals = new Map<string, { total: number; paid: number; pending: number }>()
      for (const sessionId of sessionIds) {
        ordersBySession.set(sessionId, [])
        totals.set(sessionId, { total: 0, paid: 0, pending: 0 })
      }
      for (const row of orders) {
        const sessionId = row.tableSessionId ?? ''
        ordersBySession
          .get(sessionId)
          ?.push(
            toFloorOrder(
              row,
              row.placedByWaiterId !== null ? { name: row.placedByName ?? '' } : null,
              ways.get(row.id) ?? [],
            ),
          )
        const sum = totals.get(sessionId)
        if (!sum || row.status === 'cancelled') continue
        sessionOf.set(row.id, sessionId)
        sum.total += row.total
        sum.paid += row.paidAmount
      }
      for (const payment of pending) {
        for (const allocation of payment.allocations) {
          const sum = totals.get(sessionOf.get(allocation.orderId) ?? '')
          if (sum) sum.pending += allocation.amount
        }
      }
      const callsBySession = new Map<string, FloorSession['calls']>()
      for (const call of calls) {
        const list = callsBySession.get(call.tableSessionId) ?? []
        list.push({
          id: call.id,
          reason: call.reason,
          comment: call.comment,
          status: call.status,
          createdAt: call.createdAt.toISOString(),
          acknowledgedAt: call.acknowledgedAt?.toISOString() ?? null,
          acknowledgedBy: call.acknowledgedBy,
        })
        callsBySession.set(call.tableSessionId, list)
      }

      const sessionFor = (table: FloorTableRow): FloorSession | null => {
        const { sessionId, openedAt, lastActivityAt, expiresAt } = table
        if (!sessionId || !openedAt || !lastActivityAt || !expiresAt) return null
        const sum = totals.get(sessionId) ?? { total: 0, paid: 0, pending: 0 }
        return {
          id: sessionId,
          openedAt: openedAt.toISOString(),
          lastActivityAt: lastActivityAt.toISOString(),
          expiresAt: expiresAt.toISOString(),
          orders: ordersBySession.get(sessionId) ?? [],
          totals: {
            total: sum.total,
            paid: sum.paid,
            pending: sum.pending,
            // As the table's bill says: what is being paid now has not arrived.
            due: Math.max(0, sum.total - sum.paid),
          },
          calls: callsBySession.get(sessionId) ?? [],
        }
      }
      return {
        currency: restaurant.currency,
        tables: tables
          .map((table): FloorTable => ({
            code: table.code,
            label: table.label,
            zone: table.zone,
            enabled: table.enabled,
            session: sessionFor(table),
          }))
          .sort(waitingFirst((table) => somethingWaits(table.session))),
        tableless: tableless.flatMap((row): TablelessOrder[] =>
          row.type === 'dine_in'
            ? []
            : [
                {
                  ...toFloorOrder(row, null, ways.get(row.id) ?? []),
                  type: row.type,
                  contact: row.contact,
                  address: row.address,
                  scheduledFor: row.scheduledFor?.toISOString() ?? null,
                  guests: row.guests,
                },
              ],
        ),
      }
    },

    /**
     * Ends a table's session by hand once its bill is settled: every order not cancelled is
     * paid and served (served ones become completed, the guests have left). Anything due, a
     * payment in progress or an order still in the kitchen is refused and changes nothing.
     * The table's other waiters are told who closed it, in the same transaction (decision 0049).
     */
    async close(
      sessionId: string,
      waiter: Waiter,
    ): Promise<{ sessionId: string; closedAt: string }> {
      const at = now()
      const { closedAt, changed } = await db.transaction().execute(async (trx) => {
        const session = await repository.lockSession(sessionId, trx)
        if (session?.restaurantId !== waiter.restaurantId) throw notFound(UNKNOWN_SESSION)
        if (session.closedAt) return { closedAt: session.closedAt, changed: false }
        const sessions = createTableSessionRepository(trx)
        if (session.expiresAt <= at) {
          // Ran out before the sweep ended it: it ends as every run-out session does.
          await expireSession(trx, sessionId, at, ends, [waiter.id])
          return { closedAt: at, changed: true }
        }
        const orders = (await repository.lockOrders(sessionId, trx)).filter(
          (order) => order.status !== 'cancelled',
        )
        if (await repository.paymentInProgress(sessionId, trx)) {
          throw new HttpError(
            409,
            'payment_in_progress',
            'A card payment at this table is in progress. Wait until it ends (at most 15 minutes), or cancel it first.',
          )
        }
        const unpaid = orders.filter((order) => order.paymentStatus !== 'paid')
        if (unpaid.length > 0) {
          const due = unpaid.reduce((sum, order) => sum + order.total - order.paidAmount, 0)
          const currency = unpaid[0]?.currency.trim() ?? ''
          throw new HttpError(
            409,
            'bill_not_settled',
            `${money(due, currency)} is still due at table ${session.label}. Take the cash or let the guests pay, then close the table.`,
          )
        }
        const inKitchen = orders.filter(
          (order) => order.status !== 'served' && order.status !== 'completed',
        )
        if (inKitchen.length > 0) {
          const numbers = inKitchen.map((order) => String(order.number)).join(', ')
          throw new HttpError(
            409,
            'orders_in_progress',
            `${inKitchen.length === 1 ? 'Order' : 'Orders'} ${numbers} at table ${session.label} ${inKitchen.length === 1 ? 'is' : 'are'} not served yet: serve or cancel ${inKitchen.length === 1 ? 'it' : 'them'} first.`,
          )
        }
        const entries: OutboxEntry[] = []
        const orderRepository = createOrderRepository(trx)
        for (const order of orders.filter((row) => row.status === 'served')) {
          const completed = await orderRepository.changeStatus(
            order.id,
            'served',
            'completed',
            at,
            trx,
            { waiter: { name: waiter.name } },
          )
          if (!completed) continue
          await deps.bonus.moved(trx, completed)
          entries.push(...orderUpdateEntries(completed))
        }
        await sessions.close(sessionId, 'settled', at, trx)
        await outbox.add([...entries, closedEntry(sessionId, 'settled')], trx)
        await deps.alertAtTable?.(trx, sessionId, {
          kind: 'session_ended',
          orderNumber: null,
          detail: { closedReason: 'waiter', closedBy: { name: waiter.name } },
          except: [waiter.id],
        })
        return { closedAt: at, changed: true }
      })
      if (changed) void outbox.kick()
      return { sessionId, closedAt: closedAt.toISOString() }
    },

    /**
     * Moves the guests to another free table of the restaurant: the session (and so its
     * orders, bill and calls) belongs to that table from now; both tables' waiters are alerted
     * and the phones at the table told. The session's row, then the target table's, are locked:
     * a phone opening a session at the target waits, then joins the moved guests'.
     */
    async move(
      sessionId: string,
      waiter: Waiter,
      tableCode: string,
    ): Promise<{ sessionId: string; table: TableRef }> {
      const at = now()
      const { table, changed } = await db.transaction().execute(async (trx) => {
        const session = await repository.lockSession(sessionId, trx)
        if (session?.restaurantId !== waiter.restaurantId) throw notFound(UNKNOWN_SESSION)
        if (session.closedAt || session.expiresAt <= at) throw sessionExpired()
        const from: TableRef = { code: session.code, label: session.label, zone: session.zone }
        if (session.code.toLowerCase() === tableCode.toLowerCase()) {
          return { table: from, changed: false }
        }
        const target = await repository.lockTable(waiter.restaurantId, tableCode, trx)
        if (!target) {
          throw new HttpError(400, 'validation_failed', `No table ${tableCode} here.`, [
            { path: 'body.tableCode', message: `No table ${tableCode} here.` },
          ])
        }
        if (!target.enabled) {
          throw new HttpError(
            409,
            'table_disabled',
            `Table ${target.label} is not in service: choose another table.`,
          )
        }
        const occupied = await repository.openSessionAt(target.id, trx)
        if (occupied && occupied.expiresAt > at) {
          throw new HttpError(
            409,
            'table_occupied',
            `Guests are already at table ${target.label}: choose a free table.`,
          )
        }
        if (occupied) await expireSession(trx, occupied.id, at, ends)
        const to: TableRef = { code: target.code, label: target.label, zone: target.zone }
        await repository.moveSession(sessionId, { id: target.id, ref: to }, at, trx)
        await deps.raiseAlert(
          trx,
          waiter.restaurantId,
          await repository.waitersAt([session.tableId, target.id], trx),
          {
            kind: 'table_moved',
            table: { code: to.code, label: to.label },
            orderNumber: null,
            callId: null,
            detail: { movedFrom: { code: from.code, label: from.label } },
          },
        )
        await outbox.add(
          [
            publishEntry(tableChannel(sessionId), tableSessionMoved, { sessionId, table: to }),
            billUpdatedEntry(sessionId),
            // The kitchen's tickets name the table (decision 0070).
            kitchenChangedEntry(waiter.restaurantId, null),
          ],
          trx,
        )
        return { table: to, changed: true }
      })
      if (changed) void outbox.kick()
      return { sessionId, table }
    },
  }
}

export type FloorService = ReturnType<typeof createFloorService>
