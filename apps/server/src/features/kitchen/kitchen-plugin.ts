import fp from 'fastify-plugin'
import { registerApiRoutes } from '../../http/api-routes'
import { registerKitchenRoutes } from './kitchen-routes'
import { createKitchenService } from './kitchen-service'
import { createStationService } from './station-service'

/** The kitchen display and its stations (decisions 0070, 0071). */
export const kitchenPlugin = fp(
  async (app) => {
    const { db, outbox, audit, staff } = app
    await registerApiRoutes(app, (api) => {
      registerKitchenRoutes(api, {
        kitchen: createKitchenService({ db, orders: app.orders, outbox, now: app.now }),
        stations: createStationService({ db, audit, outbox }),
        requireKitchen: staff.requireKitchen,
        requireManager: staff.requireManager,
      })
    })
  },
  { name: 'kitchen', dependencies: ['context', 'outbox', 'staff', 'audit', 'orders'] },
)
