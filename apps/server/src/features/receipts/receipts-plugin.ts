import fp from 'fastify-plugin'
import { registerApiRoutes } from '../../http/api-routes'
import { createSecretBox } from '../../lib/secret-box'
import type { AcquirerReceipts, FiscalRegisters } from './fiscal-register'
import { createFiscalSettingsService } from './fiscal-settings-service'
import { createReceiptRepository } from './receipt-repository'
import { registerReceiptRoutes } from './receipt-routes'
import { createReceiptService, type ReceiptService } from './receipt-service'

declare module 'fastify' {
  interface FastifyInstance {
    /** Fiscal receipts of payments and refunds (decisions 0133, 0134). */
    receipts: ReceiptService
    /** Each restaurant's own cash register (АТОЛ Онлайн), an adapter the app registers. */
    fiscalRegisters: FiscalRegisters
  }
}

/** Fiscal receipts: the service payments hand their receipts to, and the back office's routes. */
export const receiptsPlugin = fp<{
  /** The acquirer that takes the restaurant's payments now; null: none. */
  acquirerOf: (restaurantId: string) => Promise<'sandbox' | 'yookassa' | 'tbank' | null>
  /** Where a receipt that went with the acquirer stands at its receipt service. */
  acquirerReceipts?: AcquirerReceipts
}>(
  async (app, { acquirerOf, acquirerReceipts }) => {
    const { db, config } = app
    const now = () => new Date()
    const receipts = createReceiptService({
      db,
      repository: createReceiptRepository(db),
      outbox: app.outbox,
      registers: app.fiscalRegisters,
      ...(acquirerReceipts ? { acquirerReceipts } : {}),
      audit: app.audit,
      now,
      log: app.log,
    })
    app.decorate('receipts', receipts)
    await registerApiRoutes(app, (api) => {
      registerReceiptRoutes(api, {
        requireManager: app.staff.requireManager,
        receipts,
        settings: createFiscalSettingsService({
          db,
          audit: app.audit,
          outbox: app.outbox,
          profile: (id, trx) => app.restaurantRepository.findById(id, trx),
          forgetCached: (id) => app.restaurants.forget(id),
          acquirerOf,
          secrets: config.secretsKey ? createSecretBox(config.secretsKey) : null,
          now,
        }),
      })
    })
  },
  {
    name: 'receipts',
    dependencies: ['context', 'outbox', 'restaurants', 'staff', 'audit', 'fiscal-registers'],
  },
)
