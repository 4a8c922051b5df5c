import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { noPaymentProvider } from '../../features/payments/online-payment-setup'
import {
  type PaymentProvider,
  type PaymentProviders,
  ProviderUnavailable,
} from '../../features/payments/payment-provider'
import {
  createPaymentAccountRepository,
  type PaymentAccountRow,
} from '../../features/restaurants/payment-account-repository'
import type { SecretBox } from '../../lib/secret-box'
import type { TBankApiOptions } from '../tbank/tbank-api'
import {
  createTBankNotificationReader,
  createTBankProvider,
  TBANK_PROVIDER,
} from '../tbank/tbank-provider'
import type { YooKassaApiOptions } from '../yookassa/yookassa-api'
import { createYooKassaProvider, YOOKASSA_PROVIDER } from '../yookassa/yookassa-provider'

export interface PaymentProvidersOptions {
  db: Kysely<Database>
  /** The server's own acquirer (PAYMENT_PROVIDER: the sandbox, or none). */
  server: PaymentProvider
  /** Whether the server's acquirer serves this restaurant (the sandbox: the demo's, or all). */
  serverServes: (restaurantId: string) => boolean
  /** Opens the accounts' sealed secrets; null without SECRETS_KEY. */
  secrets: SecretBox | null
  yookassa: YooKassaApiOptions
  tbank: TBankApiOptions
}

type AccountProvider = NonNullable<PaymentAccountRow['accountProvider']>
const NAMES: Record<AccountProvider, string> = { yookassa: 'YooKassa', tbank: 'T-Bank' }

/**
 * Each restaurant's acquirer (decisions 0121, 0132): the one its manager chose and configured in
 * the back office, else the server's own as before. A payment stays with the acquirer that holds
 * it, even after the restaurant chose another, while the restaurant keeps that acquirer's account
 * (`account_provider` says whose the stored account is).
 */
export function createPaymentProviders(options: PaymentProvidersOptions): PaymentProviders {
  const accounts = createPaymentAccountRepository(options.db)
  const { server } = options

  function secretOf(account: PaymentAccountRow): string {
    if (!options.secrets) {
      throw new ProviderUnavailable(
        `SECRETS_KEY is not set: the stored ${NAMES[account.accountProvider ?? 'yookassa']} secret cannot be opened`,
      )
    }
    return options.secrets.open(account.secretSealed ?? '', account.restaurantId)
  }

  /** The acquirer `name` on the restaurant's stored account, when the account is that one's. */
  function accountOf(
    account: PaymentAccountRow | undefined,
    name: string,
  ): PaymentProvider | undefined {
    if (!account?.accountId || !account.secretSealed || account.accountProvider !== name) {
      return undefined
    }
    if (name === YOOKASSA_PROVIDER) {
      return createYooKassaProvider({
        ...options.yookassa,
        account: { shopId: account.accountId, secretKey: secretOf(account) },
      })
    }
    return createTBankProvider({
      ...options.tbank,
      terminal: { terminalKey: account.accountId, password: secretOf(account) },
    })
  }

  const serverFor = (restaurantId: string) =>
    options.serverServes(restaurantId) ? server : noPaymentProvider

  const tbankNotifications = createTBankNotificationReader(async (terminalKey) =>
    (await accounts.withAccount('tbank', terminalKey)).flatMap((account) => {
      if (!options.secrets || !account.secretSealed) return []
      try {
        return [{ restaurantId: account.restaurantId, password: secretOf(account) }]
      } catch {
        // Sealed under another SECRETS_KEY: this terminal's password is unknown here.
        return []
      }
    }),
  )

  return {
    async forRestaurant(restaurantId) {
      const account = await accounts.find(restaurantId)
      if (!account) return serverFor(restaurantId)
      switch (account.provider) {
        case 'none':
          return noPaymentProvider
        case 'sandbox':
          return server.name === 'sandbox' ? serverFor(restaurantId) : noPaymentProvider
        case 'yookassa':
        case 'tbank':
          return accountOf(account, account.provider) ?? noPaymentProvider
      }
    },

    async forPayment({ restaurantId, provider }) {
      if (provider === server.name && server !== noPaymentProvider) return server
      if (provider !== YOOKASSA_PROVIDER && provider !== TBANK_PROVIDER) return undefined
      return accountOf(await accounts.find(restaurantId), provider)
    },

    webhooks(name) {
      if (name === server.name && server !== noPaymentProvider) return server
      if (name === YOOKASSA_PROVIDER) {
        // The sender's address needs no account: reading one is the same for every shop.
        return createYooKassaProvider({ account: { shopId: '', secretKey: '' } })
      }
      // A T-Bank notification is checked with the password of the terminal it names.
      if (name === TBANK_PROVIDER) return tbankNotifications
      return undefined
    },
  }
}
