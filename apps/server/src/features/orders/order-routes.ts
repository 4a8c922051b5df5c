import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  cancelOrder,
  getOrder,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  idempotencyKey,
  lookupOrders,
  placeOrder,
  quoteCheckout,
} from '@tableside/contracts/orders'
import { quoteReorder } from '@tableside/contracts/reorder'
import { safeParse } from 'zod/mini'
import { HttpError } from '../../http/http-error'
import { registerEndpoint } from '../../http/register-endpoint'
import { UUID_PATTERN, type ChannelRule } from '../realtime/channel-authorization'
import type { OrderService } from './order-service'

/** The request's Idempotency-Key, or 400 `validation_failed` naming the header. */
export function keyFrom(header: string | string[] | undefined): string {
  if (header === undefined) {
    throw new HttpError(
      400,
      'validation_failed',
      'Send an Idempotency-Key header, so that a retried order is never placed twice.',
      [{ path: 'headers.idempotency-key', message: 'Required' }],
    )
  }
  const parsed = safeParse(idempotencyKey, Array.isArray(header) ? header.join(',') : header)
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Invalid'
    throw new HttpError(400, 'validation_failed', message, [
      { path: 'headers.idempotency-key', message },
    ])
  }
  return parsed.data
}

/**
 * `clientOf`: the signed-in diner a request's X-Profile-Token names (the app layer's), whose
 * order it is and whose points it may spend; a token that signs nobody in orders anonymously.
 */
export function registerOrderRoutes(
  app: FastifyInstance,
  orders: OrderService,
  clientOf: (request: FastifyRequest) => Promise<{ id: string } | null> = () =>
    Promise.resolve(null),
) {
  registerEndpoint(app, placeOrder, async ({ params, body, request, reply }) => {
    const key = keyFrom(request.headers[IDEMPOTENCY_KEY_HEADER])
    const client = await clientOf(request)
    const { order, replayed } = await orders.place(params.restaurantId, key, body, null, client)
    if (replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true')
    return order
  })
  registerEndpoint(app, quoteCheckout, ({ params, body }) =>
    orders.quote(params.restaurantId, body.type, body.lines),
  )
  registerEndpoint(app, getOrder, ({ params }) => orders.get(params.orderId))
  registerEndpoint(app, quoteReorder, ({ params }) =>
    orders.reorderQuote(params.restaurantId, params.orderId),
  )
  registerEndpoint(app, cancelOrder, ({ params }) => orders.cancelByDiner(params.orderId))
  registerEndpoint(app, lookupOrders, async ({ params, body }) => ({
    orders: await orders.lookup(params.restaurantId, body.ids),
  }))
}

/** `private-order.{orderId}`: the order id is the capability; the order must exist. */
export function orderChannelRule(orders: OrderService): ChannelRule {
  return {
    pattern: new RegExp(`^private-order\\.(${UUID_PATTERN})$`),
    async decide(_request, match) {
      return (await orders.exists(match[1] ?? ''))
        ? { allow: true }
        : { allow: false, reason: 'There is no such order.' }
    },
  }
}
