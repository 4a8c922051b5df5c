import * as z from 'zod/mini'
import { taxSystem, vatRate } from './admin-profile'
import { defineEndpoint } from './endpoint'
import { MAX_RECEIPT_CONTACT, receiptContactProblem } from './receipt-contact'

/**
 * Fiscal receipts under 54-FZ (issue 29, decisions 0133 and 0134): every online payment and
 * refund carries one, through the acquirer's receipt service or the restaurant's own online cash
 * register at АТОЛ Онлайн v5. The receipt here is the provider-neutral one the server builds;
 * each provider's adapter maps it to its own shape (YooKassa `receipt`, АТОЛ `receipt`, T-Bank
 * `Receipt`). Money is integer minor units.
 */

/** How a restaurant sends its receipts. */
export const RECEIPT_MODES = ['off', 'acquirer', 'atol'] as const
export const receiptMode = z.enum(RECEIPT_MODES)
export type ReceiptMode = z.infer<typeof receiptMode>

/** Признак способа расчёта (tag 1214): paid in full now, or paid before it is handed over. */
export const paymentMode = z.enum(['full_payment', 'full_prepayment'])
export type PaymentMode = z.infer<typeof paymentMode>

/** Признак предмета расчёта (tag 1212): a dish (commodity), a service, or another subject. */
export const paymentSubject = z.enum(['commodity', 'service', 'another'])
export type PaymentSubject = z.infer<typeof paymentSubject>

export const receiptItem = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(128)),
  /** The price of one, after discounts (points). */
  price: z.int().check(z.minimum(0)),
  quantity: z.int().check(z.minimum(1)),
  /** `price × quantity`, exactly. */
  sum: z.int().check(z.minimum(0)),
  vat: vatRate,
  subject: paymentSubject,
  mode: paymentMode,
})
export type ReceiptItem = z.infer<typeof receiptItem>

/** Where the receipt goes: an email, or a phone in E.164. */
export const receiptCustomer = z.union([
  z.object({ email: z.string() }),
  z.object({ phone: z.string() }),
])
export type ReceiptCustomer = z.infer<typeof receiptCustomer>

export const fiscalReceipt = z.object({
  /** `sell` (приход) for a payment; `sell_refund` (возврат прихода) for a refund. */
  kind: z.enum(['sell', 'sell_refund']),
  taxSystem,
  customer: receiptCustomer,
  items: z.array(receiptItem),
  /** The items' sums together: what was paid (or refunded) electronically. */
  total: z.int(),
  currency: z.string(),
})
export type FiscalReceipt = z.infer<typeof fiscalReceipt>

export const receiptContact = z.string().check(
  z.trim(),
  z.maxLength(MAX_RECEIPT_CONTACT),
  z.refine((value) => receiptContactProblem(value) === null, 'Give an email or a phone number'),
)

export const receiptState = z.enum(['pending', 'sent', 'done', 'failed'])
export type ReceiptState = z.infer<typeof receiptState>

/** What a diner or a manager sees of a receipt. */
export const receiptStatus = z.object({
  id: z.string(),
  kind: z.enum(['sell', 'sell_refund']),
  state: receiptState,
  /** Where it goes. */
  contact: z.string(),
  total: z.int(),
  /** The provider's id of it (АТОЛ's uuid; YooKassa's payment or refund id). */
  providerId: z.nullable(z.string()),
})
export type ReceiptStatus = z.infer<typeof receiptStatus>

/** A receipt as the manager's order panel shows it: beside the payment or refund it is of. */
export const orderReceipt = z.object({
  ...receiptStatus.shape,
  paymentId: z.string(),
  /** The refund it is of; null for a payment's receipt (or a late payment's refund). */
  refundId: z.nullable(z.string()),
  via: z.enum(['acquirer', 'atol']),
  /** Why it failed, as the provider said. */
  error: z.nullable(z.string()),
})
export type OrderReceipt = z.infer<typeof orderReceipt>

export const fiscalSettingsBody = z.object({
  mode: receiptMode,
  atol: z.nullable(
    z.object({
      login: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
      /** A new password; absent: the stored one stays. */
      password: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
      groupCode: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
      live: z.boolean(),
    }),
  ),
  /** The company's email the receipt names as the sender (АТОЛ `company.email`). */
  companyEmail: z.nullable(z.string().check(z.trim(), z.minLength(3), z.maxLength(100))),
  /** The address the cash register is registered at: the shop's site for payments online. */
  paymentAddress: z.nullable(z.string().check(z.trim(), z.minLength(1), z.maxLength(300))),
})
export type FiscalSettingsBody = z.infer<typeof fiscalSettingsBody>

export const fiscalSettings = z.object({
  mode: receiptMode,
  atol: z.nullable(
    z.object({
      login: z.string(),
      /** Whether a password is stored, and its last four characters; never the password. */
      secret: z.nullable(z.object({ last4: z.string() })),
      groupCode: z.string(),
      live: z.boolean(),
    }),
  ),
  companyEmail: z.nullable(z.string()),
  paymentAddress: z.nullable(z.string()),
  /** What receipts need that the profile lacks (INN, tax system, VAT rate): none when ready. */
  missing: z.array(z.enum(['inn', 'taxSystem', 'vatRate', 'legalName'])),
  canStoreSecrets: z.boolean(),
})
export type FiscalSettings = z.infer<typeof fiscalSettings>

export const failedReceipt = z.object({
  receipt: receiptStatus,
  paymentId: z.string(),
  orderId: z.nullable(z.string()),
  orderNumber: z.nullable(z.int()),
  via: z.enum(['acquirer', 'atol']),
  error: z.nullable(z.string()),
  attempts: z.int(),
  createdAt: z.string(),
})
export type FailedReceipt = z.infer<typeof failedReceipt>

export const getFiscalSettings = defineEndpoint({
  method: 'GET',
  path: '/admin/fiscal-settings',
  summary: 'How the restaurant sends its fiscal receipts (54-FZ)',
  tags: ['admin'],
  status: 200,
  response: fiscalSettings,
})

export const updateFiscalSettings = defineEndpoint({
  method: 'PUT',
  path: '/admin/fiscal-settings',
  summary:
    'Chooses how the restaurant sends its fiscal receipts; receipts on without INN and tax system in the profile is 409 receipts_profile_incomplete, an АТОЛ password without SECRETS_KEY 409 secrets_key_missing, receipts with the acquirer where the acquirer is the sandbox (or none) 409 receipts_acquirer_unsupported; nothing changes then',
  tags: ['admin'],
  body: fiscalSettingsBody,
  status: 200,
  response: fiscalSettings,
})

export const listFailedReceipts = defineEndpoint({
  method: 'GET',
  path: '/admin/receipts/failed',
  summary: 'Payments and refunds whose fiscal receipt failed, newest first',
  tags: ['admin'],
  status: 200,
  response: z.object({ receipts: z.array(failedReceipt) }),
})

export const retryReceipt = defineEndpoint({
  method: 'POST',
  path: '/admin/receipts/:receiptId/retry',
  summary: 'Sends a failed receipt again (once: a second retry of one already on its way is 409)',
  tags: ['admin'],
  params: z.object({ receiptId: z.string().check(z.uuid()) }),
  status: 200,
  response: receiptStatus,
})
