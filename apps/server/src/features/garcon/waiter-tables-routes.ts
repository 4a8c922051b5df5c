import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  getGarconMe,
  listGarconTables,
  setGarconShift,
  setGarconTables,
  type Waiter,
} from '@tableside/contracts/garcon'
import { registerEndpoint } from '../../http/register-endpoint'
import type { WaiterTablesService } from './waiter-tables-service'

/** The signed-in waiter, their shift and the tables they serve (header X-Garcon-Token). */
export function registerWaiterTableRoutes(
  app: FastifyInstance,
  waiterTables: WaiterTablesService,
  requireWaiter: (request: FastifyRequest) => Promise<Waiter>,
): void {
  registerEndpoint(app, getGarconMe, async ({ request }) =>
    waiterTables.profile(await requireWaiter(request)),
  )
  registerEndpoint(app, listGarconTables, async ({ request }) => ({
    tables: await waiterTables.list(await requireWaiter(request)),
  }))
  registerEndpoint(app, setGarconTables, async ({ request, body }) => ({
    tables: await waiterTables.assign(
      await requireWaiter(request),
      body.tableCodes,
      body.takeOver ?? false,
    ),
  }))
  registerEndpoint(app, setGarconShift, async ({ request, body }) =>
    waiterTables.setShift(await requireWaiter(request), body.onShift),
  )
}
