import fp from 'fastify-plugin'
import { paidWithFrom } from '../payments/paid-with'
import { registerApiRoutes } from '../../http/api-routes'
import { registerFloorRoutes } from './floor-routes'
import { createFloorService } from './floor-service'

/** The waiter's floor: their tables live, and a table's session closed or moved (decision 0044). */
export const floorPlugin = fp(
  async (app) => {
    const { garconAlerts } = app
    const floor = createFloorService({
      db: app.db,
      restaurants: app.restaurants,
      outbox: app.outbox,
      raiseAlert: (trx, restaurantId, waiterIds, alert) =>
        garconAlerts.raise(trx, restaurantId, waiterIds, alert),
      alertAtTable: app.alertAtTable,
      // A table closed with its orders completed and paid releases their points (decision 0060).
      bonus: app.orderBonus,
      paidWith: paidWithFrom(app.db),
      now: app.now,
    })
    await registerApiRoutes(app, (api) => {
      registerFloorRoutes(api, floor, app.garcon.requireWaiter)
    })
  },
  { name: 'floor', dependencies: ['context', 'outbox', 'restaurants', 'garcon', 'bonus'] },
)
