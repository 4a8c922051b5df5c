import type { FiscalReceipt } from '@tableside/contracts/receipts'

/**
 * The neutral receipt as T-Bank's `Receipt` (developer.tbank.ru/eacq/api/init, the Receipt and
 * Items objects, FFD 1.05): `Email` or `Phone`, `Taxation` (the same names as ours: osn,
 * usn_income, usn_income_outcome, esn, patent), `Items[]` with `Name`, `Price` of one and
 * `Amount` (`Price` × `Quantity`) in kopecks, `Tax` by the АТОЛ names we keep (none, vat0, vat10,
 * vat20, vat110, …), `PaymentMethod` and `PaymentObject` (tags 1214 and 1212). Sent with Init for
 * a payment and with Cancel for a refund; the Token is not computed over it (decision 0132).
 */
export function tbankReceipt(receipt: FiscalReceipt) {
  return {
    ...('email' in receipt.customer
      ? { Email: receipt.customer.email }
      : { Phone: receipt.customer.phone }),
    Taxation: receipt.taxSystem,
    Items: receipt.items.map((item) => ({
      Name: item.name.slice(0, 128),
      Price: item.price,
      Quantity: item.quantity,
      Amount: item.sum,
      Tax: item.vat,
      PaymentMethod: item.mode,
      PaymentObject: item.subject,
    })),
  }
}
