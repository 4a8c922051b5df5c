import fp from 'fastify-plugin'
import { registerApiRoutes } from '../../http/api-routes'
import { createBirthdayBonus } from './bonus-birthday'
import { createBonusCardService } from './bonus-card-service'
import { createBonusLedger } from './bonus-ledger'
import { createBonusLookupRepository } from './bonus-lookup-repository'
import { registerBonusLookupRoutes } from './bonus-lookup-routes'
import { createBonusLookupService } from './bonus-lookup-service'
import { createOrderBonus, type OrderBonus } from './bonus-orders'
import { registerBonusRoutes } from './bonus-routes'

declare module 'fastify' {
  interface FastifyInstance {
    /** Where orders and payments meet the bonus card (decision 0060), in their transactions. */
    orderBonus: OrderBonus
  }
}

/** Points expire by the day, so a sweep every few minutes is soon enough. */
const BONUS_SWEEP_MS = 5 * 60_000

/** The bonus card (decision 0055): its ledger, its sweeps, the diner's and the waiter's views. */
export const bonusPlugin = fp(
  async (app) => {
    const { db, now } = app
    const ledger = createBonusLedger({ db, now })
    app.decorate('orderBonus', createOrderBonus({ db, ledger }))
    const birthdayBonus = createBirthdayBonus({ db, now })
    app.periodicJobs.add({
      name: 'bonus-expiry',
      everyMs: BONUS_SWEEP_MS,
      run: () => ledger.expire(),
    })
    // Birthday points, once a year each (decision 0058): the index of migration 0030 keeps it so.
    app.periodicJobs.add({
      name: 'birthday-points',
      everyMs: BONUS_SWEEP_MS,
      run: () => birthdayBonus.sweep(),
    })

    await registerApiRoutes(app, (api) => {
      // The diner's bonus card (decision 0058): the profile's token says whose.
      registerBonusRoutes(api, createBonusCardService({ db, ledger }), app.clientAuth.requireClient)
      // A waiter looks a card of their restaurant up by its number (decision 0059).
      registerBonusLookupRoutes(
        api,
        createBonusLookupService({ repository: createBonusLookupRepository(db), ledger }),
        app.garcon.requireWaiter,
      )
    })
  },
  { name: 'bonus', dependencies: ['context', 'client', 'garcon'] },
)
