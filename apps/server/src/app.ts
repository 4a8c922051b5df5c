import type { FastifyInstance, FastifyServerOptions } from 'fastify'
import { acquirersPlugin } from './adapters/acquirers/acquirers-plugin'
import { atolPlugin } from './adapters/atol/atol-plugin'
import { sandboxAcquirerPlugin } from './adapters/sandbox-acquirer/sandbox-acquirer-plugin'
import { smsPlugin } from './adapters/sms/sms-plugin'
import type { ServerConfig } from './config/env'
import './config/zod-messages'
import type { DatabaseHandle } from './db/database'
import { embeddedVacuumJob } from './db/embedded-vacuum'
import { DEMO_RESTAURANT_ID } from './db/seed-demo'
import { auditPlugin } from './features/audit/audit-plugin'
import { billPlugin } from './features/bill/bill-plugin'
import { bonusPlugin } from './features/bonus/bonus-plugin'
import { clientPlugin } from './features/client/client-plugin'
import { favouritesPlugin } from './features/favourites/favourites-plugin'
import { floorPlugin } from './features/floor/floor-plugin'
import { GARCON_ALERT } from './features/garcon/garcon-alerts'
import { garconPlugin } from './features/garcon/garcon-plugin'
import { kitchenPlugin } from './features/kitchen/kitchen-plugin'
import { menuCachePlugin } from './features/menu/menu-cache-plugin'
import { freshMenuFirst } from './features/menu/menu-events'
import { menuPlugin } from './features/menu/menu-plugin'
import { ordersPlugin } from './features/orders/orders-plugin'
import { acquirerReceiptsOf } from './features/payments/acquirer-receipts'
import { paidWithFrom } from './features/payments/paid-with'
import { outboxPlugin } from './features/outbox/outbox-plugin'
import { acquirerServing, takesOnlinePayment } from './features/payments/online-payment-setup'
import { createPaymentAccountRepository } from './features/restaurants/payment-account-repository'
import { createPaymentRepository } from './features/payments/payment-repository'
import { noPaymentProviderPlugin, paymentsPlugin } from './features/payments/payments-plugin'
import { refundsPlugin } from './features/payments/refunds-plugin'
import { realtimePlugin } from './features/realtime/realtime-plugin'
import { receiptsPlugin } from './features/receipts/receipts-plugin'
import { reportsPlugin } from './features/reports/reports-plugin'
import { restaurantsPlugin } from './features/restaurants/restaurants-plugin'
import { setupPlugin } from './features/setup/setup-plugin'
import { settingsAdminPlugin } from './features/settings-admin/settings-admin-plugin'
import { staffAdminPlugin } from './features/staff-admin/staff-admin-plugin'
import { staffPlugin } from './features/staff/staff-plugin'
import { systemPlugin } from './features/system/system-plugin'
import { tableSessionsPlugin } from './features/table-sessions/table-sessions-plugin'
import { tablesAdminPlugin } from './features/tables-admin/tables-admin-plugin'
import { waiterCallsPlugin } from './features/waiter-calls/waiter-calls-plugin'
import { rateLimitPolicy } from './rate-limit-policy'
import { registerRateLimits } from './http/rate-limits'
import { loadSignInDevices } from './lib/sign-in-devices'
import { contextPlugin } from './plugins/context-plugin'
import { createHttpApp } from './plugins/http-app'
import { webPlugin } from './plugins/web-plugin'

export interface AppOptions {
  config: ServerConfig
  database: DatabaseHandle
  logger?: FastifyServerOptions['logger']
  /** The clock the features read (tests move it). */
  now?: () => Date
  /** The photo worker's script: the built one beside the server unless told (tests). */
  photoWorker?: string
}

/** The whole application as a Fastify instance that has not started listening: tests inject into it. */
export async function buildApp({
  config,
  database,
  logger = false,
  now = () => new Date(),
  photoWorker,
}: AppOptions): Promise<FastifyInstance> {
  const app = await createHttpApp(config, logger)
  const signInDevices = await loadSignInDevices(database.db, `${config.apiBase}/auth`)
  await registerRateLimits(app, {
    redisUrl: config.realtime.redisUrl,
    policy: rateLimitPolicy(config.apiBase, signInDevices),
    exempt: config.rateLimitExempt,
  })

  // What every feature stands on (decision 0083).
  const onlinePayment = (id: string) => takesOnlinePayment(config.payments, id, DEMO_RESTAURANT_ID)
  await app.register(contextPlugin, {
    config,
    db: database.db,
    jobLock: database.jobLock,
    clusterLocks: database.clusterLocks,
    now,
    signInDevices,
  })
  if (database.vacuum) app.periodicJobs.add(embeddedVacuumJob(database.vacuum, app.log))
  await app.register(realtimePlugin)
  await app.register(menuCachePlugin)
  // Open menus hear of a change once this node serves it (decision 0064).
  await app.register(outboxPlugin, {
    broadcaster: freshMenuFirst(app.realtime.broadcaster, app.menuCache),
  })
  const serving = (id: string, chosen: Parameters<typeof acquirerServing>[3]) =>
    acquirerServing(config.payments, id, DEMO_RESTAURANT_ID, chosen)
  const paymentAccounts = createPaymentAccountRepository(database.db)
  await app.register(restaurantsPlugin, {
    takesOnlinePayment: (id, chosen) => serving(id, chosen) !== null,
  })
  // The adapters: the acquirer and the SMS gateway the configuration names.
  await app.register(
    config.payments.provider === 'sandbox' ? sandboxAcquirerPlugin : noPaymentProviderPlugin,
  )
  await app.register(acquirersPlugin, { serverServes: onlinePayment })
  await app.register(smsPlugin)
  await app.register(atolPlugin)

  // The features, each after those it depends on.
  await app.register(systemPlugin)
  await app.register(garconPlugin)
  await app.register(tableSessionsPlugin)
  await app.register(staffPlugin)
  await app.register(auditPlugin)
  const paidWith = paidWithFrom(database.db)
  await app.register(clientPlugin, { paidWith })
  await app.register(bonusPlugin)
  const paymentRows = createPaymentRepository(database.db)
  await app.register(ordersPlugin, {
    placedAlertKind: GARCON_ALERT,
    payments: paymentRows,
    paidWith,
  })
  await app.register(billPlugin)
  await app.register(receiptsPlugin, {
    acquirerOf: async (id) => serving(id, await paymentAccounts.find(id)),
    // The acquirer that holds the payment says where its receipt stands (decision 0141), and
    // makes a refused one again (decision 0147).
    acquirerReceipts: acquirerReceiptsOf(async (paymentId) => {
      const payment = await paymentRows.find(paymentId)
      return payment ? await app.paymentProviders.forPayment(payment) : undefined
    }),
  })
  await app.register(paymentsPlugin)
  await app.register(waiterCallsPlugin)
  await app.register(floorPlugin)
  await app.register(favouritesPlugin)
  await app.register(refundsPlugin)
  await app.register(menuPlugin, photoWorker ? { photoWorker } : {})
  await app.register(staffAdminPlugin)
  await app.register(settingsAdminPlugin, {
    paymentProvider: async (id) => serving(id, await paymentAccounts.find(id)),
    serverProvider: (id) => (onlinePayment(id) ? config.payments.provider : null),
  })
  await app.register(tablesAdminPlugin)
  await app.register(setupPlugin)
  await app.register(kitchenPlugin)
  await app.register(reportsPlugin)
  await app.register(webPlugin)
  return app
}
