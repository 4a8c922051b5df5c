import { join } from 'node:path'
import { constants as zlib } from 'node:zlib'
import compress from '@fastify/compress'
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { ServerConfig } from './config/env'
import './config/zod-messages'
import type { DatabaseHandle } from './db/database'
import { MenuCache } from './features/menu/menu-cache'
import { createMenuRepository } from './features/menu/menu-repository'
import { registerMenuRoutes } from './features/menu/menu-routes'
import { createMenuService, type MenuService } from './features/menu/menu-service'
import { firstDishPhotos } from './features/menu/menu-snapshot'
import { createMenuAdminRepository } from './features/menu/menu-admin-repository'
import { freshMenuFirst } from './features/menu/menu-events'
import { registerMenuAdminRoutes } from './features/menu/menu-admin-routes'
import { createMenuAdminService } from './features/menu/menu-admin-service'
import { createPhotoStore } from './features/menu/menu-photos'
import { registerMedia } from './plugins/media'
import { registerRestaurantRoutes } from './features/restaurants/restaurant-routes'
import { createRestaurantRepository } from './features/restaurants/restaurant-repository'
import { registerRealtime, type Realtime } from './features/realtime/realtime'
import { createRestaurantCache } from './features/restaurants/restaurant-cache'
import { shortLivedCache } from './lib/short-lived-cache'
import { createOrderService, type OrderService } from './features/orders/order-service'
import { orderChannelRule, registerOrderRoutes } from './features/orders/order-routes'
import { registerSlotRoutes } from './features/orders/slot-routes'
import { registerGarconOrderRoutes } from './features/orders/garcon-order-routes'
import { createGarconAuth } from './features/garcon/garcon-auth'
import { createStaffAuth } from './features/staff/staff-auth'
import { kitchenChannelRule, registerStaffRoutes } from './features/staff/staff-routes'
import { createAuditLog } from './features/audit/audit-log'
import { registerAuditRoutes } from './features/audit/audit-routes'
import { createStaffMemberService } from './features/staff-admin/staff-member-service'
import { registerStaffAdminRoutes } from './features/staff-admin/staff-admin-routes'
import { createWaiterAdminService } from './features/staff-admin/waiter-admin-service'
import { createSettingsAdminService } from './features/settings-admin/settings-admin-service'
import { registerSettingsAdminRoutes } from './features/settings-admin/settings-admin-routes'
import { hashSecret } from './lib/secret-hash'
import { newTableQrToken } from './features/table-sessions/table-qr-token'
import { createTablesAdminRepository } from './features/tables-admin/tables-admin-repository'
import { registerTablesAdminRoutes } from './features/tables-admin/tables-admin-routes'
import { createTablesAdminService } from './features/tables-admin/tables-admin-service'
import { registerKitchenRoutes } from './features/kitchen/kitchen-routes'
import { createKitchenService } from './features/kitchen/kitchen-service'
import { createStationService } from './features/kitchen/station-service'
import { createLiveRepository } from './features/reports/live-repository'
import { createLiveService } from './features/reports/live-service'
import { createReportRepository } from './features/reports/report-repository'
import { createReportService } from './features/reports/report-service'
import { createReportWarmer } from './features/reports/report-warmer'
import { registerReportsRoutes } from './features/reports/reports-routes'
import {
  garconChannelRule,
  garconShiftChannelRule,
  registerGarconRoutes,
} from './features/garcon/garcon-routes'
import {
  createGarconAlerts,
  GARCON_ALERT,
  handleGarconPushes,
  registerGarconAlertRoutes,
} from './features/garcon/garcon-alerts'
import { createBirthdayBonus } from './features/bonus/bonus-birthday'
import { createBonusCardService } from './features/bonus/bonus-card-service'
import { createBonusLedger } from './features/bonus/bonus-ledger'
import { createBonusLookupRepository } from './features/bonus/bonus-lookup-repository'
import { registerBonusLookupRoutes } from './features/bonus/bonus-lookup-routes'
import { createBonusLookupService } from './features/bonus/bonus-lookup-service'
import { createOrderBonus } from './features/bonus/bonus-orders'
import { registerBonusRoutes } from './features/bonus/bonus-routes'
import { createCallEscalation, type CallEscalation } from './features/garcon/call-escalation'
import {
  createGarconPush,
  loadVapidKeys,
  registerGarconPushRoutes,
} from './features/garcon/garcon-push'
import { createGarconTips, registerGarconTipRoutes } from './features/garcon/garcon-tips'
import { createGarconProfileService } from './features/garcon/garcon-profile-service'
import { registerGarconProfileRoutes } from './features/garcon/garcon-profile-routes'
import { createWaiterTablesService } from './features/garcon/waiter-tables-service'
import { createFloorService } from './features/floor/floor-service'
import { registerFloorRoutes } from './features/floor/floor-routes'
import { registerWaiterTableRoutes } from './features/garcon/waiter-tables-routes'
import { checkSlot } from './features/orders/slots'
import { createTableSessionService } from './features/table-sessions/table-session-service'
import { createSessionExpiry, type SessionExpiry } from './features/table-sessions/session-expiry'
import {
  registerTableSessionRoutes,
  tableChannelRule,
} from './features/table-sessions/table-session-routes'
import { createWaiterCallService } from './features/waiter-calls/waiter-call-service'
import {
  registerGarconCallRoutes,
  registerWaiterCallRoutes,
} from './features/waiter-calls/waiter-call-routes'
import { registerClientErrorRoutes } from './features/system/client-error-routes'
import { registerHealthRoutes } from './features/system/health-routes'
import { clientErrorHandler, frameworkErrors, installErrorHandler } from './plugins/error-handler'
import { refuseNulCharacters } from './http/refuse-nul'
import { publicOrigin, refuseMalformedHost } from './http/request-origin'
import { registerOpenApi } from './plugins/openapi'
import { registerSecurityHeaders } from './plugins/security'
import { registerSpa } from './plugins/spa'
import { registerRateLimits } from './http/rate-limits'
import { fastifyTrustProxy } from './http/trust-proxy'
import { rateLimitPolicy } from './rate-limit-policy'
import { firstScreenDrawer, loadFirstScreenRenderer } from './features/menu/first-screen'
import { createPaymentService, type PaymentService } from './features/payments/payment-service'
import { createPaymentRepository } from './features/payments/payment-repository'
import { createOrderPaymentRepository } from './features/orders/order-payment-repository'
import { createOrderRepository } from './features/orders/order-repository'
import { createBillService } from './features/bill/bill-service'
import { registerBillRoutes } from './features/bill/bill-routes'
import { Outbox } from './features/outbox/outbox'
import {
  registerPaymentRoutes,
  registerSandboxAcquirerRoutes,
} from './features/payments/payment-routes'
import { SandboxAcquirer, SANDBOX_SIGNATURE_HEADER } from './features/payments/sandbox-acquirer'
import { loadSandboxSecret } from './features/payments/sandbox-secret'
import { SANDBOX_ACQUIRER_PREFIX } from '@tableside/contracts/sandbox-acquirer'
import {
  noPaymentProvider,
  onlinePaymentNotice,
  takesOnlinePayment,
} from './features/payments/online-payment-setup'
import { DEMO_RESTAURANT_ID } from './db/seed-demo'
import { createClientSignIn } from './features/client/client-sign-in'
import { createClientAuth } from './features/client/client-auth'
import { createClientProfileService } from './features/client/client-profile-service'
import { registerClientRoutes, registerDevSmsRoute } from './features/client/client-routes'
import { loadOtpSecret } from './features/client/client-secrets'
import { SandboxSms } from './features/client/sms/sandbox-sms'
import { createSmsRuProvider } from './features/client/sms/smsru-sms'
import { noSmsProvider, type SmsProvider } from './features/client/sms/sms-provider'
import { smsNotice } from './features/client/sms/sms-setup'
import { createFavouritesService } from './features/favourites/favourites-service'
import { registerFavouriteRoutes } from './features/favourites/favourite-routes'

declare module 'fastify' {
  interface FastifyInstance {
    /** How features publish live updates and declare who may join their channels. */
    realtime: Realtime
    /** Menu changes (import, stop-list) that refresh the served menu and tell open menus. */
    menu: MenuService
    /** The menus as served, held in memory per restaurant. */
    menuCache: MenuCache
    /** Orders: placing, status changes, the bill. */
    orders: OrderService
    /** Online payments of orders and bills, and the webhooks that settle them. */
    payments: PaymentService
    /** The built-in pretend acquirer (its books, hosted page and webhooks), where it runs. */
    sandboxAcquirer: SandboxAcquirer | null
    /** Side effects (publishes, refunds) delivered after the transaction that decided them. */
    outbox: Outbox
    /** Waiter calls nobody answered in time, sent to every waiter on shift (decision 0045). */
    callEscalation: CallEscalation
    /** Table sessions that ran out, ended though nobody looks at them (decision 0049). */
    sessionExpiry: SessionExpiry
    /** The pretend SMS gateway's outbox, where it sends the codes (decision 0051). */
    smsSandbox: SandboxSms | null
  }
}

/** Dish photos a phone shows without scrolling on the menu (the first card, and the next). */
const FIRST_SCREEN_PHOTOS = 2

export interface AppOptions {
  config: ServerConfig
  database: DatabaseHandle
  logger?: FastifyServerOptions['logger']
  /**
   * The clock of waiter calls and their escalation, the floor, and the sweep of table sessions
   * that ran out (tests move it).
   */
  now?: () => Date
}

/** The whole application as a Fastify instance that has not started listening: tests inject into it. */
export async function buildApp({
  config,
  database,
  logger = false,
  now = () => new Date(),
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Per-request lines drown the log; failures are logged where they are handled.
    logController: new LogController({ disableRequestLogging: true }),
    // The error handler answers 503 while closing, in the one error shape (decision 0031).
    return503OnClosing: false,
    frameworkErrors,
    clientErrorHandler,
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  installErrorHandler(app)
  refuseNulCharacters(app)

  registerSecurityHeaders(app)
  refuseMalformedHost(app)
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Dynamic responses: fast brotli; static files are precompressed at build time.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  })
  await registerOpenApi(app, config.apiBase)
  await registerRateLimits(app, {
    redisUrl: config.realtime.redisUrl,
    policy: rateLimitPolicy(config.apiBase),
    exempt: config.rateLimitExempt,
  })

  const { db } = database
  const realtime = await registerRealtime(app, config)
  app.decorate('realtime', realtime)
  const { broadcaster } = realtime
  const menuRepository = createMenuRepository(db)
  const menuCache = new MenuCache(menuRepository, app.log)
  // Open menus hear of a change once this node serves it (decision 0064).
  const outbox = new Outbox({
    db,
    broadcaster: freshMenuFirst(broadcaster, menuCache),
    log: app.log,
  })
  app.decorate('outbox', outbox)

  menuCache.watch(config.menuCheckIntervalMs)
  app.addHook('onClose', () => {
    menuCache.stop()
    return Promise.resolve()
  })
  app.decorate('menuCache', menuCache)
  app.decorate(
    'menu',
    createMenuService({
      repository: menuRepository,
      cache: menuCache,
      outbox,
      mediaOrigins: config.mediaOrigins,
    }),
  )

  const paymentNotice = onlinePaymentNotice(config.payments, config.environment)
  app.log[paymentNotice.level](paymentNotice.message)
  const restaurantRepository = createRestaurantRepository(db, {
    takesOnlinePayment: (id) => takesOnlinePayment(config.payments, id, DEMO_RESTAURANT_ID),
  })
  const restaurants = createRestaurantCache(restaurantRepository)
  const garcon = createGarconAuth(db)
  // Waiters' alerts: raised with what caused them, pushed to locked phones after commit.
  const garconPush = createGarconPush({
    db,
    keys: loadVapidKeys(config.dataDir),
    subject: config.vapidSubject,
  })
  const garconAlerts = createGarconAlerts({ db, outbox })
  handleGarconPushes(outbox, garconPush, { db, broadcaster, log: app.log })
  // What happens at a table alerts whoever hears it, in the transaction that makes it happen.
  const alertAtTable: typeof garconAlerts.raiseAtTable = (trx, tableSessionId, alert) =>
    garconAlerts.raiseAtTable(trx, tableSessionId, alert)
  const callEscalation = createCallEscalation({
    db,
    alerts: garconAlerts,
    delivered: () => outbox.kick(),
    log: app.log,
    now,
  })
  app.decorate('callEscalation', callEscalation)
  // Every order and call tells the restaurant's waiters; who they are changes rarely.
  const waiters = shortLivedCache(garcon.service.listActiveWaiterIds, 5_000)
  const waitersOf = (restaurantId: string) => waiters.get(restaurantId)
  const tableSessions = createTableSessionService({ db, restaurants, outbox, alertAtTable })
  const sessionExpiry = createSessionExpiry({
    db,
    outbox,
    alertAtTable,
    delivered: () => outbox.kick(),
    log: app.log,
    now,
  })
  app.decorate('sessionExpiry', sessionExpiry)
  const paymentRepository = createPaymentRepository(db)
  const orderPayments = createOrderPaymentRepository(db)
  // The bonus card's ledger (decision 0055) and where orders and payments meet it (0060).
  const bonus = createBonusLedger({ db, now })
  const orderBonus = createOrderBonus({ db, ledger: bonus })
  const orders = createOrderService({
    db,
    bonus: orderBonus,
    restaurants,
    menus: menuCache,
    tableSessions,
    broadcaster,
    checkSlot: (restaurant, type, scheduledFor, now) =>
      checkSlot({ restaurant, type, scheduledFor, now }),
    waitersOf,
    alerts: { placedKind: GARCON_ALERT, atTable: alertAtTable },
    onlinePaymentsReady: true,
    outbox,
    payments: paymentRepository,
    orderPayments,
  })
  app.decorate('orders', orders)
  const bills = createBillService({
    tableSessions,
    restaurants,
    orders: createOrderRepository(db),
    payments: paymentRepository,
  })

  const acquirer =
    config.payments.provider === 'sandbox' &&
    new SandboxAcquirer({
      db,
      secret: loadSandboxSecret(config.sandboxAcquirerSecret, config.dataDir),
      // The acquirer calls back as a bank would: over HTTP once listening, else in-process.
      deliver: async (body, signature) => {
        const headers = {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: signature,
        }
        const url = `${config.apiBase}/payments/webhooks/sandbox`
        const address = app.server.address()
        if (address && typeof address === 'object') {
          const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
          const target = host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host
          const response = await fetch(`http://${target}:${address.port}${url}`, {
            method: 'POST',
            headers,
            body,
          })
          await response.arrayBuffer()
          return response.status
        }
        return (await app.inject({ method: 'POST', url, headers, payload: body })).statusCode
      },
      onDeliveryError: (error) => app.log.warn({ err: error }, 'Sandbox webhook delivery failed'),
    })
  app.decorate('sandboxAcquirer', acquirer || null)
  const paymentService = createPaymentService({
    db,
    provider: acquirer || noPaymentProvider,
    repository: paymentRepository,
    orderPayments,
    restaurants,
    tableSessions,
    outbox,
    alertAtTable,
    bonus: orderBonus,
    log: app.log,
  })
  app.decorate('payments', paymentService)
  const paymentSweep = setInterval(() => {
    paymentService.sweepOverdue().catch((error: unknown) => {
      app.log.warn({ err: error }, 'Sweeping overdue payments failed')
    })
  }, 30_000)
  paymentSweep.unref()
  // Bonus points past their time expire (decision 0055); by the day, so a sweep every few minutes.
  const birthdayBonus = createBirthdayBonus({ db, now })
  const bonusSweep = setInterval(() => {
    bonus.expire().catch((error: unknown) => {
      app.log.warn({ err: error }, 'Expiring bonus points failed')
    })
    // Birthday points, once a year each (decision 0058): the index of migration 0030 keeps it so.
    birthdayBonus.sweep().catch((error: unknown) => {
      app.log.warn({ err: error }, 'Crediting birthday points failed')
    })
  }, 5 * 60_000)
  bonusSweep.unref()
  // The back office's day report, its past days kept warm between reports (decision 0081).
  const report = createReportService(createReportRepository(db))
  const reportWarmer = createReportWarmer({ db, report, log: app.log, now })
  app.addHook('onReady', () => {
    if (config.reportWarm.everyMs > 0) reportWarmer.start(config.reportWarm)
    if (acquirer) acquirer.start()
    outbox.start()
    callEscalation.start()
    sessionExpiry.start()
    return Promise.resolve()
  })
  app.addHook('onClose', async () => {
    clearInterval(paymentSweep)
    clearInterval(bonusSweep)
    await reportWarmer.stop()
    if (acquirer) await acquirer.stop()
    await callEscalation.stop()
    await sessionExpiry.stop()
    await outbox.stop()
  })
  const waiterTables = createWaiterTablesService({ db, outbox })
  const waiterCalls = createWaiterCallService({
    db,
    tableSessions,
    outbox,
    // The table's waiters on shift, else everyone on shift (decision 0042).
    waitersOf: (session) => waiterTables.whoHearsCalls(session),
    // A new call alerts who hears it and is due to escalate (decision 0045), in its transaction.
    alertWaiters: async (trx, call, restaurantId, waiterIds) => {
      await garconAlerts.raise(trx, restaurantId, waiterIds, {
        kind: 'waiter_call',
        table: { code: call.table.code, label: call.table.label },
        orderNumber: null,
        callId: call.id,
        detail: { reason: call.reason, comment: call.comment },
      })
      await callEscalation.schedule(trx, call.id)
    },
    now,
  })
  // The waiter's floor: their tables live, and a table's session closed or moved (decision 0044).
  const floor = createFloorService({
    db,
    restaurants,
    outbox,
    raiseAlert: (trx, restaurantId, waiterIds, alert) =>
      garconAlerts.raise(trx, restaurantId, waiterIds, alert),
    alertAtTable,
    // A table closed with its orders completed and paid releases their points (decision 0060).
    bonus: orderBonus,
    now,
  })
  // Diners' profiles: sign-in codes by SMS (decision 0051).
  const sms = smsProviderOf(config, app)
  app.decorate('smsSandbox', sms instanceof SandboxSms ? sms : null)
  const smsSetup = smsNotice(config.sms, config.environment)
  app.log[smsSetup.level](smsSetup.message)
  const clientSignIn = createClientSignIn({
    db,
    sms,
    otpSecret: loadOtpSecret(config.otpSecret, config.dataDir),
    now,
    restaurantExists: async (id) => (await restaurants.get(id)) !== undefined,
    onSmsError: (error) => app.log.warn({ err: error }, 'A sign-in code could not be sent'),
  })
  const clientAuth = createClientAuth(clientSignIn)

  // Managers and the kitchen (decision 0062); every manager's change is audited (0063).
  const staff = createStaffAuth(db, { now })
  const audit = createAuditLog(db)
  // The manager's menu: checked edits of the menu file, and photos (decisions 0064, 0065); photos
  // nothing uses any more are swept after a save that drops one, and hourly (0078).
  const photos = createPhotoStore(join(config.dataDir, 'photos'))
  const menuAdmin = createMenuAdminService({
    repository: createMenuAdminRepository(db),
    audit,
    cache: menuCache,
    outbox,
    mediaOrigins: config.mediaOrigins,
    photos,
    log: app.log,
  })
  const stopPhotoSweeps = menuAdmin.sweepPhotosEvery(60 * 60_000)
  app.addHook('onClose', () => {
    stopPhotoSweeps()
    return Promise.resolve()
  })

  realtime.channels.add(garconChannelRule(garcon))
  realtime.channels.add(kitchenChannelRule(staff))
  realtime.channels.add(garconShiftChannelRule(garcon, waiterTables.isOnShift))
  realtime.channels.add(tableChannelRule(tableSessions))
  realtime.channels.add(orderChannelRule(orders))

  await app.register(
    (api) => {
      registerHealthRoutes(api, db)
      registerRestaurantRoutes(api, restaurantRepository)
      registerMenuRoutes(api, menuCache)
      registerTableSessionRoutes(api, tableSessions)
      registerOrderRoutes(api, orders, clientAuth.clientOf)
      registerBillRoutes(api, bills)
      registerSlotRoutes(api, { restaurants: restaurantRepository })
      registerWaiterCallRoutes(api, waiterCalls)
      registerGarconRoutes(api, garcon)
      registerGarconTipRoutes(api, createGarconTips(db), garcon.requireWaiter)
      registerGarconPushRoutes(api, garconPush, garcon.requireWaiter)
      registerGarconAlertRoutes(api, garconAlerts, garcon.requireWaiter)
      registerWaiterTableRoutes(api, waiterTables, garcon.requireWaiter)
      registerGarconProfileRoutes(api, createGarconProfileService({ db }), garcon.requireWaiter)
      registerGarconOrderRoutes(api, orders, garcon.requireWaiter)
      registerFloorRoutes(api, floor, garcon.requireWaiter)
      registerGarconCallRoutes(api, waiterCalls, garcon.requireWaiter)
      registerPaymentRoutes(
        api,
        paymentService,
        (request) => publicOrigin(config, request),
        async (request) => (await clientAuth.clientOf(request))?.id ?? null,
      )
      registerClientErrorRoutes(api)
      registerClientRoutes(
        api,
        clientSignIn,
        clientAuth,
        createClientProfileService(clientSignIn.repository, now),
      )
      // The diner's bonus card (decision 0058): the profile's token says whose.
      registerBonusRoutes(
        api,
        createBonusCardService({ db, ledger: bonus }),
        clientAuth.requireClient,
      )
      // A waiter looks a card of their restaurant up by its number (decision 0059).
      registerBonusLookupRoutes(
        api,
        createBonusLookupService({ repository: createBonusLookupRepository(db), ledger: bonus }),
        garcon.requireWaiter,
      )
      registerFavouriteRoutes(api, createFavouritesService(db, now), clientAuth.requireClient)
      // The back office and the kitchen display (issue 17).
      registerStaffRoutes(api, staff, {
        restaurantName: async (id) => (await restaurants.get(id))?.name ?? id,
      })
      registerAuditRoutes(api, { audit, requireManager: staff.requireManager })
      // The manager's menu and its photos (decisions 0064, 0065, 0078).
      registerMenuAdminRoutes(api, {
        service: menuAdmin,
        requireManager: staff.requireManager,
        photos,
      })
      // The back office's staff and settings (decisions 0068, 0069).
      registerStaffAdminRoutes(api, {
        requireManager: staff.requireManager,
        waiters: createWaiterAdminService({ db, audit, hashSecret, now }),
        staff: createStaffMemberService({ db, audit, hashSecret, now }),
      })
      registerSettingsAdminRoutes(api, {
        requireManager: staff.requireManager,
        settings: createSettingsAdminService({
          db,
          audit,
          outbox,
          profile: (id, trx) => restaurantRepository.findById(id, trx),
          forgetCached: (id) => restaurants.forget(id),
          paymentProvider: (id) =>
            takesOnlinePayment(config.payments, id, DEMO_RESTAURANT_ID)
              ? config.payments.provider
              : null,
        }),
      })
      // Zones, tables and their printed QR codes (decisions 0066–0067).
      registerTablesAdminRoutes(
        api,
        createTablesAdminService({
          db,
          repository: createTablesAdminRepository(db),
          audit,
          newQrToken: newTableQrToken,
          now,
        }),
        {
          requireManager: staff.requireManager,
          origin: (request) => publicOrigin(config, request),
        },
      )
      // The kitchen display and its stations (decisions 0070, 0071).
      registerKitchenRoutes(api, {
        kitchen: createKitchenService({ db, orders, outbox, now }),
        stations: createStationService({ db, audit, outbox }),
        requireKitchen: staff.requireKitchen,
        requireManager: staff.requireManager,
      })
      // The back office's live screen and day report (decision 0072).
      registerReportsRoutes(api, {
        live: createLiveService(createLiveRepository(db), now),
        report,
        requireManager: staff.requireManager,
      })
      return Promise.resolve()
    },
    { prefix: config.apiBase },
  )

  if (acquirer) {
    await app.register(
      (bank) => {
        registerSandboxAcquirerRoutes(bank, acquirer)
        return Promise.resolve()
      },
      { prefix: SANDBOX_ACQUIRER_PREFIX },
    )
  }

  if (sms instanceof SandboxSms && config.environment === 'development') {
    registerDevSmsRoute(app, sms)
  }

  await registerMedia(app, join(config.dataDir, 'photos'))
  const renderFirstScreen = await loadFirstScreenRenderer(config.webDist)
  await registerSpa(app, config, realtime.credentials.key, {
    firstPictures: (restaurantId, menuId) => {
      const snapshot = menuCache.peek(restaurantId)
      return snapshot ? firstDishPhotos(snapshot, menuId, FIRST_SCREEN_PHOTOS) : []
    },
    firstScreen:
      renderFirstScreen &&
      firstScreenDrawer({
        render: renderFirstScreen,
        menu: (restaurantId) => menuCache.get(restaurantId),
        restaurant: (restaurantId) => restaurants.get(restaurantId),
      }),
  })
  return app
}

/** The SMS gateway the configuration names (decision 0051). */
function smsProviderOf(config: ServerConfig, app: FastifyInstance): SmsProvider {
  switch (config.sms.provider) {
    case 'sandbox':
      return new SandboxSms({
        // The sandbox exists to show the code: it is in the log on purpose.
        log: (message) =>
          app.log.info({ sms: message }, `SMS sandbox to ${message.to}: ${message.text}`),
      })
    case 'smsru':
      return createSmsRuProvider({
        apiId: config.sms.smsru?.apiId ?? '',
        ...(config.sms.smsru?.baseUrl ? { baseUrl: config.sms.smsru.baseUrl } : {}),
      })
    case null:
      return noSmsProvider
  }
}
