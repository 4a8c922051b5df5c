import { randomUUID } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import type { TableAlert } from '@tableside/contracts/garcon-alerts'
import type { PaymentFailure } from '@tableside/contracts/payments'
import type { Database } from '../../db/schema'
import { pointsWorth } from '../bonus/bonus-ledger'
import type { OrderBonus } from '../bonus/bonus-orders'
import { HttpError, notFound } from '../../http/http-error'
import { orderUpdateEntries } from '../orders/order-events'
import type { OrderPaymentRepository } from '../orders/order-payment-repository'
import type { OrderRow } from '../orders/order-repository'
import { REFUND, refundEntry, type RefundOrder } from '../orders/refund-entry'
import type { RefundRepository, RefundRow } from '../orders/refund-repository'
import { NotYet, type Outbox } from '../outbox/outbox'
import type { OutboxEntry } from '../outbox/outbox-repository'
import type { ReceiptService } from '../receipts/receipt-service'
import type { TableSessionService } from '../table-sessions/table-session-service'
import { floorOrderEntries, paymentUpdateEntries } from './payment-events'
import { refundOnce } from './refund-once'
import { createRefundSends } from './refund-send-repository'
import { refundAction, refundTurn } from './refund-turn'
import {
  type PaymentProviders,
  type ProviderRefund,
  ProviderUnavailable,
  type WebhookEvent,
  WebhookRejected,
  type WebhookSource,
} from './payment-provider'
import type { PaymentRepository, PaymentRow } from './payment-repository'

export const UNKNOWN_PAYMENT = 'This payment does not exist.'
/** A pending payment is asked about this long after it expired, if no webhook came. */
const LATE_WEBHOOK_GRACE_MS = 2 * 60_000

export type Outcome = { outcome: 'succeeded' } | { outcome: 'failed'; reason: PaymentFailure }

/** A payment that moved on in a committed transaction, and the tables whose bill may be settled. */
export interface Settled {
  row: PaymentRow
  sessions: string[]
}

export interface PaymentSettlementDeps {
  db: Kysely<Database>
  providers: PaymentProviders
  repository: PaymentRepository
  orderPayments: OrderPaymentRepository
  tableSessions: Pick<TableSessionService, 'settleIfDone'>
  outbox: Outbox
  /**
   * Alerts whoever hears the table of session `tableSessionId` (and `alert.also`), in `trx`:
   * the waiter area's "payment received" (the app composes it).
   */
  alertAtTable?: (
    trx: Transaction<Database>,
    tableSessionId: string,
    alert: TableAlert,
  ) => Promise<unknown>
  log?: { warn: (object: object, message: string) => void }
  /**
   * The bonus card (decision 0060): the payer earns on what the payment paid of each order in
   * money; the points a payment spent come back when it fails or is given up.
   */
  bonus?: Pick<
    OrderBonus,
    'paid' | 'paymentEnded' | 'notPaid' | 'pointsStand' | 'refundRefused' | 'spentAgain'
  >
  /** The refunds an online refund delivered here completes (decision 0119). */
  refunds: Pick<
    RefundRepository,
    'add' | 'done' | 'find' | 'taken' | 'failed' | 'ofAction' | 'pointsTurned'
  >
  /** Fiscal receipts of what is paid and refunded (decisions 0133, 0134); absent: none. */
  receipts?: Pick<ReceiptService, 'paymentSucceeded' | 'forRefund' | 'refundDone'> | undefined
  now: () => Date
}

/**
 * How payments end: an acquirer's outcome applied once, in one transaction that also writes
 * what follows from it (events, refunds) to the outbox (decision 0027); a payment ended here
 * (cancelled, given up); refunds delivered through the provider.
 */
export function createPaymentSettlement(deps: PaymentSettlementDeps) {
  const { db, providers, repository, orderPayments, outbox, now } = deps
  const refundSends = createRefundSends(db)

  /** A notification that only names a payment: what its acquirer says of it now is the event. */
  async function readBack(providerName: string, ref: string): Promise<WebhookEvent | 'pending'> {
    const row = await db
      .transaction()
      .execute((trx) => repository.findByRef(providerName, ref, trx))
    if (!row) throw notFound(UNKNOWN_PAYMENT)
    const provider = await providers.forPayment(row)
    if (!provider) throw notFound(UNKNOWN_PAYMENT)
    let status
    try {
      status = await provider.status(ref)
    } catch (error) {
      // The acquirer sends it again later (YooKassa: for a day), when it answers.
      if (error instanceof ProviderUnavailable) {
        throw new HttpError(503, 'payment_provider_unavailable', 'The acquirer did not answer.')
      }
      throw error
    }
    if (status.outcome === 'pending') return 'pending'
    return {
      ...(status.outcome === 'succeeded'
        ? { outcome: 'succeeded' }
        : { outcome: 'failed', reason: status.reason }),
      // One state of one payment is one event: a replay, or a second notice of it, is a duplicate.
      eventId: `${status.outcome}:${ref}`,
      ref,
      amount: status.amount ?? -1,
      currency: status.currency ?? '',
    }
  }

  /**
   * What follows, in `trx`, from a payment that ended without money (failed, or given up): its
   * points come back, and an order it was that order's own payment for says its payment failed
   * (issue 28), unless another one of its own is in progress by now.
   */
  async function ended(row: PaymentRow, at: Date, trx: Transaction<Database>): Promise<void> {
    if (row.bonusPoints > 0) await deps.bonus?.paymentEnded(trx, row.id)
    const order =
      row.purpose === 'order' && row.orderId
        ? await orderPayments.paymentFailed(row.orderId, at, trx)
        : undefined
    const sessions = await orderPayments.sessionsOf(
      row.allocations.map((allocation) => allocation.orderId),
      trx,
    )
    await outbox.add(
      [
        ...paymentUpdateEntries(row, order ? [order] : [], sessions),
        ...(await floorEntries(row.restaurantId, order ? [order] : [], trx)),
      ],
      trx,
    )
  }

  /** Tells the restaurant's waiters' floors of orders whose money changed. */
  async function floorEntries(
    restaurantId: string,
    orders: readonly OrderRow[],
    trx: Transaction<Database>,
  ): Promise<OutboxEntry[]> {
    if (orders.length === 0) return []
    return floorOrderEntries(await repository.waitersOf(restaurantId, trx), orders)
  }

  /** Applies an outcome in `trx`; undefined when it changes nothing (already applied). */
  async function settle(
    row: PaymentRow,
    outcome: Outcome,
    trx: Transaction<Database>,
  ): Promise<Settled | undefined> {
    const at = now()
    if (outcome.outcome === 'failed') {
      // A failure never undoes a success that arrived first (webhooks come in any order).
      const failed = await repository.finish(row.id, 'failed', outcome.reason, at, trx)
      if (!failed) return undefined
      await ended(failed, at, trx)
      return { row: failed, sessions: [] }
    }
    // Money was taken: a success counts even after the payment was given up here.
    let succeeded = await repository.finish(row.id, 'succeeded', null, at, trx, [
      'pending',
      'failed',
      'cancelled',
    ])
    if (!succeeded) return undefined
    if (succeeded.bonusPoints > 0 && !(await deps.bonus?.pointsStand(trx, succeeded.id))) {
      // Given up, its points came back; its money came after all: it pays what the money does.
      succeeded = await repository.dropPoints(succeeded.id, trx)
    }
    const changed: OrderRow[] = []
    const refunds: OutboxEntry[] = []
    for (const allocation of succeeded.allocations) {
      const allocated = await orderPayments.allocate(allocation, at, trx)
      if (!allocated) continue
      let { order } = allocated
      // Points are given back before money: what did not fit is their worth first.
      const worth = pointsWorth(allocation)
      const pointsBack = allocated.overflow > 0 && worth > 0 && allocated.overflow >= worth
      if (pointsBack) await deps.bonus?.notPaid(trx, order.id, succeeded.id)
      const moneyBack = allocated.overflow - (pointsBack ? worth : 0)
      if (moneyBack > 0) {
        // The order was cancelled, or another payment covered it first: the money goes back.
        const refund = { amount: moneyBack, counted: false }
        refunds.push(refundEntry({ paymentId: succeeded.id, orderId: order.id, ...refund }))
        order =
          (await orderPayments.refunded(order.id, { ...refund, state: 'in_progress' }, at, trx)) ??
          order
        deps.log?.warn(
          { paymentId: succeeded.id, orderId: order.id, refund: allocated.overflow },
          'A payment that did not fit its order is refunded',
        )
      }
      // Each payer of a split bill earns on their own share; an order's own payment earns for
      // the order's diner when whoever paid was not signed in.
      await deps.bonus?.paid(trx, order, {
        payerId: succeeded.clientId ?? (succeeded.purpose === 'order' ? order.clientId : null),
        paidMinor: Math.max(0, allocation.amount - allocated.overflow - (pointsBack ? 0 : worth)),
        paymentId: succeeded.id,
      })
      changed.push(order)
    }
    if (succeeded.tip > 0) {
      // An order's tip at a table shows on that table's bill beside the bill's own tips.
      const table = succeeded.tableSessionId ?? changed[0]?.tableSessionId ?? null
      await repository.recordTip(succeeded, trx, table)
    }
    const sessions = [
      ...new Set(changed.flatMap((order) => (order.tableSessionId ? [order.tableSessionId] : []))),
    ]
    const receipt = (await deps.receipts?.paymentSucceeded(succeeded, trx)) ?? []
    await outbox.add(
      [
        ...refunds,
        ...receipt,
        ...paymentUpdateEntries(succeeded, changed, sessions),
        ...(await floorEntries(succeeded.restaurantId, changed, trx)),
      ],
      trx,
    )
    // Payment received: the table's waiters hear of it, and so does the one its tip goes to.
    const table = succeeded.tableSessionId ?? sessions[0]
    if (table && deps.alertAtTable) {
      const number = succeeded.orderId
        ? changed.find((order) => order.id === succeeded.orderId)?.number
        : undefined
      await deps.alertAtTable(trx, table, {
        kind: 'payment_received',
        orderNumber: number ?? null,
        detail: {
          amount: succeeded.amount,
          tip: succeeded.tip,
          currency: succeeded.currency.trim(),
        },
        also: succeeded.tip > 0 && succeeded.waiterId ? [succeeded.waiterId] : [],
      })
    }
    return { row: succeeded, sessions }
  }

  /** After the commit: deliver at once what it wrote, and close tables whose bill is settled. */
  async function after(settled: Settled | undefined): Promise<void> {
    void outbox.kick()
    for (const session of settled?.sessions ?? []) {
      try {
        await deps.tableSessions.settleIfDone(session)
      } catch (error) {
        deps.log?.warn({ err: error, session }, 'Closing a settled table failed')
      }
    }
  }

  /**
   * What a refused refund took off returns, in `trx` with the order locked (decisions 0139,
   * 0140): a part refund's or a comp's money counts as paid again, and the points its payment
   * earned that it took back come back; once none of its action's online refunds is left, its
   * dishes and price come back too, and the points it gave back of what the order spent at
   * checkout are spent again. A tip's refund no longer takes it off the waiter's tips; the
   * order's history says it failed.
   */
  async function refundRefused(
    row: RefundRow,
    order: OrderRow,
    trx: Transaction<Database>,
  ): Promise<OrderRow> {
    if (row.kind === 'tip' && row.tipId) {
      await repository.refundTip(row.tipId, -row.amount, trx)
    }
    const at = now()
    const rows = await deps.refunds.ofAction(row.actionId, trx)
    const action = refundAction(rows, await repository.paidFor(order.id, trx), order.id)
    const turn = refundTurn(row, order, 'failed', action)
    const told = (turn && (await orderPayments.refundTurned(order.id, turn, at, trx))) ?? order
    if (!turn || turn.paid === 0 || !deps.bonus) return told
    await deps.bonus.refundRefused(trx, told, {
      paymentId: row.paymentId,
      points: row.pointsTakenBack,
    })
    if (!turn.whole) return told
    for (const points of rows) {
      if (points.way !== 'points' || points.state !== 'done' || points.pointsReturned <= 0) continue
      const again = await deps.bonus.spentAgain(trx, order.id, points.pointsReturned)
      if (again <= 0) continue
      if (again < points.pointsReturned) {
        // The diner spent some elsewhere meanwhile: those stay given back, in a row of their own.
        await deps.refunds.add(
          [{ ...points, id: randomUUID(), pointsReturned: points.pointsReturned - again }],
          trx,
        )
      }
      await deps.refunds.pointsTurned(
        points.id,
        { state: 'failed', pointsReturned: again, at },
        trx,
      )
    }
    return told
  }

  /**
   * Gives money back through the provider, then records it: once per outbox entry. A refund the
   * acquirer has not confirmed stays in progress and is asked about again later (its entry
   * retried); one it refused is failed, for the manager to ask again (decision 0130).
   */
  outbox.handle(REFUND, async (payload, entryId) => {
    const refund = payload as RefundOrder
    const payment = await repository.find(refund.paymentId)
    if (!payment) return
    const row = refund.refundId ? await deps.refunds.find(refund.refundId) : undefined
    if (row && row.state !== 'in_progress') return
    let taken: ProviderRefund | undefined
    const key = refund.key ?? `refund-${refund.refundId ?? entryId}`
    // Its receipt is built once and kept: a retry hands the acquirer the same one.
    const receipt = await deps.receipts?.forRefund(payment, { ...refund, key })
    if (payment.providerRef) {
      const provider = await providers.forPayment(payment)
      if (!provider) throw new Error(`No acquirer to refund payment ${payment.id} through`)
      const { refundCheck } = provider
      taken = row?.providerRefundId
        ? {
            refundId: row.providerRefundId,
            status: await provider.refundStatus(row.providerRefundId),
          }
        : refundCheck
          ? // One that a repeat could make twice: asked about before it is sent again (0141).
            await refundOnce(
              refundSends,
              { ...provider, refundCheck },
              { id: payment.id, ref: payment.providerRef, amount: payment.amount },
              { amount: refund.amount, key, receipt: receipt?.receipt },
              now,
              deps.log,
            )
          : await provider.refund(payment.providerRef, refund.amount, key, receipt?.receipt)
    }
    if (taken?.status === 'pending') {
      if (refund.refundId && taken.refundId && !row?.providerRefundId) {
        await deps.refunds.taken(refund.refundId, taken.refundId)
      }
      throw new NotYet(`The acquirer has not confirmed the refund of payment ${payment.id} yet`)
    }
    if (taken?.status === 'failed') {
      await db.transaction().execute(async (trx) => {
        if (!(await outbox.markDelivered(entryId, trx))) return
        await refundSends.release(payment.id, key, trx)
        // The order first, as a refund and its retry lock it (decision 0139).
        const locked = await orderPayments.lock(refund.orderId, trx)
        deps.log?.warn(
          { paymentId: payment.id, refundId: refund.refundId },
          'The acquirer refused a refund: the manager may ask again',
        )
        const failed = refund.refundId
          ? await deps.refunds.failed(refund.refundId, taken.refundId, now(), trx)
          : undefined
        if (!locked || !failed) return
        const order = await refundRefused(failed, locked, trx)
        const waiters = await repository.waitersOf(order.restaurantId, trx)
        await outbox.add(
          [...orderUpdateEntries(order), ...floorOrderEntries(waiters, [order])],
          trx,
        )
      })
      void outbox.kick()
      return
    }
    await db.transaction().execute(async (trx) => {
      if (!(await outbox.markDelivered(entryId, trx))) return
      await refundSends.release(payment.id, key, trx)
      const at = now()
      if (receipt && deps.receipts) {
        await outbox.add(
          await deps.receipts.refundDone(receipt.receiptId, taken?.refundId ?? null, trx),
          trx,
        )
      }
      if (refund.refundId) {
        await deps.refunds.done(refund.refundId, taken?.refundId ?? null, at, trx)
      }
      const refunded = await repository.recordRefund(payment.id, refund.amount, at, trx)
      const order = await orderPayments.refunded(
        refund.orderId,
        { amount: refund.amount, counted: refund.counted, state: 'done' },
        at,
        trx,
      )
      if (refunded) {
        await outbox.add(paymentUpdateEntries(refunded, order ? [order] : [], []), trx)
      }
    })
    void outbox.kick()
  })

  return {
    settle,
    after,

    /** Applies an outcome in its own transaction (the acquirer told us another way). */
    async apply(row: PaymentRow, outcome: Outcome): Promise<void> {
      await after(await db.transaction().execute((trx) => settle(row, outcome, trx)))
    },

    /** Ends a pending payment here (the diner gave up); a success that comes later still counts. */
    async cancel(row: PaymentRow): Promise<PaymentRow | undefined> {
      const cancelled = await db.transaction().execute(async (trx) => {
        const at = now()
        const cancelled = await repository.finish(row.id, 'cancelled', 'cancelled', at, trx)
        if (!cancelled) return undefined
        await ended(cancelled, at, trx)
        return cancelled
      })
      void outbox.kick()
      return cancelled
    },

    /**
     * A webhook from `providerName`: verified, recorded by event id and applied once, in one
     * transaction with what follows from it. Once that commits the webhook is answered 2xx,
     * whatever happens to the side effects (the outbox retries them).
     */
    async receiveWebhook(
      providerName: string,
      headers: Readonly<Record<string, unknown>>,
      rawBody: string,
      source: WebhookSource,
    ): Promise<'applied' | 'duplicate' | 'ignored'> {
      const reader = providers.webhooks(providerName)
      if (!reader) throw notFound('There is no such payment provider.')
      let verified
      try {
        verified = await reader.verifyWebhook(headers, rawBody, now(), source)
      } catch (error) {
        if (error instanceof WebhookRejected) {
          throw new HttpError(401, 'webhook_rejected', error.message)
        }
        throw error
      }
      if ('ignored' in verified) return 'ignored'
      const event = 'readBack' in verified ? await readBack(providerName, verified.ref) : verified
      if (event === 'pending') return 'ignored'
      const outcome = await db.transaction().execute(async (trx) => {
        const row = await repository.findByRef(providerName, event.ref, trx)
        if (!row) throw notFound(UNKNOWN_PAYMENT)
        if (event.signedFor && !event.signedFor.includes(row.restaurantId)) {
          // Signed with another restaurant's terminal: that one cannot settle this payment.
          throw new HttpError(401, 'webhook_rejected', 'The notification is not this payment’s.')
        }
        if (row.amount !== event.amount || row.currency.trim() !== event.currency) {
          deps.log?.warn(
            { paymentId: row.id, amount: event.amount, currency: event.currency },
            'An acquirer named another amount or currency than the payment: refused',
          )
          throw new HttpError(
            400,
            'webhook_mismatch',
            'The amount or currency does not match the payment.',
          )
        }
        if (!(await repository.recordEvent(providerName, event.eventId, row.id, trx))) {
          return 'duplicate' as const
        }
        return (await settle(row, event, trx)) ?? ('ignored' as const)
      })
      if (typeof outcome === 'string') return outcome
      await after(outcome)
      return 'applied'
    },

    /** What an accepted webhook of `providerName` is answered with, when not JSON. */
    webhookAnswer: (providerName: string): string | undefined =>
      providers.webhooks(providerName)?.webhookAnswer,

    /** Pending payments whose webhook never came: the acquirer is asked, then they end. */
    async sweepOverdue(): Promise<void> {
      const overdue = await repository.overdue(new Date(now().getTime() - LATE_WEBHOOK_GRACE_MS))
      for (const row of overdue) {
        let status
        const provider = row.providerRef ? await providers.forPayment(row) : undefined
        try {
          status = provider && row.providerRef ? await provider.status(row.providerRef) : undefined
          if (status?.outcome === 'pending' && provider && row.providerRef) {
            await provider.cancel(row.providerRef)
          }
        } catch (error) {
          // An acquirer that is down is asked again on the next round; the payment waits.
          if (!(error instanceof ProviderUnavailable)) throw error
          deps.log?.warn({ err: error, paymentId: row.id }, 'The acquirer did not answer the sweep')
          continue
        }
        await this.apply(
          row,
          status?.outcome === 'succeeded'
            ? status
            : {
                outcome: 'failed',
                reason: status?.outcome === 'failed' ? status.reason : 'expired',
              },
        )
      }
    },
  }
}

export type PaymentSettlement = ReturnType<typeof createPaymentSettlement>
