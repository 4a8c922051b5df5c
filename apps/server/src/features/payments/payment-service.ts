import { setTimeout as delay } from 'node:timers/promises'
import type { Kysely, Transaction } from 'kysely'
import {
  MAX_TIP_PERCENT,
  PAYMENT_LIFETIME_MINUTES,
  type BillPaymentChoice,
  type OnlinePaymentMethod,
  type Payment,
} from '@tableside/contracts/payments'
import type { Restaurant, UiLanguage } from '@tableside/contracts/restaurants'
import type { Database } from '../../db/schema'
import { HttpError, notFound } from '../../http/http-error'
import { MINOR_PER_POINT } from '../bonus/bonus-ledger'
import { requireOrderBonus, type OrderBonus } from '../bonus/bonus-orders'
import type { ClientReceiptContacts } from '../client/client-receipt-contact'
import { billUpdatedEntry, orderUpdateEntries } from '../orders/order-events'
import type { OrderPaymentRepository } from '../orders/order-payment-repository'
import type { Outbox } from '../outbox/outbox'
import type { ReceiptService } from '../receipts/receipt-service'
import type { RestaurantCache } from '../restaurants/restaurant-cache'
import type { TableSessionService } from '../table-sessions/table-session-service'
import { billHolds, planBillPayment, sharePoints } from './bill-payment-plan'
import { floorOrderEntries } from './payment-events'
import {
  type PaymentProvider,
  type PaymentProviders,
  ProviderUnavailable,
  SANDBOX_PROVIDER,
  type WebhookSource,
} from './payment-provider'
import type { PaymentRepository, PaymentRow } from './payment-repository'
import {
  createPaymentSettlement,
  UNKNOWN_PAYMENT,
  type PaymentSettlementDeps,
} from './payment-settlement'
import { createTipFeedback } from './tip-feedback'

/** A payment still without the acquirer's reference this long after it was made never got one. */
const HANDOVER_ABANDONED_MS = 60_000
/** How long a racing tap waits for the first tap's hand-over: 40 × 50 ms. */
const HANDOVER_WAIT_ATTEMPTS = 40
const HANDOVER_WAIT_STEP_MS = 50

/** What the acquirer's page and the bank statement say is paid, in the restaurant's language. */
function describe(restaurant: Restaurant, what: 'order' | 'table', name: string | number) {
  const russian = restaurant.locale.startsWith('ru')
  if (what === 'order') return russian ? `Заказ ${name}` : `Order ${name}`
  return russian ? `Стол ${name}` : `Table ${name}`
}

const providerDown = () =>
  new HttpError(
    503,
    'payment_provider_unavailable',
    'Card payment is unavailable right now: please pay the waiter.',
  )

/** Runs `work` with the acquirer; its being down is the diner's "pay the waiter". */
async function withAcquirer<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof ProviderUnavailable) throw providerDown()
    throw error
  }
}

/** Whom a payment's tip goes to and what the diner said of it (a payment without one: none). */
type TipView = Pick<Payment, 'waiter' | 'tipFeedback'>
const NO_TIP_VIEW: TipView = { waiter: null, tipFeedback: null }

function toPayment(row: PaymentRow, orderNumber: number | null, tip = NO_TIP_VIEW): Payment {
  return {
    id: row.id,
    restaurantId: row.restaurantId,
    purpose: row.purpose,
    orderId: row.orderId,
    orderNumber,
    tableSessionId: row.tableSessionId,
    method: row.method,
    amount: row.amount,
    tip: row.tip,
    bonusPoints: row.bonusPoints,
    currency: row.currency.trim(),
    status: row.status,
    failureReason: row.failureReason,
    redirectUrl: row.status === 'pending' ? row.redirectUrl : null,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    test: row.provider === SANDBOX_PROVIDER,
    ...tip,
  }
}

/** Where and how the diner uses the app, for the acquirer's page and its way back. */
export interface DinerView {
  /** The app's origin as the diner reached it (or PUBLIC_URL; decision 0035). */
  origin: string
  /** The language the diner chose in the app; unset, the restaurant's is theirs. */
  language: UiLanguage | undefined
  /** The signed-in diner paying (X-Profile-Token), who earns its points; null: anonymous. */
  payerId?: string | null
  /** Where the diner asked the fiscal receipt to go (decision 0133), as they typed it. */
  receiptContact?: string | undefined
  /** The signed-in payer asks to keep it on their profile (decision 0142). */
  keepReceiptContact?: boolean | undefined
}

export interface PaymentServiceDeps {
  db: Kysely<Database>
  providers: PaymentProviders
  repository: PaymentRepository
  orderPayments: OrderPaymentRepository
  restaurants: RestaurantCache
  tableSessions: TableSessionService
  outbox: Outbox
  /** Tells the table's waiters (and the tip's) of a payment, in its transaction (decision 0045). */
  alertAtTable?: PaymentSettlementDeps['alertAtTable']
  log?: { warn: (object: object, message: string) => void }
  /** The bonus card (decision 0060): a bill paid partly in points, earned on what is paid. */
  bonus?: OrderBonus
  refunds: PaymentSettlementDeps['refunds']
  /** Keeps a signed-in payer's receipt contact on their profile (decision 0142). */
  receiptContacts?: ClientReceiptContacts | undefined
  /** Fiscal receipts (decisions 0133, 0134); absent: payments carry none. */
  receipts?:
    | (PaymentSettlementDeps['receipts'] &
        Pick<ReceiptService, 'contactFor' | 'forAcquirer' | 'ofPayments'>)
    | undefined
  now?: () => Date
}

/** Online payments of orders and bills: started here, ended by the settlement. */
export function createPaymentService(deps: PaymentServiceDeps) {
  const { db, providers, repository, orderPayments, restaurants, tableSessions } = deps
  const now = deps.now ?? (() => new Date())
  const settlement = createPaymentSettlement({ ...deps, now })
  const bonus = () => requireOrderBonus(deps.bonus)
  /** The acquirer's answer each pending payment is being asked for now, by payment id. */
  const askingAcquirer = new Map<
    string,
    Promise<Awaited<ReturnType<PaymentProvider['status']>> | null>
  >()

  async function tipView(row: PaymentRow): Promise<TipView> {
    if (row.tip === 0) return NO_TIP_VIEW
    const found = await repository.tipView(row.id)
    if (!found) return NO_TIP_VIEW
    const { waiterName, rating, comment } = found
    return {
      waiter: waiterName === null ? null : { name: waiterName },
      tipFeedback: rating === null ? null : { rating, comment },
    }
  }

  /** Where its receipt goes and how far it got; null where it carries none. */
  async function receiptView(row: PaymentRow): Promise<Payment['receipt']> {
    if (!row.receiptContact || !deps.receipts) return null
    const kept = (await deps.receipts.ofPayments([row.id])).get(row.id)
    if (kept) return kept
    return row.status === 'succeeded' || row.status === 'refunded'
      ? { state: 'pending', contact: row.receiptContact }
      : null
  }

  async function view(row: PaymentRow): Promise<Payment> {
    const [orderNumber, tip, receipt] = await Promise.all([
      row.orderId ? orderPayments.numberOf(row.orderId) : null,
      tipView(row),
      receiptView(row),
    ])
    return { ...toPayment(row, orderNumber, tip), receipt }
  }

  /** Where a new payment's receipt goes, when the restaurant sends receipts. */
  const receiptContactOf = (restaurantId: string, diner: DinerView) =>
    deps.receipts
      ? deps.receipts.contactFor(restaurantId, diner.receiptContact, 'body.receiptContact')
      : Promise.resolve(null)

  /** The payer asked to keep where the receipt goes: on their profile, in the payment's trx. */
  const keepContact = async (
    diner: DinerView,
    contact: string | null,
    trx: Transaction<Database>,
  ) => {
    if (!contact || !diner.keepReceiptContact || !diner.payerId) return
    await deps.receiptContacts?.keep(diner.payerId, contact, trx)
  }

  async function restaurantOf(id: string): Promise<Restaurant> {
    const restaurant = await restaurants.get(id)
    if (!restaurant) throw notFound('This restaurant does not exist.')
    return restaurant
  }

  function requireOnline(restaurant: Restaurant, method: OnlinePaymentMethod): void {
    if (!restaurant.settings.onlinePayment) {
      throw new HttpError(
        409,
        'online_payment_off',
        'This restaurant does not take payments online right now. Please pay the waiter.',
      )
    }
    if (!restaurant.settings.paymentMethods.includes(method)) {
      throw new HttpError(
        409,
        'payment_method_unavailable',
        `This restaurant does not take ${method === 'sbp' ? 'SBP' : 'card'} payments.`,
      )
    }
  }

  /** A tip is at most MAX_TIP_PERCENT of what it tips on. */
  function checkTip(tip: number, amount: number, path: string): void {
    if (tip * 100 > amount * MAX_TIP_PERCENT) {
      throw new HttpError(400, 'validation_failed', 'A tip is at most the amount it tips on.', [
        { path, message: `At most ${MAX_TIP_PERCENT} % of the amount` },
      ])
    }
  }

  const expiry = () => new Date(now().getTime() + PAYMENT_LIFETIME_MINUTES * 60_000)

  /**
   * Registers a freshly inserted payment with the acquirer; a refusal ends it as failed. The
   * acquirer brings the diner back where they reached the app, and its page speaks as the app.
   */
  async function handOver(
    provider: PaymentProvider,
    row: PaymentRow,
    restaurant: Restaurant,
    description: string,
    { origin, language }: DinerView,
  ) {
    const back = row.orderId
      ? `${origin}/rest/${row.restaurantId}/order/${row.orderId}`
      : `${origin}/rest/${row.restaurantId}/bill`
    const query = `payment=${row.id}`
    try {
      const receipt = await deps.receipts?.forAcquirer(row)
      const { ref, redirectUrl } = await provider.create({
        ...(receipt ? { receipt } : {}),
        paymentId: row.id,
        amount: row.amount,
        currency: row.currency.trim(),
        method: row.method,
        merchant: restaurant.name,
        description,
        shopOrigin: origin,
        language: language ?? restaurant.defaultLanguage,
        locale: restaurant.locale,
        successUrl: row.orderId ? `${back}/success?${query}` : `${back}?${query}`,
        failUrl: row.orderId ? `${back}/fail?${query}` : `${back}?${query}`,
        expiresAt: row.expiresAt,
      })
      return await repository.attachProvider(row.id, ref, redirectUrl)
    } catch (error) {
      await settlement.apply(row, { outcome: 'failed', reason: 'declined' })
      if (error instanceof HttpError) throw error
      // Down, or refusing the shop's account: to the diner it is the same, pay another way.
      deps.log?.warn(
        { err: error, paymentId: row.id, provider: provider.name },
        error instanceof ProviderUnavailable
          ? 'The acquirer is unavailable: the diner is asked to pay the waiter'
          : 'The acquirer refused a payment: the diner is asked to pay the waiter',
      )
      throw providerDown()
    }
  }

  /**
   * A payment another request is handing over to the acquirer right now: wait (briefly) for
   * its page address, so both taps send the diner to the same page.
   */
  async function handedOver(row: PaymentRow): Promise<PaymentRow> {
    for (let attempt = 0; attempt < HANDOVER_WAIT_ATTEMPTS; attempt++) {
      const current = (await repository.find(row.id)) ?? row
      if (current.redirectUrl || current.status !== 'pending') return current
      await delay(HANDOVER_WAIT_STEP_MS)
    }
    return row
  }

  const handOverAbandoned = (row: PaymentRow) =>
    now().getTime() - row.createdAt.getTime() > HANDOVER_ABANDONED_MS

  return {
    receiveWebhook: (
      providerName: string,
      headers: Readonly<Record<string, unknown>>,
      rawBody: string,
      source: WebhookSource,
    ) => settlement.receiveWebhook(providerName, headers, rawBody, source),
    webhookAnswer: (providerName: string) => settlement.webhookAnswer(providerName),
    sweepOverdue: () => settlement.sweepOverdue(),
    leaveTipFeedback: createTipFeedback(deps),

    async startOrderPayment(
      orderId: string,
      method: OnlinePaymentMethod,
      diner: DinerView,
      tip = 0,
    ): Promise<Payment> {
      const order = await orderPayments.find(orderId)
      if (!order) throw notFound('This order does not exist.')
      const restaurant = await restaurantOf(order.restaurantId)
      requireOnline(restaurant, method)
      const provider = await withAcquirer(() => providers.forRestaurant(order.restaurantId))
      const receiptContact = await receiptContactOf(order.restaurantId, diner)
      if (order.paymentMethod === 'cash') {
        throw new HttpError(409, 'payment_not_online', 'This order is paid in cash to the waiter.')
      }
      if (order.status === 'cancelled') {
        throw new HttpError(409, 'order_cancelled', 'A cancelled order is not paid for.')
      }
      if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') {
        throw new HttpError(409, 'already_paid', 'This order is already paid.')
      }
      let pending = await repository.pendingForOrder(orderId)
      if (pending && !pending.providerRef) {
        // Another tap is handing this payment to the acquirer right now: it is this tap's too,
        // unless its hand-over was cut off long ago (the server stopped midway).
        pending = await handedOver(pending)
        if (pending.status !== 'pending') pending = undefined
        else if (!pending.providerRef && !handOverAbandoned(pending)) return view(pending)
      }
      if (pending) {
        // The acquirer may have decided already, its webhook still on the way: apply it now.
        const { providerRef } = pending
        const holder = providerRef
          ? await withAcquirer(() => providers.forPayment(pending))
          : undefined
        const decided =
          holder && providerRef ? await withAcquirer(() => holder.status(providerRef)) : undefined
        const usable =
          decided?.outcome === 'pending' &&
          pending.method === method &&
          pending.tip === tip &&
          pending.provider === provider.name &&
          pending.redirectUrl &&
          pending.expiresAt > now()
        if (usable) return view(pending)
        if (decided && decided.outcome !== 'pending') await settlement.apply(pending, decided)
        else await this.cancel(pending.id)
        const after = await repository.find(pending.id)
        if (after?.status === 'succeeded') {
          throw new HttpError(409, 'already_paid', 'This order is already paid.')
        }
      }
      const created = await db.transaction().execute(async (trx) => {
        const locked = await orderPayments.lock(orderId, trx)
        if (!locked) throw notFound('This order does not exist.')
        if (locked.status === 'cancelled') {
          throw new HttpError(409, 'order_cancelled', 'A cancelled order is not paid for.')
        }
        // A second tap racing this one waited for the lock: the first tap's payment is its too.
        const racing = await repository.pendingForOrder(orderId, trx)
        if (racing) return { racing }
        // What other payments in progress (the table's bill) already hold of this order.
        const held = locked.tableSessionId
          ? (billHolds(
              [{ id: orderId, lines: [] }],
              await repository.liveForSession(locked.tableSessionId, trx),
            ).byOrder.get(orderId)?.held ?? 0)
          : 0
        const due = locked.total - locked.paidAmount - held
        if (due <= 0) {
          throw new HttpError(409, 'nothing_due', 'Nothing is left to pay for this order.')
        }
        checkTip(tip, due, 'body.tip')
        // The tip is the waiter's serving the table now, as on the bill; else the pool's.
        const waiter =
          tip > 0 && locked.tableSessionId
            ? await repository.servingWaiter(locked.tableSessionId, trx)
            : undefined
        const row = await repository.insert(
          {
            restaurantId: order.restaurantId,
            purpose: 'order',
            clientId: diner.payerId ?? null,
            orderId,
            tableSessionId: null,
            method,
            provider: provider.name,
            currency: order.currency,
            amount: due + tip,
            tip,
            allocations: [{ orderId, amount: due, lines: [] }],
            splitBy: null,
            waiterId: waiter?.id ?? null,
            expiresAt: expiry(),
            receiptContact,
          },
          trx,
        )
        await keepContact(diner, receiptContact, trx)
        // Pending until the acquirer says otherwise: the waiter and the kitchen see it so too.
        const started = await orderPayments.paymentStarted(orderId, now(), trx)
        if (started) {
          const waiters = await repository.waitersOf(started.restaurantId, trx)
          await deps.outbox.add(
            [...orderUpdateEntries(started), ...floorOrderEntries(waiters, [started])],
            trx,
          )
        }
        return { row, waiter }
      })
      if (created.racing) return view(await handedOver(created.racing))
      void deps.outbox.kick()
      const attached = await handOver(
        provider,
        created.row,
        restaurant,
        describe(restaurant, 'order', order.number),
        diner,
      )
      return toPayment(attached, order.number, {
        waiter: created.waiter ? { name: created.waiter.name } : null,
        tipFeedback: null,
      })
    },

    async startBillPayment(
      sessionId: string,
      input: {
        method: OnlinePaymentMethod
        choice: BillPaymentChoice
        tip: number
        expectedAmount: number
        bonusPoints?: number | undefined
      },
      diner: DinerView,
    ): Promise<Payment> {
      const session = await tableSessions.get(sessionId)
      if (session.status !== 'open') {
        throw new HttpError(409, 'session_closed', 'This table session has ended.')
      }
      const restaurant = await restaurantOf(session.restaurantId)
      requireOnline(restaurant, input.method)
      const provider = await withAcquirer(() => providers.forRestaurant(session.restaurantId))
      const receiptContact = await receiptContactOf(session.restaurantId, diner)
      const points = input.bonusPoints ?? 0
      const cardId = points > 0 ? await bonus().cardFor(session.restaurantId, diner.payerId) : null
      const { row, waiter } = await db.transaction().execute(async (trx) => {
        await repository.lockSession(sessionId, trx)
        const payable = await orderPayments.payableForSession(sessionId, trx)
        const holds = billHolds(payable, await repository.liveForSession(sessionId, trx))
        const plan = planBillPayment(payable, holds, input.choice)
        if (plan.amount <= 0) {
          throw new HttpError(409, 'nothing_due', 'Nothing is left to pay at this table.')
        }
        if (plan.amount !== input.expectedAmount) {
          throw new HttpError(
            409,
            'amount_changed',
            `The bill changed: this now comes to ${plan.amount} instead of ${input.expectedAmount}.`,
          )
        }
        checkTip(input.tip, plan.amount, 'body.tip')
        const spent = points * MINOR_PER_POINT
        if (cardId) {
          // The card never pays all of it: the programme's share, and money for the rest.
          const cap = Math.min(
            await bonus().capOf(trx, session.restaurantId, plan.amount),
            Math.floor((plan.amount - 1) / MINOR_PER_POINT),
          )
          if (points > cap) {
            throw new HttpError(
              409,
              'bonus_over_cap',
              `Points pay at most ${String(cap)} of this share of the bill.`,
            )
          }
        }
        const allocations = sharePoints(plan.allocations, points)
        const waiter = await repository.servingWaiter(sessionId, trx)
        const inserted = await repository.insert(
          {
            restaurantId: session.restaurantId,
            purpose: 'bill',
            clientId: diner.payerId ?? null,
            orderId: null,
            tableSessionId: sessionId,
            method: input.method,
            provider: provider.name,
            currency: restaurant.currency,
            amount: plan.amount - spent + input.tip,
            tip: input.tip,
            bonusPoints: points,
            allocations,
            splitBy: plan.splitBy,
            waiterId: waiter?.id ?? null,
            expiresAt: expiry(),
            receiptContact,
          },
          trx,
        )
        await keepContact(diner, receiptContact, trx)
        if (cardId) {
          await bonus().spendOnBill(trx, {
            cardId,
            paymentId: inserted.id,
            planMinor: plan.amount,
            allocations,
          })
        }
        await deps.outbox.add([billUpdatedEntry(sessionId)], trx)
        return { row: inserted, waiter }
      })
      void deps.outbox.kick()
      const attached = await handOver(
        provider,
        row,
        restaurant,
        describe(restaurant, 'table', session.table.label),
        diner,
      )
      return toPayment(attached, null, {
        waiter: input.tip > 0 && waiter ? { name: waiter.name } : null,
        tipFeedback: null,
      })
    },

    /**
     * A payment as it is. One still pending is asked of the acquirer first: a diner back from
     * its page, by its link or by Back, sees what the acquirer says now, not what a webhook on
     * its way will say later (issue 28). An acquirer that does not answer leaves it pending.
     */
    async get(id: string): Promise<Payment> {
      const row = await repository.find(id)
      if (!row) throw notFound(UNKNOWN_PAYMENT)
      if (row.status !== 'pending' || !row.providerRef) return view(row)
      const provider = await providers.forPayment(row)
      if (!provider) return view(row)
      // Reads of one payment at once share one call out (a diner's screen asks every few
      // seconds; the read route is limited per address and payment too).
      const ref = row.providerRef
      let asking = askingAcquirer.get(id)
      if (!asking) {
        asking = provider
          .status(ref)
          .catch((error: unknown) => {
            deps.log?.warn(
              { err: error, paymentId: id },
              'The acquirer did not say how a payment is',
            )
            return null
          })
          .finally(() => askingAcquirer.delete(id))
        askingAcquirer.set(id, asking)
      }
      const decided = await asking
      if (!decided || decided.outcome === 'pending') return view(row)
      await settlement.apply(row, decided)
      return view((await repository.find(id)) ?? row)
    },

    /** Cancels a pending payment; its id, which only its starter got, is the capability. */
    async cancel(id: string): Promise<Payment> {
      const row = await repository.find(id)
      if (!row) throw notFound(UNKNOWN_PAYMENT)
      if (row.status !== 'pending') return view(row)
      const provider = row.providerRef ? await providers.forPayment(row) : undefined
      const answer =
        provider && row.providerRef
          ? await provider.cancel(row.providerRef).catch((error: unknown) => {
              // Unreachable, it is given up here; a success it took meanwhile still counts (0024).
              if (error instanceof ProviderUnavailable) return 'cancelled' as const
              throw error
            })
          : 'cancelled'
      if (answer === 'too_late') {
        // The acquirer took the money already: its webhook settles it; nothing is undone here.
        return view(row)
      }
      const cancelled = await settlement.cancel(row)
      return view(cancelled ?? (await repository.find(id)) ?? row)
    },
  }
}

export type PaymentService = ReturnType<typeof createPaymentService>
