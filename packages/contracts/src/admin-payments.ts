import * as z from 'zod/mini'
import { defineEndpoint } from './endpoint'

/**
 * The restaurant's acquirer as its manager configures it (issue 29, decision 0121): which one
 * takes its online payments, the account there, test or live, and the ways to pay it offers. The
 * secret key goes one way: the browser sends it, the server seals it and only ever says that one
 * is set and its last four characters.
 */

/** `sandbox`: the built-in test acquirer (the demo's and development's). */
export const ACQUIRERS = ['sandbox', 'yookassa', 'tbank', 'none'] as const
export const acquirer = z.enum(ACQUIRERS)
export type Acquirer = z.infer<typeof acquirer>

/** A T-Bank test terminal's key ends in DEMO, as T-Bank's dashboard names them. */
export const isTBankTestTerminal = (terminalKey: string) => /DEMO$/.test(terminalKey)

export const acquirerMethod = z.enum(['card', 'sbp'])

export const paymentAccountBody = z.object({
  provider: acquirer,
  /**
   * YooKassa's shop id (digits) or T-Bank's terminal key (letters and digits, at most 20); each
   * acquirer's own rule is checked by the server.
   */
  accountId: z.nullable(
    z
      .string()
      .check(
        z.trim(),
        z.regex(/^[A-Za-z0-9]{1,20}$/, 'An account is letters and digits, at most 20'),
      ),
  ),
  /**
   * A new secret: YooKassa's secret key (test_… or live_…) or T-Bank's terminal password;
   * absent: the stored one stays.
   */
  secretKey: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.regex(/^[\x21-\x7e]{6,200}$/, 'A secret is 6 to 200 characters without spaces'),
      ),
  ),
  live: z.boolean(),
  methods: z.array(acquirerMethod).check(z.minLength(1, 'Offer at least one way to pay')),
})
export type PaymentAccountBody = z.infer<typeof paymentAccountBody>

export const paymentAccount = z.object({
  /** Null: none chosen, the server's own serves the restaurant (`serverProvider`). */
  provider: z.nullable(acquirer),
  /** What serves the restaurant when it chose none: the sandbox on a demo or development server. */
  serverProvider: z.nullable(z.literal('sandbox')),
  /** Whose account is stored (kept while none or the sandbox is chosen). */
  accountProvider: z.nullable(z.enum(['yookassa', 'tbank'])),
  accountId: z.nullable(z.string()),
  /** Whether a secret key is stored, and its last four characters; never the key. */
  secret: z.nullable(z.object({ last4: z.string() })),
  live: z.boolean(),
  methods: z.array(acquirerMethod),
  /** Whether this server can keep secrets (SECRETS_KEY is set). */
  canStoreSecrets: z.boolean(),
  updatedAt: z.nullable(z.string()),
})
export type PaymentAccount = z.infer<typeof paymentAccount>

export const paymentAccountCheck = z.object({
  ok: z.boolean(),
  /** The account as the acquirer named it (shop id, terminal key), and whether it is a test one. */
  account: z.nullable(z.string()),
  test: z.nullable(z.boolean()),
  /** Why not, in the acquirer's words (English) when it said. */
  problem: z.nullable(
    z.enum(['invalid_credentials', 'unavailable', 'not_configured', 'mode_mismatch', 'other']),
  ),
})
export type PaymentAccountCheck = z.infer<typeof paymentAccountCheck>

export const getPaymentAccount = defineEndpoint({
  method: 'GET',
  path: '/admin/payment-account',
  summary: "The restaurant's acquirer: which one, the account, test or live, the ways to pay",
  tags: ['admin'],
  status: 200,
  response: paymentAccount,
})

export const updatePaymentAccount = defineEndpoint({
  method: 'PUT',
  path: '/admin/payment-account',
  summary:
    "Chooses and configures the restaurant's acquirer; a secret key without SECRETS_KEY on the server is 409 secrets_key_missing, YooKassa without a shop id or key (T-Bank without a terminal key or password) 400; nothing changes then",
  tags: ['admin'],
  body: paymentAccountBody,
  status: 200,
  response: paymentAccount,
})

export const checkPaymentAccount = defineEndpoint({
  method: 'POST',
  path: '/admin/payment-account/check',
  summary: "Asks the restaurant's acquirer whether its stored account works",
  tags: ['admin'],
  status: 200,
  response: paymentAccountCheck,
})
