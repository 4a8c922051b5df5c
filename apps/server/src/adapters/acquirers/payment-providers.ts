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
}

/**
 * Each restaurant's acquirer (decision 0121): the one its manager chose and configured in the
 * back office, else the server's own as before. A payment stays with the acquirer that holds it,
 * even after the restaurant chose another.
 */
export function createPaymentProviders(options: PaymentProvidersOptions): PaymentProviders {
  const accounts = createPaymentAccountRepository(options.db)
  const { server } = options

  function yookassaOf(account: PaymentAccountRow): PaymentProvider | undefined {
    if (!account.accountId || !account.secretSealed) return undefined
    if (!options.secrets) {
      throw new ProviderUnavailable(
        'SECRETS_KEY is not set: the stored YooKassa secret key cannot be opened',
      )
    }
    return createYooKassaProvider({
      ...options.yookassa,
      account: {
        shopId: account.accountId,
        secretKey: options.secrets.open(account.secretSealed, account.restaurantId),
      },
    })
  }

  const serverFor = (restaurantId: string) =>
    options.serverServes(restaurantId) ? server : noPaymentProvider

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
          return yookassaOf(account) ?? noPaymentProvider
      }
    },

    async forPayment({ restaurantId, provider }) {
      if (provider === server.name && server !== noPaymentProvider) return server
      if (provider !== YOOKASSA_PROVIDER) return undefined
      const account = await accounts.find(restaurantId)
      return account ? yookassaOf(account) : undefined
    },

    webhooks(name) {
      if (name === server.name && server !== noPaymentProvider) return server
      if (name === YOOKASSA_PROVIDER) {
        // The sender's address needs no account: reading one is the same for every shop.
        return createYooKassaProvider({ account: { shopId: '', secretKey: '' } })
      }
      return undefined
    },
  }
}
