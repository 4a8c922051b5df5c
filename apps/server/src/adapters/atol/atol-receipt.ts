import type { FiscalReceipt, PaymentSubject } from '@tableside/contracts/receipts'

/** Признак предмета расчёта as ФФД 1.2 numbers it (АТОЛ v5 `payment_object`). */
const PAYMENT_OBJECT: Record<PaymentSubject, number> = { commodity: 1, service: 4, another: 13 }
/** Безналичными (АТОЛ v5 `payments[].type` 1): paid online. */
const ELECTRONIC = 1
/** Штуки (АТОЛ v5 `measure` 0). */
const PIECES = 0

/** Minor units as АТОЛ writes money: roubles, a number with at most two places. */
const roubles = (minor: number) => Math.round(minor) / 100

/** Who sells, as the receipt's `company` names it. */
export interface AtolCompany {
  email: string
  inn: string
  paymentAddress: string
}

/** The neutral receipt as АТОЛ Онлайн v5's `receipt` (ФФД 1.2). */
export function atolReceipt(receipt: FiscalReceipt, company: AtolCompany) {
  return {
    client: receipt.customer,
    company: {
      email: company.email,
      sno: receipt.taxSystem,
      inn: company.inn,
      payment_address: company.paymentAddress,
    },
    items: receipt.items.map((item) => ({
      name: item.name,
      price: roubles(item.price),
      quantity: item.quantity,
      sum: roubles(item.sum),
      measure: PIECES,
      payment_method: item.mode,
      payment_object: PAYMENT_OBJECT[item.subject],
      vat: { type: item.vat },
    })),
    payments: [{ type: ELECTRONIC, sum: roubles(receipt.total) }],
    total: roubles(receipt.total),
  }
}
