import type { ReceiptMode } from '@tableside/contracts/receipts'
import type { Kysely, Transaction } from 'kysely'
import {
  isTBankTestTerminal,
  type PaymentAccount,
  type PaymentAccountBody,
  type PaymentAccountCheck,
} from '@tableside/contracts/admin-payments'
import { restaurantChannel, restaurantUpdated } from '@tableside/contracts/realtime-events'
import type { Restaurant } from '@tableside/contracts/restaurants'
import type { Manager } from '@tableside/contracts/staff'
import type { Database } from '../../db/schema'
import { HttpError, notFound } from '../../http/http-error'
import type { SecretBox } from '../../lib/secret-box'
import type { AuditChange } from '../audit/audit-log'
import { publishEntry, type Outbox } from '../outbox/outbox'
import {
  createPaymentAccountRepository,
  type PaymentAccountRow,
} from '../restaurants/payment-account-repository'
import { restaurantExists } from '../restaurants/restaurant-repository'

/** What the acquirer said when asked (`PaymentProvider.checkConnection`), or that none can be. */
export type AccountCheck =
  | { ok: true; account: string; test: boolean }
  | { ok: false; problem: 'invalid_credentials' | 'unavailable' | 'other' | 'not_configured' }

export interface PaymentAccountDeps {
  db: Kysely<Database>
  audit: {
    record(trx: Transaction<Database>, manager: Manager, change: AuditChange): Promise<void>
  }
  outbox: Outbox
  profile: (restaurantId: string, trx: Transaction<Database>) => Promise<Restaurant | undefined>
  forgetCached: (restaurantId: string) => void
  /** Seals secrets with SECRETS_KEY; null: the server has none and stores no secret. */
  secrets: SecretBox | null
  /** The sandbox when the server's own acquirer serves the restaurant (demo, development). */
  serverProvider: (restaurantId: string) => 'sandbox' | null
  /** How the restaurant sends its receipts (decision 0134), its row locked; 'off' without one. */
  receiptsMode: (restaurantId: string, trx: Transaction<Database>) => Promise<ReceiptMode>
  /** Asks the restaurant's acquirer, as configured now, whether its account works. */
  check: (restaurantId: string) => Promise<AccountCheck>
}

const invalid = (path: string, message: string) =>
  new HttpError(400, 'validation_failed', 'Some fields are missing or invalid.', [
    { path: `body.${path}`, message },
  ])

const needsAccount = (provider: PaymentAccountBody['provider']) =>
  provider === 'yookassa' || provider === 'tbank'

const WORDS = {
  yookassa: { account: 'shop id from YooKassa', secret: 'secret key from YooKassa' },
  tbank: { account: 'terminal key from T-Bank', secret: 'terminal password from T-Bank' },
} as const

/**
 * Each acquirer's own rules for its account (nothing changes on a refusal): YooKassa's shop id
 * is digits and its key says test_ or live_; a T-Bank test terminal's key ends in DEMO. Either
 * way the mode must match, or a test account takes no money in live mode (or real money in test).
 */
function checkAccount(body: PaymentAccountBody) {
  if (body.provider === 'yookassa') {
    if (body.accountId !== null && !/^\d{1,20}$/.test(body.accountId)) {
      throw invalid('accountId', 'A shop id is digits only')
    }
    if (body.secretKey !== undefined) {
      if (!/^(test|live)_[A-Za-z0-9_-]{8,200}$/.test(body.secretKey)) {
        throw invalid('secretKey', 'A secret key starts test_ or live_')
      }
      if (body.secretKey.startsWith('live_') !== body.live) {
        throw invalid(
          'secretKey',
          body.live
            ? 'Live mode takes a live_ key: a test_ key moves no money'
            : 'Test mode takes a test_ key: this one is live',
        )
      }
    }
  }
  if (body.provider === 'tbank' && body.accountId !== null) {
    if (isTBankTestTerminal(body.accountId) === body.live) {
      throw invalid(
        'accountId',
        body.live
          ? 'Live mode takes a live terminal: one whose key ends in DEMO is a test terminal'
          : 'Test mode takes a test terminal, whose key ends in DEMO: this one is live',
      )
    }
  }
}

/** The account as the audit log keeps it: never the secret, only that one is set. */
const audited = (row: PaymentAccountRow | undefined) =>
  row && {
    acquirer: row.provider,
    shopId: row.accountId,
    secretKey: row.secretLast4 === null ? null : `••••${row.secretLast4}`,
    acquirerMode: row.live ? 'live' : 'test',
    waysToPay: row.methods.join(', '),
  }

/**
 * The restaurant's acquirer as its manager configures it (decision 0121): checked whole first
 * (nothing changes on a refusal), the secret sealed with SECRETS_KEY and never shown again
 * beyond its last four characters, written with its audit entry and the diners'
 * `restaurant.updated` (online payment and its ways to pay may change) in one transaction.
 */
export function createPaymentAccountService(deps: PaymentAccountDeps) {
  const { db, audit, outbox, secrets } = deps
  const accounts = createPaymentAccountRepository(db)

  const view = (restaurantId: string, row: PaymentAccountRow | undefined): PaymentAccount => ({
    provider: row?.provider ?? null,
    serverProvider: deps.serverProvider(restaurantId),
    accountProvider: row?.accountProvider ?? null,
    accountId: row?.accountId ?? null,
    secret: row?.secretLast4 ? { last4: row.secretLast4 } : null,
    live: row?.live ?? false,
    methods: row?.methods ?? ['card', 'sbp'],
    canStoreSecrets: secrets !== null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  })

  return {
    async get(manager: Manager): Promise<PaymentAccount> {
      return view(manager.restaurantId, await accounts.find(manager.restaurantId))
    },

    async update(manager: Manager, body: PaymentAccountBody): Promise<PaymentAccount> {
      const { restaurantId } = manager
      if (body.secretKey !== undefined && !secrets) {
        throw new HttpError(
          409,
          'secrets_key_missing',
          'This server has no SECRETS_KEY, so it stores no secret key: set SECRETS_KEY (openssl rand -hex 32) on every node and restart. Nothing was saved.',
        )
      }
      if (body.provider === 'sandbox' && deps.serverProvider(restaurantId) === null) {
        throw invalid(
          'provider',
          'The sandbox takes test payments on the demo and on a development server only',
        )
      }
      checkAccount(body)
      const at = new Date()
      const after = await db.transaction().execute(async (trx) => {
        if (!(await restaurantExists(trx, restaurantId))) {
          throw notFound('This restaurant does not exist.')
        }
        const before = await accounts.find(restaurantId, trx, true)
        if (!needsAccount(body.provider)) {
          // Receipts "with the acquirer" need one whose receipt service sends them (decision 0138).
          const fiscal = await deps.receiptsMode(restaurantId, trx)
          if (fiscal === 'acquirer') {
            throw new HttpError(
              409,
              'receipts_acquirer_unsupported',
              'Receipts go with the acquirer’s payments, and neither the sandbox nor no acquirer sends them: choose АТОЛ Онлайн for receipts, or turn them off, first. Nothing was saved.',
            )
          }
        }
        const secretSealed =
          body.secretKey !== undefined && secrets
            ? secrets.seal(body.secretKey, restaurantId)
            : (before?.secretSealed ?? null)
        const secretLast4 =
          body.secretKey === undefined ? (before?.secretLast4 ?? null) : body.secretKey.slice(-4)
        // An acquirer that needs an account gets its own: another's stored one is replaced (and
        // whose it is, said), never lent. Chosen none or the sandbox, the stored one is kept:
        // payments it holds are still read and refunded.
        const owner = needsAccount(body.provider)
          ? body.provider
          : (before?.accountProvider ?? null)
        const sameOwner = owner === (before?.accountProvider ?? null)
        const accountId = body.accountId ?? (sameOwner ? (before?.accountId ?? null) : null)
        const sealed = body.secretKey !== undefined || sameOwner ? secretSealed : null
        if (needsAccount(body.provider)) {
          const words = WORDS[body.provider]
          if (!accountId) throw invalid('accountId', `Give the ${words.account}`)
          if (!sealed) throw invalid('secretKey', `Give the ${words.secret}`)
        }
        const stored = await accounts.write(
          trx,
          {
            restaurantId,
            provider: body.provider,
            accountProvider: accountId ? owner : null,
            accountId,
            secretSealed: accountId ? sealed : null,
            secretLast4: accountId && sealed ? secretLast4 : null,
            live: body.live,
            methods: [...new Set(body.methods)],
          },
          at,
        )
        await audit.record(trx, manager, {
          action: 'update',
          entity: 'payment_account',
          entityId: restaurantId,
          before: audited(before) ?? null,
          after: audited(stored),
        })
        const restaurant = await deps.profile(restaurantId, trx)
        if (restaurant) {
          await outbox.add(
            [publishEntry(restaurantChannel(restaurantId), restaurantUpdated, restaurant)],
            trx,
          )
        }
        return stored
      })
      deps.forgetCached(restaurantId)
      void outbox.kick()
      return view(restaurantId, after)
    },

    /** "Проверить подключение": the acquirer asked with the stored account, the answer audited. */
    async check(manager: Manager): Promise<PaymentAccountCheck> {
      const { restaurantId } = manager
      const row = await accounts.find(restaurantId)
      const answer = await deps.check(restaurantId)
      let result: PaymentAccountCheck = answer.ok
        ? { ok: true, account: answer.account, test: answer.test, problem: null }
        : { ok: false, account: null, test: null, problem: answer.problem }
      // A test shop in live mode (or the reverse) takes no money, or real money by surprise.
      if (answer.ok && row && answer.test === row.live) {
        result = { ...result, ok: false, problem: 'mode_mismatch' }
      }
      await db.transaction().execute((trx) =>
        audit.record(trx, manager, {
          action: 'check',
          entity: 'payment_account',
          entityId: restaurantId,
          before: null,
          after: result,
        }),
      )
      return result
    },
  }
}

export type PaymentAccountService = ReturnType<typeof createPaymentAccountService>
