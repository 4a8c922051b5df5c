import type { FastifyInstance, FastifyRequest } from 'fastify'
import { recordCashPayment, setOrderStatus, type Waiter } from '@tableside/contracts/garcon'
import { placeTableOrder, recordTableCashPayment } from '@tableside/contracts/garcon-floor'
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@tableside/contracts/orders'
import { registerEndpoint } from '../../http/register-endpoint'
import { keyFrom } from './order-routes'
import type { OrderService } from './order-service'

/**
 * A waiter moves an order of their restaurant along the transition table (a cancel with a
 * reason), takes cash for an order or a whole table, and orders for guests without phones.
 */
export function registerGarconOrderRoutes(
  app: FastifyInstance,
  orders: OrderService,
  requireWaiter: (request: FastifyRequest) => Promise<Waiter>,
) {
  registerEndpoint(app, setOrderStatus, async ({ params, body, request }) => {
    const waiter = await requireWaiter(request)
    return orders.changeStatus(params.orderId, waiter.restaurantId, body.status, {
      waiter,
      reason: body.reason,
    })
  })
  registerEndpoint(app, recordCashPayment, async ({ params, request }) => {
    const waiter = await requireWaiter(request)
    return orders.recordCashPayment(params.orderId, waiter.restaurantId)
  })
  registerEndpoint(app, recordTableCashPayment, async ({ params, request, reply }) => {
    const waiter = await requireWaiter(request)
    const key = keyFrom(request.headers[IDEMPOTENCY_KEY_HEADER])
    const { settlement, replayed } = await orders.recordCashForTable(params.sessionId, waiter, key)
    if (replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true')
    return settlement
  })
  registerEndpoint(app, placeTableOrder, async ({ params, body, request, reply }) => {
    const waiter = await requireWaiter(request)
    const key = keyFrom(request.headers[IDEMPOTENCY_KEY_HEADER])
    const { order, replayed } = await orders.placeAtTable(params.sessionId, waiter, key, body)
    if (replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true')
    return order
  })
}
