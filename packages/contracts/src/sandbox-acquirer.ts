import * as z from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { paymentMoney } from './text'
import { uiLanguage } from './restaurants'

/**
 * The built-in sandbox acquirer (DESIGN §6): a pretend bank that behaves like a real one. It
 * lives beside the API under its own prefix, as an acquirer's site would; its hosted page is
 * the SPA route `{SANDBOX_ACQUIRER_PAGE}/:ref`.
 */
export const SANDBOX_ACQUIRER_PREFIX = '/sandbox-acquirer/api'
export const SANDBOX_ACQUIRER_PAGE = '/sandbox-acquirer/pay'

/** Documented test cards (any future expiry, any CVC). */
export const SANDBOX_TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  threeDSecure: '4000000000003220',
} as const

/** The one-time code the 3-D Secure step accepts; any other code fails authentication. */
export const SANDBOX_3DS_CODE = '1234'

export const sandboxRef = z.string().check(z.regex(/^sbx_[A-Za-z0-9]{24}$/, 'Unknown payment'))

export const sandboxPaymentState = z.enum([
  'awaiting_payment',
  'awaiting_3ds',
  'succeeded',
  'declined',
  'insufficient_funds',
  'authentication_failed',
  'rejected',
  'expired',
  'cancelled',
  'refunded',
])
export type SandboxPaymentState = z.infer<typeof sandboxPaymentState>

export const sandboxPayment = z.object({
  ref: sandboxRef,
  merchant: z.string(),
  description: z.string(),
  amount: paymentMoney,
  currency: z.string(),
  method: z.enum(['card', 'sbp']),
  /** The page's language: the diner's, as the shop said when it made the payment. */
  language: uiLanguage,
  /** How the page writes amounts: the shop's locale, so they read as in the shop's app. */
  locale: z.string(),
  state: sandboxPaymentState,
  expiresAt: z.string(),
  /** Where the browser goes once the payment is over (the shop's success or fail page). */
  returnUrl: z.nullable(z.string()),
  /** The shop's page to go back to while the payment still waits (it shows the payment as it is). */
  shopUrl: z.string(),
  /** SBP: the link a bank app opens, and the same as a QR code (SVG markup). */
  sbp: z.nullable(z.object({ link: z.string(), qrSvg: z.string() })),
})
export type SandboxPayment = z.infer<typeof sandboxPayment>

const params = z.object({ ref: sandboxRef })

export const getSandboxPayment = defineEndpoint({
  method: 'GET',
  path: '/payments/:ref',
  summary: 'Sandbox acquirer: a payment as its hosted page shows it',
  tags: ['sandbox-acquirer'],
  params,
  status: 200,
  response: sandboxPayment,
})

export const payWithSandboxCard = defineEndpoint({
  method: 'POST',
  path: '/payments/:ref/card',
  summary: 'Sandbox acquirer: pays with a card (test cards decide the outcome)',
  tags: ['sandbox-acquirer'],
  params,
  body: z.object({
    number: z.string().check(z.regex(/^\d{16}$/, 'A card number is 16 digits')),
    expiry: z.string().check(z.regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'Expiry is MM/YY')),
    cvc: z.string().check(z.regex(/^\d{3}$/, 'A CVC is 3 digits')),
  }),
  status: 200,
  response: sandboxPayment,
})

export const confirmSandbox3ds = defineEndpoint({
  method: 'POST',
  path: '/payments/:ref/3ds',
  summary: 'Sandbox acquirer: the 3-D Secure step (the code, or a refusal)',
  tags: ['sandbox-acquirer'],
  params,
  body: z.object({
    code: z.optional(z.string().check(z.maxLength(10))),
    cancel: z.optional(z.boolean()),
  }),
  status: 200,
  response: sandboxPayment,
})

export const decideSandboxSbp = defineEndpoint({
  method: 'POST',
  path: '/payments/:ref/sbp',
  summary: "Sandbox acquirer: the bank app's answer to an SBP payment",
  tags: ['sandbox-acquirer'],
  params,
  body: z.object({ decision: z.enum(['confirm', 'reject']) }),
  status: 200,
  response: sandboxPayment,
})
