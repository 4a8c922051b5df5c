import fp from 'fastify-plugin'
import { registerApiRoutes } from '../../http/api-routes'
import { createOrderRepository } from '../orders/order-repository'
import { paidWithFrom } from '../payments/paid-with'
import { createPaymentRepository } from '../payments/payment-repository'
import { registerBillRoutes } from './bill-routes'
import { createBillService } from './bill-service'

/** A table's bill, read from its orders and payments. */
export const billPlugin = fp(
  async (app) => {
    const bills = createBillService({
      tableSessions: app.tableSessions,
      restaurants: app.restaurants,
      orders: createOrderRepository(app.db),
      payments: createPaymentRepository(app.db),
      paidWith: paidWithFrom(app.db),
    })
    await registerApiRoutes(app, (api) => {
      registerBillRoutes(api, bills)
    })
  },
  { name: 'bill', dependencies: ['context', 'restaurants', 'table-sessions'] },
)
