import {
  billItemsAmount,
  equalShare,
  MAX_BILL_SHARES,
  MAX_TIP_PERCENT,
  tipFor,
  type BillItemChoice,
  type BillPaymentChoice,
} from '@tableside/contracts/payments'
import type { Bill, OrderLine } from '@tableside/contracts/orders'

export type BillPayMode = BillPaymentChoice['mode']

/** What the diner has chosen to pay of the table's bill, before it is a request. */
export interface BillChoiceDraft {
  mode: BillPayMode
  /** Equal shares: how many people split the bill. */
  parts: number
  /** Chosen items: how many of each, by `itemKey`. */
  items: Readonly<Record<string, number>>
}

export const initialBillChoice: BillChoiceDraft = { mode: 'remaining', parts: 2, items: {} }

export const clampParts = (parts: number) => Math.min(MAX_BILL_SHARES, Math.max(2, parts))

export const itemKey = (orderNumber: number, line: number) => `${orderNumber}:${line}`

/** A line of the bill as the items picker lists it: how many are still free to pay. */
export interface BillItem {
  key: string
  orderNumber: number
  line: number
  orderLine: OrderLine
  /** Paid, or held by someone's payment in progress. */
  taken: number
  free: number
}

export function billItems(bill: Pick<Bill, 'orders'>): BillItem[] {
  return bill.orders
    .filter((order) => order.status !== 'cancelled')
    .flatMap((order) =>
      order.lines.map((orderLine, line) => {
        const taken = Math.min(orderLine.quantity, order.paidQuantities[line] ?? 0)
        return {
          key: itemKey(order.number, line),
          orderNumber: order.number,
          line,
          orderLine,
          taken,
          free: orderLine.quantity - taken,
        }
      }),
    )
}

/**
 * Which ways of splitting are open: once the table pays by items, equal shares are closed and
 * the other way round, so nothing is paid twice. Paying the rest is always open.
 */
export function openModes(bill: Pick<Bill, 'splitBy'>): Record<BillPayMode, boolean> {
  return { remaining: true, share: bill.splitBy !== 'items', items: bill.splitBy !== 'amounts' }
}

function chosenItems(draft: BillChoiceDraft, items: readonly BillItem[]): BillItemChoice[] {
  return items.flatMap(({ key, orderNumber, line, free }) => {
    const quantity = Math.min(draft.items[key] ?? 0, free)
    return quantity > 0 ? [{ orderNumber, line, quantity }] : []
  })
}

/** The request's `choice`; undefined while nothing is chosen. */
export function billChoice(bill: Bill, draft: BillChoiceDraft): BillPaymentChoice | undefined {
  switch (draft.mode) {
    case 'remaining':
      return { mode: 'remaining' }
    case 'share':
      return { mode: 'share', parts: clampParts(draft.parts) }
    case 'items': {
      const items = chosenItems(draft, billItems(bill))
      return items.length > 0 ? { mode: 'items', items } : undefined
    }
  }
}

/** Exactly what the server will charge for the choice (without the tip); 0 when nothing. */
export function billChoiceAmount(bill: Bill, choice: BillPaymentChoice | undefined): number {
  if (!choice) return 0
  switch (choice.mode) {
    // What nobody is paying yet: a payment in progress holds its part (issue 28).
    case 'remaining':
      return bill.totals.free
    case 'share':
      return equalShare(bill.totals.free, choice.parts)
    case 'items': {
      const priced = billItemsAmount(bill, choice.items)
      return 'amount' in priced ? priced.amount : 0
    }
  }
}

export type TipDraft =
  | { kind: 'none' }
  | { kind: 'percent'; percent: number }
  /** Typed by the diner, in minor units. */
  | { kind: 'custom'; amount: number }

export const maxTip = (amount: number) => Math.floor((amount * MAX_TIP_PERCENT) / 100)

export function tipAmount(tip: TipDraft, amount: number): number {
  switch (tip.kind) {
    case 'none':
      return 0
    case 'percent':
      return tipFor(amount, tip.percent)
    case 'custom':
      return tip.amount
  }
}

/** The restaurant's presets, or 5, 10 and 15 % when it names none. */
export const DEFAULT_TIP_PRESETS: readonly number[] = [5, 10, 15]

export function tipPresets(presets: readonly number[]): readonly number[] {
  return presets.length > 0 ? presets : DEFAULT_TIP_PRESETS
}
