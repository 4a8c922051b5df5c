import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  bumpLines,
  createStation,
  deleteStation,
  getKitchenBoard,
  listStations,
  unbumpLine,
  undoBump,
  updateKitchenThresholds,
  updateStation,
} from '@tableside/contracts/kitchen'
import type { KitchenStaff, Manager } from '@tableside/contracts/staff'
import { registerEndpoint } from '../../http/register-endpoint'
import type { KitchenService } from './kitchen-service'
import type { StationService } from './station-service'

export interface KitchenRouteDeps {
  kitchen: KitchenService
  stations: StationService
  requireKitchen: (request: FastifyRequest) => Promise<KitchenStaff>
  requireManager: (request: FastifyRequest) => Promise<Manager>
}

/** The kitchen display's routes (`/kitchen/…`) and the manager's stations (`/admin/stations…`). */
export function registerKitchenRoutes(app: FastifyInstance, deps: KitchenRouteDeps) {
  const { kitchen, stations, requireKitchen, requireManager } = deps
  registerEndpoint(app, getKitchenBoard, async ({ request }) => {
    const staff = await requireKitchen(request)
    return kitchen.board(staff.restaurantId)
  })
  registerEndpoint(app, bumpLines, async ({ params, body, request }) => {
    const staff = await requireKitchen(request)
    return kitchen.bump(staff.restaurantId, params.orderId, body.lines)
  })
  registerEndpoint(app, undoBump, async ({ params, request }) => {
    const staff = await requireKitchen(request)
    return kitchen.undo(staff.restaurantId, params.bumpId)
  })
  registerEndpoint(app, unbumpLine, async ({ params, request }) => {
    const staff = await requireKitchen(request)
    return kitchen.unbump(staff.restaurantId, params.orderId, Number(params.line))
  })

  registerEndpoint(app, listStations, async ({ request }) =>
    stations.list(await requireManager(request)),
  )
  registerEndpoint(app, createStation, async ({ body, request }) =>
    stations.create(await requireManager(request), body),
  )
  registerEndpoint(app, updateStation, async ({ params, body, request }) =>
    stations.update(await requireManager(request), params.stationId, body),
  )
  registerEndpoint(app, deleteStation, async ({ params, request }) =>
    stations.remove(await requireManager(request), params.stationId),
  )
  registerEndpoint(app, updateKitchenThresholds, async ({ body, request }) =>
    stations.setThresholds(await requireManager(request), body),
  )
}
