import { YOOKASSA_TAX_SYSTEM_CODE, YOOKASSA_VAT_CODE } from '@tableside/contracts/admin-profile'
import type { FiscalReceipt } from '@tableside/contracts/receipts'
import { amountValue } from './yookassa-api'

/**
 * The neutral receipt as YooKassa's `receipt` (yookassa.ru/developers/payment-acceptance/
 * receipts/54fz/parameters-values): `customer`, `items[]` whose `amount` is the price of one
 * (`quantity` × it is the item's sum), `vat_code` 1–12, `payment_subject`, `payment_mode`, and
 * `tax_system_code` 1–6. The items come to the payment's (or refund's) amount exactly.
 */
export function yookassaReceipt(receipt: FiscalReceipt) {
  return {
    customer: receipt.customer,
    items: receipt.items.map((item) => ({
      description: item.name.slice(0, 128),
      quantity: item.quantity.toFixed(2),
      amount: { value: amountValue(item.price), currency: receipt.currency },
      vat_code: YOOKASSA_VAT_CODE[item.vat],
      payment_subject: item.subject,
      payment_mode: item.mode,
    })),
    tax_system_code: YOOKASSA_TAX_SYSTEM_CODE[receipt.taxSystem],
  }
}
