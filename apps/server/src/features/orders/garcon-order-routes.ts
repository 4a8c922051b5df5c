import type { FastifyInstance, FastifyRequest } from 'fastify'
import { recordCashPayment, setOrderStatus, type Waiter } from '@tableside/contracts/garcon'
import { registerEndpoint } from '../../http/register-endpoint'
import type { OrderService } from './order-service'

/** A waiter moves an order of their restaurant along the transition table and takes cash for it. */
export function registerGarconOrderRoutes(
  app: FastifyInstance,
  orders: OrderService,
  requireWaiter: (request: FastifyRequest) => Promise<Waiter>,
) {
  registerEndpoint(app, setOrderStatus, async ({ params, body, request }) => {
    const waiter = await requireWaiter(request)
    return orders.changeStatus(params.orderId, waiter.restaurantId, body.status)
  })
  registerEndpoint(app, recordCashPayment, async ({ params, request }) => {
    const waiter = await requireWaiter(request)
    return orders.recordCashPayment(params.orderId, waiter.restaurantId)
  })
}
