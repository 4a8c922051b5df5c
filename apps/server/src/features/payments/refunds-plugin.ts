import fp from 'fastify-plugin'
import { registerApiRoutes } from '../../http/api-routes'
import { createOrderPaymentRepository } from '../orders/order-payment-repository'
import { createRefundRepository } from '../orders/refund-repository'
import { createPaymentRepository } from './payment-repository'
import { registerRefundRoutes } from './refund-routes'
import { createRefundService, type RefundService } from './refund-service'

declare module 'fastify' {
  interface FastifyInstance {
    /** Refunds, comps and staff cancels (decision 0119). */
    refunds: RefundService
  }
}

/** Refunds and corrections from the back office and the waiter's app (issue 28, decision 0119). */
export const refundsPlugin = fp(
  async (app) => {
    const { db } = app
    const refunds = createRefundService({
      db,
      repository: createPaymentRepository(db),
      orderPayments: createOrderPaymentRepository(db),
      refunds: createRefundRepository(db),
      orders: app.orders,
      outbox: app.outbox,
      bonus: app.orderBonus,
      waitersMayRefund: async (restaurantId) =>
        (await app.restaurants.get(restaurantId))?.settings.waiterRefunds ?? false,
      receiptsOf: (orderId, paymentIds) => app.receipts.ofOrderDetail(orderId, paymentIds),
      audit: (trx, actor, change) =>
        actor.kind === 'manager'
          ? app.audit.record(
              trx,
              { id: actor.id, name: actor.name, restaurantId: actor.restaurantId },
              change,
            )
          : app.audit.recordBy(trx, { restaurantId: actor.restaurantId, name: actor.name }, change),
      now: app.now,
    })
    app.decorate('refunds', refunds)
    await registerApiRoutes(app, (api) => {
      registerRefundRoutes(api, refunds, {
        requireManager: app.staff.requireManager,
        requireWaiter: app.garcon.requireWaiter,
      })
    })
  },
  {
    name: 'refunds',
    dependencies: [
      'context',
      'outbox',
      'restaurants',
      'garcon',
      'staff',
      'bonus',
      'orders',
      'audit',
      'payments',
      'receipts',
    ],
  },
)
