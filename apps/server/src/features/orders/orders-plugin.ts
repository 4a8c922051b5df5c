import fp from 'fastify-plugin'
import { registerApiRoutes } from '../../http/api-routes'
import { shortLivedCache } from '../../lib/short-lived-cache'
import { registerGarconOrderRoutes } from './garcon-order-routes'
import { createOrderPaymentRepository } from './order-payment-repository'
import { createRefundRepository } from './refund-repository'
import { orderChannelRule, registerOrderRoutes } from './order-routes'
import { createOrderService, type OrderService } from './order-service'
import type { OrderServiceDeps } from './order-service-context'
import { registerSlotRoutes } from './slot-routes'
import { checkSlot } from './slots'

declare module 'fastify' {
  interface FastifyInstance {
    /** Orders: placing, status changes, the bill. */
    orders: OrderService
  }
}

export interface OrdersOptions {
  /** The outbox kind of a waiter's alert, which an order's placement writes (decision 0045). */
  placedAlertKind: string
  /** What payments hold of an order (payments' repository; payments rank above orders). */
  payments: OrderServiceDeps['payments']
  /** How orders were actually paid (payments' derivation, issue 28). */
  paidWith: OrderServiceDeps['paidWith']
}

/** Who the restaurant's waiters are changes rarely: every order reads it for a few seconds. */
const WAITERS_CACHE_MS = 5_000

/** Orders from the diners' and the waiters' apps, and the slots a restaurant offers. */
export const ordersPlugin = fp<OrdersOptions>(
  async (app, { placedAlertKind, payments, paidWith }) => {
    const { db, garcon } = app
    const waiters = shortLivedCache(garcon.service.listActiveWaiterIds, WAITERS_CACHE_MS)
    const orders = createOrderService({
      db,
      bonus: app.orderBonus,
      restaurants: app.restaurants,
      menus: app.menuCache,
      tableSessions: app.tableSessions,
      broadcaster: app.realtime.broadcaster,
      checkSlot: (restaurant, type, scheduledFor, now) =>
        checkSlot({ restaurant, type, scheduledFor, now }),
      waitersOf: (restaurantId) => waiters.get(restaurantId),
      alerts: {
        placedKind: placedAlertKind,
        atTable: app.alertAtTable,
        moved: (trx, order) => app.garconAlerts.orderMoved(trx, order),
      },
      outbox: app.outbox,
      payments,
      paidWith,
      orderPayments: createOrderPaymentRepository(db),
      refunds: createRefundRepository(db),
      now: app.now,
    })
    app.decorate('orders', orders)
    app.realtime.channels.add(orderChannelRule(orders))
    await registerApiRoutes(app, (api) => {
      registerOrderRoutes(api, orders, app.clientAuth.clientOf)
      registerSlotRoutes(api, { restaurants: app.restaurantRepository })
      registerGarconOrderRoutes(api, orders, garcon.requireWaiter)
    })
  },
  {
    name: 'orders',
    dependencies: [
      'context',
      'realtime',
      'outbox',
      'menu-cache',
      'restaurants',
      'garcon',
      'table-sessions',
      'client',
      'bonus',
    ],
  },
)
