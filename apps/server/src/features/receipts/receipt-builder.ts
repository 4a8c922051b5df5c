import type { TaxSystem, VatRate } from '@tableside/contracts/admin-profile'
import type { OrderLine } from '@tableside/contracts/orders'
import type {
  FiscalReceipt,
  PaymentMode,
  PaymentSubject,
  ReceiptCustomer,
  ReceiptItem,
} from '@tableside/contracts/receipts'
import type { Allocation } from '../../db/schema'
import { pointsWorth } from '../bonus/bonus-ledger'

/**
 * The provider-neutral 54-FZ receipt of a payment or a refund (decision 0133). Pure: it is given
 * the orders, the payment and the VAT rates, and answers items whose sums add up to exactly the
 * money paid (or given back) electronically, as every provider checks.
 */

/** An order as a receipt needs it. */
export interface ReceiptOrder {
  id: string
  number: number
  type: 'dine_in' | 'delivery' | 'pickup' | 'preorder'
  status: string
  lines: readonly OrderLine[]
  serviceCharge: number
  deliveryFee: number
}

export interface ReceiptSeller {
  taxSystem: TaxSystem
  /** The restaurant's VAT rate, which a dish's or its category's may override. */
  vatRate: VatRate
  /** A dish's own rate, else its category's; undefined: the restaurant's. */
  vatOfDish: (dishId: string) => VatRate | undefined
}

export interface ReceiptPayment {
  /** Money charged: the orders' share less the points' worth, plus the tip. */
  amount: number
  tip: number
  currency: string
  allocations: readonly Allocation[]
}

/** What a piece of the receipt stands for before its money is known. */
interface Part {
  name: string
  quantity: number
  value: number
  vat: VatRate
  subject: PaymentSubject
  mode: PaymentMode
}

export const SERVICE_CHARGE_NAME = 'Сервисный сбор'
export const DELIVERY_NAME = 'Доставка'
export const TIP_NAME = 'Чаевые'
const MAX_NAME = 128

/**
 * Shares `total` among `weights` in proportion, in whole units, by the largest remainder: the
 * shares add up to `total` exactly. All weights zero: the first takes it all.
 */
export function apportion(weights: readonly number[], total: number): number[] {
  const sum = weights.reduce((a, b) => a + b, 0)
  if (weights.length === 0) return []
  if (sum <= 0) return weights.map((_, index) => (index === 0 ? total : 0))
  const exact = weights.map((weight) => (weight * total) / sum)
  const shares = exact.map(Math.floor)
  let left = total - shares.reduce((a, b) => a + b, 0)
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index)
  for (const { index } of byRemainder) {
    if (left <= 0) break
    shares[index] = (shares[index] ?? 0) + 1
    left--
  }
  return shares
}

/**
 * A dish eaten at the table is paid for in full when paid (tag 1214 = 4); one handed over later
 * (delivery, pickup, an order for later not yet served) is paid in advance (1214 = 1).
 */
export function paymentModeOf(order: Pick<ReceiptOrder, 'type' | 'status'>): PaymentMode {
  if (order.type === 'dine_in') return 'full_payment'
  return order.status === 'served' || order.status === 'completed'
    ? 'full_payment'
    : 'full_prepayment'
}

/** A line as it stands now: what refunds and comps took off it is gone. */
function lineNow(line: OrderLine): { quantity: number; value: number } {
  const gone = (line.refundedQuantity ?? 0) + (line.compedQuantity ?? 0)
  const quantity = Math.max(0, line.quantity - gone)
  return {
    quantity,
    value: Math.round((line.lineTotal * quantity) / Math.max(1, line.quantity)),
  }
}

const nameOf = (line: OrderLine) => line.name.ru.slice(0, MAX_NAME)

/** The parts of an order an allocation pays: its chosen lines, or the whole order. */
function partsOf(order: ReceiptOrder, allocation: Allocation, seller: ReceiptSeller): Part[] {
  const mode = paymentModeOf(order)
  const dish = (line: OrderLine, quantity: number, value: number): Part => ({
    name: nameOf(line),
    quantity,
    value,
    vat: seller.vatOfDish(line.dishId) ?? seller.vatRate,
    subject: 'commodity',
    mode,
  })
  const service = (name: string, value: number): Part => ({
    name,
    quantity: 1,
    value,
    vat: seller.vatRate,
    subject: 'service',
    mode,
  })
  if (allocation.lines.length > 0) {
    const parts = allocation.lines.flatMap(({ line: index, quantity }) => {
      const line = order.lines[index]
      if (!line || quantity <= 0) return []
      const value = Math.round((line.lineTotal * quantity) / Math.max(1, line.quantity))
      return [dish(line, quantity, value)]
    })
    // Chosen items carry their share of the service charge (the bill's plan adds it).
    const lines = parts.reduce((sum, part) => sum + part.value, 0)
    if (allocation.amount > lines && order.serviceCharge > 0) {
      parts.push(service(SERVICE_CHARGE_NAME, allocation.amount - lines))
    }
    return parts
  }
  const parts = order.lines.flatMap((line) => {
    const now = lineNow(line)
    return now.quantity > 0 && now.value > 0 ? [dish(line, now.quantity, now.value)] : []
  })
  if (order.serviceCharge > 0) parts.push(service(SERVICE_CHARGE_NAME, order.serviceCharge))
  if (order.deliveryFee > 0) parts.push(service(DELIVERY_NAME, order.deliveryFee))
  if (parts.length === 0) {
    parts.push(service(`Заказ ${String(order.number)}`, 1))
  }
  return parts
}

/**
 * A part for `sum`: one item when the sum divides by its quantity; else two, all but one at the
 * sum's whole share and the last with what is left, so `price × quantity` is exact on each.
 */
export function itemsOf(part: Omit<Part, 'value'>, sum: number): ReceiptItem[] {
  const base = { name: part.name, vat: part.vat, subject: part.subject, mode: part.mode }
  if (sum <= 0) return []
  const quantity = Math.max(1, part.quantity)
  if (quantity === 1 || sum % quantity === 0) {
    return [{ ...base, price: sum / quantity, quantity, sum }]
  }
  const price = Math.floor(sum / quantity)
  const last = sum - price * (quantity - 1)
  if (price === 0) return [{ ...base, price: sum, quantity: 1, sum }]
  return [
    { ...base, price, quantity: quantity - 1, sum: price * (quantity - 1) },
    { ...base, price: last, quantity: 1, sum: last },
  ]
}

/** The parts, their money shared among them in proportion to their worth, as items. */
function priced(parts: readonly Part[], money: number): ReceiptItem[] {
  const shares = apportion(
    parts.map((part) => part.value),
    money,
  )
  return parts.flatMap((part, index) => itemsOf(part, shares[index] ?? 0))
}

function tipPart(seller: ReceiptSeller): Part {
  return {
    name: TIP_NAME,
    quantity: 1,
    value: 0,
    vat: seller.vatRate,
    subject: 'another',
    mode: 'full_payment',
  }
}

/**
 * The receipt of a payment (`sell`): per order it paid, the order's lines (or the chosen ones)
 * with its service charge and delivery, their price lowered in proportion by the points spent
 * (the restaurant's own bonus is a discount, not a way to pay) and by a share of the bill paying
 * only part of it; then the tip as a line of its own. The items add up to `payment.amount`.
 */
export function buildSellReceipt(input: {
  seller: ReceiptSeller
  customer: ReceiptCustomer
  payment: ReceiptPayment
  orders: ReadonlyMap<string, ReceiptOrder>
}): FiscalReceipt {
  const { seller, payment, orders } = input
  const items: ReceiptItem[] = []
  for (const allocation of payment.allocations) {
    const order = orders.get(allocation.orderId)
    if (!order) throw new Error(`A receipt names order ${allocation.orderId}, which is not given`)
    const money = allocation.amount - pointsWorth(allocation)
    items.push(...priced(partsOf(order, allocation, seller), money))
  }
  if (payment.tip > 0) items.push(...itemsOf(tipPart(seller), payment.tip))
  const total = items.reduce((sum, item) => sum + item.sum, 0)
  if (total !== payment.amount) {
    throw new Error(
      `A receipt's items come to ${String(total)}, the payment to ${String(payment.amount)}`,
    )
  }
  return {
    kind: 'sell',
    taxSystem: seller.taxSystem,
    customer: input.customer,
    items,
    total,
    currency: payment.currency,
  }
}

/** What a refund gives back, as its receipt needs it. */
export interface ReceiptRefund {
  amount: number
  kind: 'whole' | 'part' | 'comp' | 'tip' | 'late'
  /** The order's lines it took off (a part refund or comp of lines). */
  lines: readonly { line: number; quantity: number }[]
}

/**
 * The receipt of a refund (`sell_refund`): the refunded lines when it names lines, the tip line
 * for a tip, else the payment's own receipt's items in proportion. The items add up to exactly
 * `refund.amount` (never more: a refund never exceeds what was paid).
 */
export function buildRefundReceipt(input: {
  seller: ReceiptSeller
  customer: ReceiptCustomer
  refund: ReceiptRefund
  currency: string
  /** The payment's own receipt, when one was built. */
  sold: FiscalReceipt | undefined
  order: ReceiptOrder | undefined
}): FiscalReceipt {
  const { seller, refund, sold, order } = input
  let parts: Part[]
  if (refund.kind === 'tip') {
    parts = [{ ...tipPart(seller), value: refund.amount }]
  } else if (refund.lines.length > 0 && order) {
    const mode = sold?.items[0]?.mode ?? paymentModeOf(order)
    parts = refund.lines.flatMap(({ line: index, quantity }) => {
      const line = order.lines[index]
      if (!line || quantity <= 0) return []
      return [
        {
          name: nameOf(line),
          quantity,
          value: Math.round((line.lineTotal * quantity) / Math.max(1, line.quantity)),
          vat: seller.vatOfDish(line.dishId) ?? seller.vatRate,
          subject: 'commodity' as const,
          mode,
        },
      ]
    })
  } else if (sold) {
    // The tip stays the waiter's unless refunded by its own refund (decision 0119).
    parts = sold.items
      .filter((item) => item.name !== TIP_NAME || sold.items.every((i) => i.name === TIP_NAME))
      .map((item) => ({ ...item, value: item.sum }))
  } else if (order) {
    parts = partsOf(order, { orderId: order.id, amount: refund.amount, lines: [] }, seller)
  } else {
    throw new Error('A refund receipt needs the payment’s receipt or its order')
  }
  if (parts.length === 0) throw new Error('A refund receipt has nothing to name')
  const items = priced(parts, refund.amount)
  return {
    kind: 'sell_refund',
    taxSystem: seller.taxSystem,
    customer: input.customer,
    items,
    total: items.reduce((sum, item) => sum + item.sum, 0),
    currency: input.currency,
  }
}

/** Where the receipt goes, from the stored contact: an email, else a phone. */
export const customerOf = (contact: string): ReceiptCustomer =>
  contact.includes('@') ? { email: contact } : { phone: contact }
