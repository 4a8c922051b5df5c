import type { Kysely, Transaction } from 'kysely'
import type { VatRate } from '@tableside/contracts/admin-profile'
import type { ErrorCode } from '@tableside/contracts/errors'
import {
  type FiscalReceipt,
  type OrderReceipt,
  type ReceiptStatus,
} from '@tableside/contracts/receipts'
import type { Manager } from '@tableside/contracts/staff'
import type { Allocation, Database } from '../../db/schema'
import { HttpError, notFound } from '../../http/http-error'
import { RECEIPT_CONTACT_INVALID, receiptContactOf } from '../../lib/receipt-contact'
import type { AuditChange } from '../audit/audit-log'
import { NotYet, type Outbox } from '../outbox/outbox'
import type { OutboxEntry } from '../outbox/outbox-repository'
import {
  type AcquirerReceipts,
  type AcquirerRegistration,
  type FiscalRegisters,
  FiscalRegisterRefused,
  FiscalRegisterUnavailable,
  type FiscalSettingsRow,
} from './fiscal-register'
import {
  buildRefundReceipt,
  buildSellReceipt,
  customerOf,
  type ReceiptOrder,
  type ReceiptSeller,
} from './receipt-builder'
import type { ReceiptRepository, ReceiptRow } from './receipt-repository'

/** The outbox entry that sends a receipt to the restaurant's cash register (decision 0134). */
export const SEND_RECEIPT = 'receipt'
/** Tries that find the register down before the receipt is listed as failed for a manager. */
export const MOST_UNANSWERED = 8

export const sendReceiptEntry = (receiptId: string): OutboxEntry => ({
  kind: SEND_RECEIPT,
  payload: { receiptId },
})

type Executor = Kysely<Database> | Transaction<Database>

/** A payment as its receipt needs it. */
export interface ReceiptPaymentRow {
  id: string
  restaurantId: string
  orderId: string | null
  providerRef: string | null
  amount: number
  tip: number
  currency: string
  allocations: Allocation[]
  receiptContact: string | null
  status: string
}

export interface ReceiptServiceDeps {
  db: Kysely<Database>
  audit: {
    record(trx: Transaction<Database>, manager: Manager, change: AuditChange): Promise<void>
  }
  repository: ReceiptRepository
  outbox: Outbox
  registers: FiscalRegisters
  /** Where a receipt that went with the acquirer stands at its receipt service (0141). */
  acquirerReceipts?: AcquirerReceipts
  now: () => Date
  log?: { warn: (object: object, message: string) => void }
}

const toStatus = (row: ReceiptRow): ReceiptStatus => ({
  id: row.id,
  kind: row.kind,
  state: row.state,
  contact: row.contact,
  total: row.total,
  providerId: row.providerId,
})

const problem = (status: number, code: ErrorCode, message: string, path?: string) =>
  new HttpError(status, code, message, path ? [{ path, message }] : undefined)

/**
 * Fiscal receipts (issue 29, decisions 0133 and 0134): the receipt of each online payment and
 * refund, built here and sent either with the payment to the acquirer (its receipt service) or
 * by the outbox to the restaurant's own cash register, once, whatever node sends it.
 */
export function createReceiptService(deps: ReceiptServiceDeps) {
  const { db, repository, outbox, now } = deps

  async function modeOf(restaurantId: string, executor: Executor = db) {
    const settings = await repository.settingsOf(restaurantId, executor)
    return { settings, mode: settings?.mode ?? 'off' }
  }

  async function sellerOf(
    restaurantId: string,
    orders: readonly ReceiptOrder[],
    executor: Executor,
  ): Promise<ReceiptSeller> {
    const dishIds = orders.flatMap((order) => order.lines.map((line) => line.dishId))
    const { restaurant, dishes } = await repository.seller(restaurantId, dishIds, executor)
    if (!restaurant.taxSystem) {
      throw new Error(`Restaurant ${restaurantId} sends receipts but has no tax system`)
    }
    const rates = new Map<string, VatRate>()
    for (const dish of dishes) {
      const rate = dish.vatRate ?? dish.categoryVat
      if (rate) rates.set(dish.id, rate)
    }
    return {
      taxSystem: restaurant.taxSystem,
      vatRate: restaurant.vatRate ?? 'none',
      vatOfDish: (dishId) => rates.get(dishId),
    }
  }

  async function ordersOf(ids: readonly string[], executor: Executor) {
    const rows = await repository.orders(ids, executor)
    return new Map<string, ReceiptOrder>(rows.map((row) => [row.id, row]))
  }

  async function sellReceipt(payment: ReceiptPaymentRow, contact: string, executor: Executor) {
    const orders = await ordersOf(
      payment.allocations.map((allocation) => allocation.orderId),
      executor,
    )
    return buildSellReceipt({
      seller: await sellerOf(payment.restaurantId, [...orders.values()], executor),
      customer: customerOf(contact),
      payment: { ...payment, currency: payment.currency.trim() },
      orders,
    })
  }

  const company = (settings: FiscalSettingsRow, inn: string | null) => {
    if (!settings.companyEmail || !settings.paymentAddress || !inn) {
      throw new FiscalRegisterRefused(
        'The receipts settings lack the company email, address or INN',
      )
    }
    return { email: settings.companyEmail, inn, paymentAddress: settings.paymentAddress }
  }

  /** Where the acquirer's receipt service left a receipt: done, failed, or asked again later. */
  async function registered(row: ReceiptRow, registration: AcquirerRegistration | null) {
    if (registration === 'succeeded') await repository.done(row.id, now())
    else if (registration === 'canceled') {
      await repository.failed(
        row.id,
        row.generation === 0
          ? 'The acquirer’s receipt service did not register it (receipt_registration: canceled): send it again.'
          : 'The acquirer’s receipt service did not register it again (status: canceled): see the receipts in the acquirer’s dashboard, or send it again.',
        now(),
      )
    } else if (registration === 'pending') {
      throw new NotYet(`Receipt ${row.id} is still being registered by the acquirer`)
    }
  }

  /**
   * A receipt that went with the acquirer's payment or refund: its registration is read back
   * (YooKassa's `receipt_registration`, or the `status` of the receipt a retry made) until the
   * receipt service registered it (`done`) or refused it (`failed`, listed for the manager);
   * one the acquirer says nothing of stays `sent`.
   */
  async function followAcquirer(row: ReceiptRow): Promise<void> {
    if (row.state !== 'sent' || !row.providerId || !deps.acquirerReceipts) return
    const registration = await deps.acquirerReceipts.registration({
      paymentId: row.paymentId,
      of: row.generation > 0 ? 'receipt' : row.kind === 'sell' ? 'payment' : 'refund',
      providerId: row.providerId,
    })
    await registered(row, registration)
  }

  /**
   * A refused acquirer receipt a manager sent again (decision 0147): made anew at the acquirer's
   * receipt service for the same payment or refund, under a key of its id and generation, so a
   * second sender (another node, the entry again) gets the same receipt, never a second one.
   * The new receipt's id is recorded by compare-and-set (`pending → sent`), then read back.
   */
  async function resendToAcquirer(row: ReceiptRow): Promise<void> {
    const acquirerRef = row.acquirerRef
    const created =
      acquirerRef && deps.acquirerReceipts
        ? await deps.acquirerReceipts.create({
            paymentId: row.paymentId,
            type: row.kind === 'sell' ? 'payment' : 'refund',
            acquirerRef,
            receiptId: row.id,
            generation: row.generation,
            body: row.body,
          })
        : null
    if (!created) {
      await repository.failed(
        row.id,
        'The acquirer cannot send this receipt again from here: send it from the acquirer’s dashboard.',
        now(),
      )
      return
    }
    if ('refused' in created) {
      await repository.failed(row.id, created.refused, now())
      return
    }
    const sent = await repository.sent(row.id, created.providerId, now())
    if (sent) await registered(sent, created.registration)
  }

  /** Sends a receipt to the restaurant's register and follows it until it is registered. */
  outbox.handle(SEND_RECEIPT, async (payload) => {
    const { receiptId } = payload as { receiptId: string }
    let row = await repository.find(receiptId)
    if (!row || row.state === 'done' || row.state === 'failed') return
    if (row.via === 'acquirer') {
      try {
        if (row.state === 'pending' && row.generation > 0) await resendToAcquirer(row)
        else await followAcquirer(row)
      } catch (error) {
        // Down: asked again with the outbox's backoff, and never given up on, since a receipt
        // whose answer was lost may have been made: only the same key may ask again.
        if (error instanceof FiscalRegisterUnavailable) {
          await repository.unanswered(row.id, error.message, now())
        }
        throw error
      }
      return
    }
    const settings = await repository.settingsOf(row.restaurantId)
    const register = settings?.mode === 'atol' ? deps.registers(settings) : undefined
    const at = now()
    if (!settings || !register) {
      await repository.failed(row.id, 'The restaurant has no cash register set up any more', at)
      return
    }
    try {
      if (!row.providerId) {
        const { restaurant } = await repository.seller(row.restaurantId, [])
        const sent = await register.send({
          externalId: row.generation === 0 ? row.id : `${row.id}.${String(row.generation)}`,
          receipt: row.body,
          company: company(settings, restaurant.inn),
          at,
        })
        row = (await repository.sent(row.id, sent.providerId, at)) ?? row
        if (sent.state === 'done') {
          await repository.done(row.id, at)
          return
        }
      }
      const report = await register.report(row.providerId ?? '')
      if (report.state === 'done') await repository.done(row.id, now())
      else if (report.state === 'fail') {
        await repository.failed(row.id, report.error ?? 'The register refused it', now(), true)
      } else throw new Error(`Receipt ${row.id} is still being registered`)
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      if (error instanceof FiscalRegisterRefused) {
        await repository.failed(row.id, message, now(), true)
        return
      }
      if (error instanceof FiscalRegisterUnavailable) {
        const counted = await repository.unanswered(row.id, message, now())
        if (counted && counted.attempts >= MOST_UNANSWERED) {
          await repository.failed(row.id, message, now())
          return
        }
      }
      throw error
    }
  })

  return {
    /**
     * Where a new payment's receipt goes (normalized), when the restaurant sends receipts: a
     * payment without a contact there, or with one that is none, is refused before anything.
     */
    async contactFor(
      restaurantId: string,
      contact: string | undefined,
      path: string,
    ): Promise<string | null> {
      const { mode } = await modeOf(restaurantId)
      if (mode === 'off') return null
      if (!contact?.trim()) {
        throw problem(
          400,
          'validation_failed',
          'Give an email or a phone number for the receipt. Укажите email или телефон для чека.',
          path,
        )
      }
      const stored = receiptContactOf(contact)
      if (!stored) throw problem(400, 'validation_failed', RECEIPT_CONTACT_INVALID, path)
      return stored
    },

    /**
     * The receipt to hand the acquirer with a new payment (its receipt service sends it), when
     * the restaurant sends receipts that way; it is kept, so a repeat hands over the same one.
     */
    async forAcquirer(payment: ReceiptPaymentRow): Promise<FiscalReceipt | undefined> {
      if (!payment.receiptContact) return undefined
      const { mode } = await modeOf(payment.restaurantId)
      if (mode !== 'acquirer') return undefined
      const body = await sellReceipt(payment, payment.receiptContact, db)
      const row = await repository.insertOnce(
        {
          restaurantId: payment.restaurantId,
          paymentId: payment.id,
          orderId: payment.orderId ?? payment.allocations[0]?.orderId ?? null,
          refundId: null,
          refundKey: null,
          kind: 'sell',
          via: 'acquirer',
          contact: payment.receiptContact,
          body,
        },
        now(),
      )
      return row.body
    },

    /**
     * A payment succeeded, in its transaction: the acquirer's receipt is on its way with it; for
     * the restaurant's own register the receipt is written and its sending queued.
     */
    async paymentSucceeded(
      payment: ReceiptPaymentRow,
      trx: Transaction<Database>,
    ): Promise<OutboxEntry[]> {
      if (!payment.receiptContact) return []
      const existing = await repository.sellOf(payment.id, trx)
      if (existing?.via === 'acquirer') {
        // Its registration is read back from the acquirer by the outbox (decision 0141).
        const sent = await repository.sent(existing.id, payment.providerRef, now(), trx)
        return sent ? [sendReceiptEntry(sent.id)] : []
      }
      if (existing) return []
      const { mode } = await modeOf(payment.restaurantId, trx)
      if (mode !== 'atol') return []
      const row = await repository.insertOnce(
        {
          restaurantId: payment.restaurantId,
          paymentId: payment.id,
          orderId: payment.orderId ?? payment.allocations[0]?.orderId ?? null,
          refundId: null,
          refundKey: null,
          kind: 'sell',
          via: 'atol',
          contact: payment.receiptContact,
          body: await sellReceipt(payment, payment.receiptContact, trx),
        },
        now(),
        trx,
      )
      return [sendReceiptEntry(row.id)]
    },

    /**
     * The receipt of a refund about to go to the acquirer: built (and kept) once per refund,
     * through the same way the payment's receipt went. `receipt` is for the acquirer to carry;
     * `receiptId` is completed by `refundDone`.
     */
    async forRefund(
      payment: ReceiptPaymentRow,
      refund: { amount: number; orderId: string; refundId?: string | undefined; key: string },
    ): Promise<{ receipt?: FiscalReceipt; receiptId: string } | undefined> {
      if (!payment.receiptContact || refund.amount <= 0) return undefined
      const sold = await repository.sellOf(payment.id)
      const { mode } = await modeOf(payment.restaurantId)
      const via = sold?.via ?? (mode === 'off' ? undefined : mode)
      if (!via) return undefined
      const row = refund.refundId ? await repository.refundOf(refund.refundId) : undefined
      const orders = await ordersOf([refund.orderId], db)
      const order = orders.get(refund.orderId)
      const body = buildRefundReceipt({
        seller: await sellerOf(payment.restaurantId, order ? [order] : [], db),
        customer: customerOf(payment.receiptContact),
        refund: {
          amount: refund.amount,
          kind: row?.kind ?? 'late',
          lines: row?.kind === 'part' || row?.kind === 'comp' ? row.lines : [],
        },
        currency: payment.currency.trim(),
        sold: sold?.body,
        order,
      })
      const kept = await repository.insertOnce(
        {
          restaurantId: payment.restaurantId,
          paymentId: payment.id,
          orderId: refund.orderId,
          refundId: refund.refundId ?? null,
          refundKey: refund.refundId ? null : refund.key,
          kind: 'sell_refund',
          via,
          contact: payment.receiptContact,
          body,
        },
        now(),
      )
      return via === 'acquirer'
        ? { receipt: kept.body, receiptId: kept.id }
        : { receiptId: kept.id }
    },

    /** The acquirer took the refund, in its transaction: its receipt goes on its way. */
    async refundDone(
      receiptId: string,
      providerRefundId: string | null,
      trx: Transaction<Database>,
    ): Promise<OutboxEntry[]> {
      const row = await repository.find(receiptId, trx)
      if (!row || row.state !== 'pending') return []
      if (row.via === 'acquirer') {
        const sent = await repository.sent(row.id, providerRefundId, now(), trx)
        return sent ? [sendReceiptEntry(sent.id)] : []
      }
      return [sendReceiptEntry(row.id)]
    },

    /** How the restaurant sends receipts, its row locked: for a change that depends on it. */
    modeLocked: (restaurantId: string, trx: Transaction<Database>) =>
      repository.modeLocked(restaurantId, trx),

    /** What the diner sees of their payments' receipts, by payment id (the sale's). */
    async ofPayments(paymentIds: readonly string[]) {
      const rows = await repository.ofPayments(paymentIds)
      return new Map(
        rows
          .filter((row) => row.kind === 'sell')
          .map((row) => [row.paymentId, { state: row.state, contact: row.contact }]),
      )
    },

    /** What the manager's order panel shows beside each payment and refund of the order. */
    async ofOrderDetail(orderId: string, paymentIds: readonly string[]): Promise<OrderReceipt[]> {
      return (await repository.ofOrderAndPayments(orderId, paymentIds)).map((row) => ({
        ...toStatus(row),
        paymentId: row.paymentId,
        refundId: row.refundId,
        via: row.via,
        error: row.error,
      }))
    },

    async ofOrder(orderId: string): Promise<ReceiptStatus[]> {
      return (await repository.ofOrder(orderId)).map(toStatus)
    },

    async failed(restaurantId: string) {
      return (await repository.failedOf(restaurantId)).map((row) => ({
        receipt: toStatus(row),
        paymentId: row.paymentId,
        orderId: row.orderId,
        orderNumber: row.orderNumber,
        via: row.via,
        error: row.error,
        attempts: row.attempts,
        createdAt: row.createdAt.toISOString(),
      }))
    },

    /**
     * A manager sends a failed receipt again, once: a retry of one on its way is 409. АТОЛ's as
     * a new document; one that went with the acquirer as a receipt of its own (decision 0147).
     */
    async retry(manager: Manager, receiptId: string): Promise<ReceiptStatus> {
      const { restaurantId } = manager
      const retried = await db.transaction().execute(async (trx) => {
        const row = await repository.find(receiptId, trx)
        if (row?.restaurantId !== restaurantId) throw notFound('There is no such receipt.')
        const again = await repository.retried(receiptId, restaurantId, now(), trx)
        if (!again) {
          throw problem(409, 'receipt_not_failed', 'This receipt is not failed: it is on its way.')
        }
        await outbox.add([sendReceiptEntry(again.id)], trx)
        const money = new Intl.NumberFormat('ru-RU', {
          style: 'currency',
          currency: again.body.currency,
        }).format(again.total / 100)
        await deps.audit.record(trx, manager, {
          entity: 'receipt',
          action: 'retry',
          entityId: again.id,
          before: { state: row.state, error: row.error },
          after: { total: money, contact: again.contact, kind: again.kind },
        })
        return again
      })
      void outbox.kick()
      return toStatus(retried)
    },
  }
}

export type ReceiptService = ReturnType<typeof createReceiptService>
