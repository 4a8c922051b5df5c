import { randomBytes, randomUUID } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import type { AuditKind } from '@tableside/contracts/audit'
import type {
  OrderDetail,
  OrderRefund,
  RefundLine,
  RefundOrderBody,
  RefundTipBody,
  StaffCancelBody,
} from '@tableside/contracts/refunds'
import type { ErrorCode } from '@tableside/contracts/errors'
import type { OrderReceipt } from '@tableside/contracts/receipts'
import type { Database } from '../../db/schema'
import { HttpError, notFound } from '../../http/http-error'
import type { AuditChange } from '../audit/audit-log'
import { MINOR_PER_POINT, pointsWorth } from '../bonus/bonus-ledger'
import type { OrderBonus } from '../bonus/bonus-orders'
import { orderUpdateEntries } from '../orders/order-events'
import type { OrderPaymentRepository } from '../orders/order-payment-repository'
import type { OrderRow } from '../orders/order-repository'
import type { OrderService } from '../orders/order-service'
import { toOrder } from '../orders/order-view'
import { refundEntry } from '../orders/refund-entry'
import type { NewRefund, RefundRepository, RefundRow } from '../orders/refund-repository'
import type { Outbox } from '../outbox/outbox'
import type { OutboxEntry } from '../outbox/outbox-repository'
import { paidWithOf } from './paid-with'
import { refundAction, refundTurn } from './refund-turn'
import { floorOrderEntries } from './payment-events'
import type { PaymentRepository, PaymentRow } from './payment-repository'

export const UNKNOWN_ORDER = 'There is no such order at this restaurant.'

/** Who refunds: a manager from the back office, or a waiter for their tables (decision 0119). */
export type RefundActor =
  | { kind: 'manager'; id: string; name: string; restaurantId: string }
  | { kind: 'waiter'; id: string; name: string; restaurantId: string }

export interface RefundServiceDeps {
  db: Kysely<Database>
  repository: PaymentRepository
  orderPayments: Pick<OrderPaymentRepository, 'lock' | 'find' | 'refunded' | 'refundTurned'>
  refunds: RefundRepository
  orders: Pick<OrderService, 'changeStatus'>
  outbox: Outbox
  bonus?:
    Pick<OrderBonus, 'refunded' | 'givenBack' | 'checkoutPointsBack' | 'billPointsBack'> | undefined
  /** Whether the restaurant lets waiters refund (the `waiterRefunds` setting). */
  waitersMayRefund: (restaurantId: string) => Promise<boolean>
  /** The fiscal receipts of the order's payments and refunds (decision 0134). */
  receiptsOf?: (orderId: string, paymentIds: readonly string[]) => Promise<OrderReceipt[]>
  /** Records the action in the audit log, in its transaction. */
  audit: (trx: Transaction<Database>, actor: RefundActor, change: AuditChange) => Promise<void>
  now: () => Date
}

const conflict = (code: ErrorCode, message: string) => new HttpError(409, code, message)

/** What a payment paid of the order in money (its points apart). */
const shareOf = (payment: PaymentRow, orderId: string) =>
  payment.allocations
    .filter((allocation) => allocation.orderId === orderId)
    .reduce((sum, allocation) => sum + allocation.amount - pointsWorth(allocation), 0)

const pointsOf = (payment: PaymentRow, orderId: string) =>
  payment.allocations
    .filter((allocation) => allocation.orderId === orderId)
    .reduce((sum, allocation) => sum + (allocation.points ?? 0), 0)

/** A line's own price for `quantity` of it: its share of the line's total. */
const lineValue = (line: OrderRow['lines'][number], quantity: number) =>
  Math.round((line.lineTotal * quantity) / Math.max(1, line.quantity))

/** The same line named twice is one: two quantities add up. */
function merged(lines: readonly RefundLine[]): RefundLine[] {
  const byLine = new Map<number, number>()
  for (const { line, quantity } of lines) byLine.set(line, (byLine.get(line) ?? 0) + quantity)
  return [...byLine].map(([line, quantity]) => ({ line, quantity }))
}

const toRefund = (row: RefundRow, waiterNames: ReadonlyMap<string, string>): OrderRefund => ({
  id: row.id,
  actionId: row.actionId,
  kind: row.kind,
  way: row.way,
  paymentId: row.paymentId,
  lines: row.lines,
  amount: row.amount,
  takenOff: row.takenOff,
  pointsReturned: row.pointsReturned,
  pointsTakenBack: row.pointsTakenBack,
  state: row.state,
  providerRefundId: row.providerRefundId,
  reason: row.reason,
  actor: { kind: row.actorKind, name: row.actorName },
  waiter: row.waiterId ? { name: waiterNames.get(row.waiterId) ?? '' } : null,
  createdAt: row.createdAt.toISOString(),
  completedAt: row.completedAt?.toISOString() ?? null,
})

/**
 * Refunds and corrections (issue 28, decision 0119): part of an order (lines, quantities or an
 * amount), a comp, a tip, and a cancel that asks about the tip. Every action locks the order
 * first and judges what is left against the locked row, so two at once never give back twice;
 * a payment of the order in progress (its webhook may be landing) refuses it. Money goes back
 * the way it came: online through the acquirer by the outbox, then cash handed back, then points.
 */
export function createRefundService(deps: RefundServiceDeps) {
  const { db, repository, orderPayments, refunds, outbox, now } = deps

  /**
   * The order locked for the action, once the actor may act on it. The restaurant's setting is
   * read before the transaction (`allowed`), which one connection (PGlite) could not serve.
   */
  async function lockedOrder(
    orderId: string,
    actor: RefundActor,
    trx: Transaction<Database>,
  ): Promise<OrderRow> {
    const order = await orderPayments.lock(orderId, trx)
    if (order?.restaurantId !== actor.restaurantId) throw notFound(UNKNOWN_ORDER)
    await atTheirTable(actor, order, trx)
    return order
  }

  /** A waiter acts only where the restaurant allows it. */
  async function allowed(actor: RefundActor): Promise<void> {
    if (actor.kind === 'manager') return
    if (!(await deps.waitersMayRefund(actor.restaurantId))) {
      throw new HttpError(
        403,
        'refunds_not_allowed',
        'This restaurant lets only a manager cancel paid orders and refund. Ask the manager.',
      )
    }
  }

  /** A waiter acts on the orders of the tables they serve (and on orders at no table). */
  async function atTheirTable(
    actor: RefundActor,
    order: OrderRow,
    executor: Kysely<Database> | Transaction<Database>,
  ): Promise<void> {
    if (actor.kind === 'manager' || !order.tableSessionId) return
    if (!(await repository.serves(actor.id, order.tableSessionId, executor))) {
      throw new HttpError(
        403,
        'not_your_table',
        `Order ${String(order.number)} is at a table you do not serve.`,
      )
    }
  }

  const actorColumns = (actor: RefundActor) => ({
    actorKind: actor.kind,
    actorId: actor.id,
    actorName: actor.name,
  })

  const audit = (
    trx: Transaction<Database>,
    actor: RefundActor,
    action: Extract<AuditKind, { entity: 'order' }>['action'],
    order: OrderRow,
    after: Record<string, unknown>,
  ) =>
    deps.audit(trx, actor, {
      entity: 'order',
      action,
      entityId: order.id,
      before: { number: order.number, total: order.total, paidAmount: order.paidAmount },
      after: { number: order.number, ...after },
    })

  /** Tells the order's channels, the table's bill, the kitchen and the waiters' floors. */
  async function tells(order: OrderRow, trx: Transaction<Database>): Promise<OutboxEntry[]> {
    const waiters = await repository.waitersOf(order.restaurantId, trx)
    return [...orderUpdateEntries(order), ...floorOrderEntries(waiters, [order])]
  }

  /**
   * Refunds what is left of the tips paid with the order (or `only` one payment's, `amount` of
   * it), in `trx` with the order locked: a `tip` row each, through the acquirer.
   */
  async function tipRefundsIn(
    trx: Transaction<Database>,
    order: OrderRow,
    actor: RefundActor,
    ask: { reason: string; actionId: string; only?: string; amount?: number | undefined },
  ): Promise<{ entries: OutboxEntry[]; refunded: number; waiter: string | null }> {
    const payments = (await repository.paidFor(order.id, trx)).filter(
      (payment) => payment.tip > 0 && (ask.only === undefined || payment.id === ask.only),
    )
    if (ask.only !== undefined && payments.length === 0) {
      throw notFound('This order has no such payment with a tip.')
    }
    const entries: OutboxEntry[] = []
    let refunded = 0
    let waiter: string | null = null
    for (const payment of payments) {
      const tip = await repository.tipOf(payment.id, trx)
      if (!tip) continue
      const left = tip.amount - tip.refundedAmount
      const amount = ask.amount ?? left
      if (ask.amount !== undefined && amount > left) {
        throw conflict(
          'refund_exceeds_paid',
          `At most ${String(left)} of this tip is left to refund (in minor units).`,
        )
      }
      if (amount <= 0) continue
      if (!(await repository.refundTip(tip.id, amount, trx))) {
        throw conflict('refund_exceeds_paid', 'This tip has been refunded meanwhile.')
      }
      const id = randomUUID()
      await refunds.add(
        [
          {
            id,
            restaurantId: order.restaurantId,
            orderId: order.id,
            actionId: ask.actionId,
            kind: 'tip',
            way: 'online',
            paymentId: payment.id,
            amount,
            tipId: tip.id,
            waiterId: tip.waiterId,
            state: 'in_progress',
            reason: ask.reason,
            currency: order.currency.trim(),
            ...actorColumns(actor),
          },
        ],
        trx,
      )
      entries.push(
        refundEntry({
          paymentId: payment.id,
          orderId: order.id,
          amount,
          counted: false,
          refundId: id,
        }),
      )
      await orderPayments.refunded(
        order.id,
        { amount, state: 'in_progress', counted: false, said: { kind: 'tip', reason: ask.reason } },
        now(),
        trx,
      )
      refunded += amount
      waiter = (await repository.tipView(payment.id, trx))?.waiterName ?? waiter
    }
    return { entries, refunded, waiter }
  }

  async function detail(orderId: string, actor: RefundActor): Promise<OrderDetail> {
    const order = await orderPayments.find(orderId)
    if (order?.restaurantId !== actor.restaurantId) throw notFound(UNKNOWN_ORDER)
    await allowed(actor)
    await atTheirTable(actor, order, db)
    const [payments, rows] = await Promise.all([
      repository.paidFor(orderId),
      refunds.ofOrder(orderId),
    ])
    const paymentIds = payments.map((payment) => payment.id)
    const [tips, receipts] = await Promise.all([
      repository.tipsOf(paymentIds),
      // The manager's panel only: a receipt names the diner's email or phone.
      actor.kind === 'manager' ? (deps.receiptsOf?.(orderId, paymentIds) ?? []) : [],
    ])
    const waiterNames = new Map(
      tips.flatMap((tip) => (tip.waiterId ? [[tip.waiterId, tip.waiterName ?? '']] : [])),
    )
    const live = rows.filter((row) => row.state !== 'failed')
    const refundedFrom = (paymentId: string) =>
      live
        .filter((row) => row.paymentId === paymentId && row.kind !== 'tip')
        .reduce((sum, row) => sum + row.amount, 0)
    const onlineLeft = payments.reduce(
      (sum, payment) => sum + Math.max(0, shareOf(payment, orderId) - refundedFrom(payment.id)),
      0,
    )
    const cashRefunded = live
      .filter((row) => row.way === 'cash' && row.kind !== 'tip')
      .reduce((sum, row) => sum + row.amount, 0)
    const pointsPaid = payments.reduce(
      (sum, payment) => sum + pointsOf(payment, orderId) * MINOR_PER_POINT,
      0,
    )
    return {
      order: toOrder(order, paidWithOf(order, payments, rows)),
      payments: payments.map((payment) => {
        const tip = tips.find((row) => row.paymentId === payment.id)
        return {
          id: payment.id,
          method: payment.method,
          status: payment.status,
          amount: payment.amount,
          forOrder: shareOf(payment, orderId),
          tip: payment.tip,
          tipRefunded: tip?.refundedAmount ?? 0,
          waiter: tip?.waiterName ? { name: tip.waiterName } : null,
          refunded: payment.refundedAmount,
          points: payment.bonusPoints,
          createdAt: payment.createdAt.toISOString(),
        }
      }),
      refunds: rows.map((row) => toRefund(row, waiterNames)),
      cash: {
        paid: Math.max(0, order.paidAmount - onlineLeft - pointsPaid) + cashRefunded,
        refunded: cashRefunded,
      },
      points: {
        spent: order.bonusPoints + payments.reduce((sum, p) => sum + pointsOf(p, orderId), 0),
        returned: live.reduce((sum, row) => sum + row.pointsReturned, 0),
        takenBack: live.reduce((sum, row) => sum + row.pointsTakenBack, 0),
      },
      refundable: order.status === 'cancelled' ? 0 : order.paidAmount,
      receipts,
    }
  }

  return {
    detail,

    /** Refunds lines, quantities or an amount of an order, or comps lines, with a reason. */
    async refund(orderId: string, actor: RefundActor, body: RefundOrderBody): Promise<OrderDetail> {
      const asked = merged(body.lines ?? [])
      if (asked.length > 0 === (body.amount !== undefined)) {
        throw new HttpError(
          400,
          'validation_failed',
          'Choose lines or an amount, one of the two.',
          [{ path: 'body.lines', message: 'Choose lines or an amount' }],
        )
      }
      if (body.kind === 'comp' && asked.length === 0) {
        throw new HttpError(400, 'validation_failed', 'Choose the lines to make free.', [
          { path: 'body.lines', message: 'Choose the lines to make free' },
        ])
      }
      const reason = body.reason.trim()
      await allowed(actor)
      await db.transaction().execute(async (trx) => {
        const order = await lockedOrder(orderId, actor, trx)
        if (order.status === 'cancelled') {
          throw conflict(
            'order_cancelled',
            `Order ${String(order.number)} is cancelled: its money went back with the cancel.`,
          )
        }
        if (await repository.pendingHolding(order.id, trx)) {
          throw conflict(
            'payment_in_progress',
            'A payment of this order is in progress. Wait until it ends (at most 15 minutes), then refund.',
          )
        }
        // What comes off the price: lines (or some of each), or an amount.
        const lines = order.lines.map((line) => ({ ...line }))
        let value = body.amount ?? 0
        for (const { line: index, quantity } of asked) {
          const line = lines[index]
          if (!line) {
            throw new HttpError(400, 'validation_failed', 'The order has no such line.', [
              { path: 'body.lines', message: `No line ${String(index)}` },
            ])
          }
          const left = line.quantity - (line.refundedQuantity ?? 0) - (line.compedQuantity ?? 0)
          if (quantity > left) {
            throw conflict(
              'refund_exceeds_paid',
              `Only ${String(left)} of line ${String(index + 1)} ${left === 1 ? 'is' : 'are'} left to refund.`,
            )
          }
          value += lineValue(line, quantity)
          if (body.kind === 'comp') line.compedQuantity = (line.compedQuantity ?? 0) + quantity
          else line.refundedQuantity = (line.refundedQuantity ?? 0) + quantity
        }
        // Points spent at checkout paid a share of every dish and of the order's money
        // (decision 0131): dishes taken off give back their share of the points, as points, and
        // the rest of their price in money; an amount of money gives back its share of them too.
        const checkoutPoints = order.bonusPoints
        let pointsBack = 0
        if (deps.bonus && checkoutPoints > 0) {
          const money = order.total + order.takenOff - order.tip
          const share =
            asked.length > 0
              ? { part: value, of: money + checkoutPoints * MINOR_PER_POINT }
              : { part: value, of: money }
          pointsBack = await deps.bonus.checkoutPointsBack(
            trx,
            order.id,
            Math.floor((checkoutPoints * share.part) / Math.max(1, share.of)),
          )
          if (asked.length > 0) value -= pointsBack * MINOR_PER_POINT
        }
        const price = order.total - order.tip
        if (value > price) {
          throw conflict(
            'refund_exceeds_paid',
            `Order ${String(order.number)} costs ${String(price)} now (minor units); a refund never takes off more.`,
          )
        }
        const due = order.total - order.paidAmount
        const moneyBack = body.kind === 'comp' ? Math.max(0, value - due) : value
        if (moneyBack > order.paidAmount) {
          throw conflict(
            'refund_exceeds_paid',
            `${String(order.paidAmount)} is paid for order ${String(order.number)} (minor units); a refund never gives back more than was paid.`,
          )
        }
        const at = now()
        const actionId = randomUUID()
        const common = {
          restaurantId: order.restaurantId,
          orderId: order.id,
          actionId,
          kind: body.kind,
          reason,
          currency: order.currency.trim(),
          ...actorColumns(actor),
        }
        const rows: NewRefund[] = []
        const entries: OutboxEntry[] = []
        // Online first, the newest payment first, each at most what it paid of the order less
        // what went back of it already.
        const payments = (await repository.succeededFor(order.id, trx)).reverse()
        const already = await Promise.all(
          payments.map(
            async (payment) => (await refunds.refundedFrom(order.id, payment.id, trx)).money,
          ),
        )
        const onlineLeft = payments.map((payment, i) =>
          Math.max(0, shareOf(payment, order.id) - (already[i] ?? 0)),
        )
        const pointsPaid = payments.reduce(
          (sum, payment) => sum + pointsOf(payment, order.id) * MINOR_PER_POINT,
          0,
        )
        let left = moneyBack
        for (const [i, payment] of payments.entries()) {
          const take = Math.min(left, onlineLeft[i] ?? 0)
          if (take <= 0) continue
          left -= take
          const id = randomUUID()
          const pointsTakenBack = deps.bonus
            ? await deps.bonus.refunded(trx, {
                paymentId: payment.id,
                refundedMinor: (await refunds.refundedOfPayment(payment.id, trx)) + take,
                paidMinor: payment.amount - payment.tip,
              })
            : 0
          rows.push({
            ...common,
            id,
            way: 'online',
            paymentId: payment.id,
            amount: take,
            pointsTakenBack,
            state: 'in_progress',
          })
          entries.push(
            refundEntry({
              paymentId: payment.id,
              orderId: order.id,
              amount: take,
              counted: false,
              refundId: id,
            }),
          )
        }
        const cashLeft = Math.max(
          0,
          order.paidAmount - onlineLeft.reduce((sum, amount) => sum + amount, 0) - pointsPaid,
        )
        const cash = Math.min(left, cashLeft)
        if (cash > 0) {
          left -= cash
          // Points the cash earned go back in the share of the cash handed back (decision 0131).
          const cashOut = await refunds.cashOut(order.id, trx)
          const pointsTakenBack = deps.bonus
            ? await deps.bonus.refunded(trx, {
                paymentId: null,
                orderId: order.id,
                refundedMinor: cashOut + cash,
                paidMinor: cashLeft + cashOut,
              })
            : 0
          rows.push({
            ...common,
            way: 'cash',
            amount: cash,
            pointsTakenBack,
            state: 'done',
            completedAt: at,
          })
        }
        // Once all the money paid is back, so are all the points the order spent; else those a
        // bill payment spent as far as money paid in them (`left`, what neither online nor cash
        // paid) went back, a started point whole (decision 0131).
        let pointsReturned = pointsBack
        if (deps.bonus) {
          if (moneyBack > 0 && moneyBack === order.paidAmount) {
            pointsReturned += await deps.bonus.givenBack(trx, order.id)
          } else if (left > 0) {
            pointsReturned += await deps.bonus.billPointsBack(
              trx,
              order.id,
              Math.ceil(left / MINOR_PER_POINT),
            )
          }
        }
        if (left > 0 || pointsReturned > 0) {
          rows.push({
            ...common,
            way: 'points',
            amount: 0,
            pointsReturned,
            state: 'done',
            completedAt: at,
          })
        }
        if (rows.length === 0) {
          // A comp before payment: only what is due goes down.
          rows.push({ ...common, way: 'none', amount: 0, state: 'done', completedAt: at })
        }
        const [first, ...rest] = rows
        if (first) rows.splice(0, rows.length, { ...first, takenOff: value, lines: asked }, ...rest)
        const moved = await refunds.takeOff(order, { lines, takenOff: value, moneyBack, at }, trx)
        if (!moved) throw conflict('order_changed', 'The order changed meanwhile. Open it again.')
        const said = { kind: body.kind, takenOff: value, reason }
        let told =
          (await orderPayments.refunded(
            order.id,
            { amount: moneyBack, state: 'in_progress', counted: false, said },
            at,
            trx,
          )) ?? moved
        const doneNow =
          moneyBack - rows.filter((row) => row.way === 'online').reduce((s, r) => s + r.amount, 0)
        if (doneNow > 0) {
          told =
            (await orderPayments.refunded(
              order.id,
              { amount: doneNow, state: 'done', counted: false },
              at,
              trx,
            )) ?? told
        }
        await refunds.add(rows, trx)
        await audit(trx, actor, body.kind === 'comp' ? 'comp' : 'refund', order, {
          reason,
          amount: moneyBack,
          takenOff: value,
          lines: asked,
        })
        await outbox.add([...entries, ...(await tells(told, trx))], trx)
      })
      void outbox.kick()
      return detail(orderId, actor)
    },

    /**
     * Asks the acquirer again for an online refund it refused (decision 0130): the manager's
     * only. The row is in progress again, under a new key (the acquirer answers the old one
     * with its old refusal). Its refusal gave its money back to the order's sums (decision
     * 0139), so the retry takes it off again, judged under the order's lock against what is left
     * of the payment now: a refund made since of the same money leaves nothing to ask again.
     */
    async retry(orderId: string, refundId: string, actor: RefundActor): Promise<OrderDetail> {
      await db.transaction().execute(async (trx) => {
        const order = await lockedOrder(orderId, actor, trx)
        const again = await refunds.retry(refundId, order.id, trx)
        if (!again?.paymentId) {
          throw conflict(
            'refund_not_failed',
            'Only an online refund the bank refused can be asked for again.',
          )
        }
        // What the payment may still give back of the order, this refund apart (it counts again
        // from here): another refund of the same money since leaves nothing to ask again.
        const payment = await repository.find(again.paymentId, trx)
        const back = (await refunds.refundedFrom(order.id, again.paymentId, trx)).money
        const left = payment ? shareOf(payment, order.id) - (back - again.amount) : 0
        const rows = await refunds.ofAction(again.actionId, trx)
        const turn = refundTurn(
          again,
          order,
          'in_progress',
          refundAction(rows, await repository.paidFor(order.id, trx), order.id),
        )
        const gone = () =>
          conflict(
            'refund_exceeds_paid',
            'What this refund gives back has been refunded or changed since; nothing is left to ask again.',
          )
        if (!turn || (again.kind !== 'tip' && again.amount > left)) throw gone()
        if (again.kind === 'tip' && again.tipId) {
          if (!(await repository.refundTip(again.tipId, again.amount, trx))) throw gone()
        }
        const at = now()
        const told = await orderPayments.refundTurned(order.id, turn, at, trx)
        if (!told) throw gone()
        if (deps.bonus && payment && turn.paid !== 0) {
          // The points follow it again (decision 0140): what its payment earned is taken back in
          // the share refunded now, and a whole action asked again gives back what the refusal
          // spent again of the points spent at checkout.
          const pointsTakenBack = await deps.bonus.refunded(trx, {
            paymentId: payment.id,
            refundedMinor: await refunds.refundedOfPayment(payment.id, trx),
            paidMinor: payment.amount - payment.tip,
          })
          await refunds.tookBack(again.id, pointsTakenBack, trx)
          for (const points of turn.whole ? rows : []) {
            if (points.way !== 'points' || points.state !== 'failed') continue
            const back = await deps.bonus.checkoutPointsBack(trx, order.id, points.pointsReturned)
            await refunds.pointsTurned(points.id, { state: 'done', pointsReturned: back, at }, trx)
          }
        }
        await audit(trx, actor, 'retry_refund', order, {
          reason: again.reason,
          amount: again.amount,
        })
        await outbox.add(
          [
            refundEntry({
              paymentId: again.paymentId,
              orderId: order.id,
              amount: again.amount,
              // A cancel's refund counts off what is paid once done; the others did already.
              counted: again.kind === 'whole',
              refundId: again.id,
              key: `refund-${again.id}-${randomBytes(4).toString('hex')}`,
            }),
            ...(await tells(told, trx)),
          ],
          trx,
        )
      })
      void outbox.kick()
      return detail(orderId, actor)
    },

    /** Refunds a tip paid with the order (all of what is left of it, or `amount`). */
    async refundTip(
      orderId: string,
      actor: RefundActor,
      body: RefundTipBody,
    ): Promise<OrderDetail> {
      const reason = body.reason.trim()
      await allowed(actor)
      await db.transaction().execute(async (trx) => {
        const order = await lockedOrder(orderId, actor, trx)
        const done = await tipRefundsIn(trx, order, actor, {
          reason,
          actionId: randomUUID(),
          only: body.paymentId,
          amount: body.amount,
        })
        if (done.refunded === 0)
          throw conflict('refund_exceeds_paid', 'This tip is refunded already.')
        await audit(trx, actor, 'refund_tip', order, {
          reason,
          amount: done.refunded,
          waiter: done.waiter,
        })
        const fresh = (await orderPayments.lock(order.id, trx)) ?? order
        await outbox.add([...done.entries, ...(await tells(fresh, trx))], trx)
      })
      void outbox.kick()
      return detail(orderId, actor)
    },

    /**
     * Cancels an order with a reason the diner reads: its money goes back (the orders' cancel),
     * and its tips too when asked, in the same transaction.
     */
    async cancel(orderId: string, actor: RefundActor, body: StaffCancelBody): Promise<OrderDetail> {
      const reason = body.reason.trim()
      const before = await orderPayments.find(orderId)
      if (before?.restaurantId !== actor.restaurantId) throw notFound(UNKNOWN_ORDER)
      await allowed(actor)
      await atTheirTable(actor, before, db)
      const person = { id: actor.id, name: actor.name }
      await deps.orders.changeStatus(orderId, actor.restaurantId, 'cancelled', {
        ...(actor.kind === 'manager' ? { manager: person } : { waiter: person }),
        reason,
        also: async (trx, cancelled) => {
          const tips = body.refundTip
            ? await tipRefundsIn(trx, cancelled, actor, { reason, actionId: randomUUID() })
            : { entries: [], refunded: 0, waiter: null }
          await audit(trx, actor, 'cancel', before, {
            reason,
            amount: before.paidAmount,
            tip: tips.refunded,
          })
          if (tips.refunded > 0) {
            await audit(trx, actor, 'refund_tip', before, {
              reason,
              amount: tips.refunded,
              waiter: tips.waiter,
            })
          }
          return tips.entries
        },
      })
      return detail(orderId, actor)
    },
  }
}

export type RefundService = ReturnType<typeof createRefundService>
