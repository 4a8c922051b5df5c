import fp from 'fastify-plugin'
import { registerApiRoutes } from '../../http/api-routes'
import { createSecretBox } from '../../lib/secret-box'
import { createPaymentAccountService, type AccountCheck } from './payment-account-service'
import { createProfileService } from './profile-service'
import { createSettingsAdminService } from './settings-admin-service'
import { registerSettingsAdminRoutes } from './settings-admin-routes'

export interface SettingsAdminOptions {
  /** The acquirer that takes the restaurant's online payments, if one does (decision 0121). */
  paymentProvider: (restaurantId: string) => Promise<'sandbox' | 'yookassa' | 'tbank' | null>
  /** The server's own acquirer where it serves the restaurant (the sandbox), else null. */
  serverProvider: (restaurantId: string) => 'sandbox' | null
}

/** The back office's restaurant settings (decision 0069). */
export const settingsAdminPlugin = fp<SettingsAdminOptions>(
  async (app, { paymentProvider, serverProvider }) => {
    const { restaurants, restaurantRepository, paymentProviders, config } = app
    /** "Проверить подключение": the acquirer the restaurant's payments go to now, asked. */
    const check = async (restaurantId: string): Promise<AccountCheck> => {
      let provider
      try {
        provider = await paymentProviders.forRestaurant(restaurantId)
      } catch {
        return { ok: false, problem: 'unavailable' }
      }
      if (provider.checkConnection) return provider.checkConnection()
      if (provider.name === 'sandbox') return { ok: true, account: 'sandbox', test: true }
      return { ok: false, problem: 'not_configured' }
    }
    await registerApiRoutes(app, (api) => {
      registerSettingsAdminRoutes(api, {
        requireManager: app.staff.requireManager,
        settings: createSettingsAdminService({
          db: app.db,
          audit: app.audit,
          outbox: app.outbox,
          profile: (id, trx) => restaurantRepository.findById(id, trx),
          forgetCached: (id) => restaurants.forget(id),
          paymentProvider,
        }),
        paymentAccount: createPaymentAccountService({
          db: app.db,
          audit: app.audit,
          outbox: app.outbox,
          profile: (id, trx) => restaurantRepository.findById(id, trx),
          forgetCached: (id) => restaurants.forget(id),
          secrets: config.secretsKey ? createSecretBox(config.secretsKey) : null,
          serverProvider,
          receiptsMode: (id, trx) => app.receipts.modeLocked(id, trx),
          check,
        }),
        profile: createProfileService({
          db: app.db,
          audit: app.audit,
          outbox: app.outbox,
          profile: (id, trx) => restaurantRepository.findById(id, trx),
          forgetCached: (id) => restaurants.forget(id),
        }),
      })
    })
  },
  {
    name: 'settings-admin',
    dependencies: [
      'context',
      'outbox',
      'restaurants',
      'staff',
      'audit',
      'payment-providers',
      'receipts',
    ],
  },
)
