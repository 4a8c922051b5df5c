import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Waiter } from '@tableside/contracts/garcon'
import {
  closeTableSession,
  getGarconFloor,
  moveTableSession,
} from '@tableside/contracts/garcon-floor'
import { registerEndpoint } from '../../http/register-endpoint'
import type { FloorService } from './floor-service'

/** The waiter's floor, and a table's session closed or moved (header X-Garcon-Token). */
export function registerFloorRoutes(
  app: FastifyInstance,
  floor: FloorService,
  requireWaiter: (request: FastifyRequest) => Promise<Waiter>,
): void {
  registerEndpoint(app, getGarconFloor, async ({ request }) =>
    floor.floor(await requireWaiter(request)),
  )
  registerEndpoint(app, closeTableSession, async ({ params, request }) =>
    floor.close(params.sessionId, await requireWaiter(request)),
  )
  registerEndpoint(app, moveTableSession, async ({ params, body, request }) =>
    floor.move(params.sessionId, await requireWaiter(request), body.tableCode),
  )
}
