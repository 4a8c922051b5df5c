import type { FastifyInstance, FastifyRequest } from 'fastify'
import { acknowledgeWaiterCall, completeWaiterCall, type Waiter } from '@tableside/contracts/garcon'
import { createWaiterCall, listWaiterCalls } from '@tableside/contracts/waiter-calls'
import { registerEndpoint } from '../../http/register-endpoint'
import type { WaiterCallService } from './waiter-call-service'

export function registerWaiterCallRoutes(app: FastifyInstance, calls: WaiterCallService) {
  registerEndpoint(app, createWaiterCall, ({ params, body }) =>
    calls.call(params.restaurantId, body.tableSessionId, body.reason, body.comment),
  )
  registerEndpoint(app, listWaiterCalls, async ({ params }) => ({
    calls: await calls.list(params.sessionId),
  }))
}

/** A waiter answers a call ("coming", then "done"); the waiter screens use these. */
export function registerGarconCallRoutes(
  app: FastifyInstance,
  calls: WaiterCallService,
  requireWaiter: (request: FastifyRequest) => Promise<Waiter>,
) {
  registerEndpoint(app, acknowledgeWaiterCall, async ({ params, request }) =>
    calls.acknowledge(params.callId, await requireWaiter(request)),
  )
  registerEndpoint(app, completeWaiterCall, async ({ params, request }) =>
    calls.complete(params.callId, await requireWaiter(request)),
  )
}
