import fp from 'fastify-plugin'
import type { ServerConfig } from '../../config/env'
import { registerApiRoutes } from '../../http/api-routes'
import { createProfileService } from './profile-service'
import { createSettingsAdminService } from './settings-admin-service'
import { registerSettingsAdminRoutes } from './settings-admin-routes'

export interface SettingsAdminOptions {
  /** The provider that takes the restaurant's online payments, if one does. */
  paymentProvider: (restaurantId: string) => ServerConfig['payments']['provider']
}

/** The back office's restaurant settings (decision 0069). */
export const settingsAdminPlugin = fp<SettingsAdminOptions>(
  async (app, { paymentProvider }) => {
    const { restaurants, restaurantRepository } = app
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
  { name: 'settings-admin', dependencies: ['context', 'outbox', 'restaurants', 'staff', 'audit'] },
)
