import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Waiter } from '@tableside/contracts/garcon'
import {
  cancelAdminOrder,
  cancelGarconOrder,
  getAdminOrder,
  getGarconOrder,
  refundAdminOrder,
  refundAdminTip,
  refundGarconOrder,
  refundGarconTip,
  retryAdminRefund,
} from '@tableside/contracts/refunds'
import type { Manager } from '@tableside/contracts/staff'
import { registerEndpoint } from '../../http/register-endpoint'
import type { RefundActor, RefundService } from './refund-service'

/**
 * The manager's and the waiter's refunds (decision 0119): one service, two doors. A waiter's
 * requests are judged by the restaurant's `waiterRefunds` setting and their tables.
 */
export function registerRefundRoutes(
  app: FastifyInstance,
  refunds: RefundService,
  auth: {
    requireManager: (request: FastifyRequest) => Promise<Manager>
    requireWaiter: (request: FastifyRequest) => Promise<Waiter>
  },
) {
  const manager = async (request: FastifyRequest): Promise<RefundActor> => {
    const { id, name, restaurantId } = await auth.requireManager(request)
    return { kind: 'manager', id, name, restaurantId }
  }
  const waiter = async (request: FastifyRequest): Promise<RefundActor> => {
    const { id, name, restaurantId } = await auth.requireWaiter(request)
    return { kind: 'waiter', id, name, restaurantId }
  }
  registerEndpoint(app, retryAdminRefund, async ({ params, request }) =>
    refunds.retry(params.orderId, params.refundId, await manager(request)),
  )
  for (const [who, get, refund, tip, cancel] of [
    [manager, getAdminOrder, refundAdminOrder, refundAdminTip, cancelAdminOrder],
    [waiter, getGarconOrder, refundGarconOrder, refundGarconTip, cancelGarconOrder],
  ] as const) {
    registerEndpoint(app, get, async ({ params, request }) =>
      refunds.detail(params.orderId, await who(request)),
    )
    registerEndpoint(app, refund, async ({ params, body, request }) =>
      refunds.refund(params.orderId, await who(request), body),
    )
    registerEndpoint(app, tip, async ({ params, body, request }) =>
      refunds.refundTip(params.orderId, await who(request), body),
    )
    registerEndpoint(app, cancel, async ({ params, body, request }) =>
      refunds.cancel(params.orderId, await who(request), body),
    )
  }
}
