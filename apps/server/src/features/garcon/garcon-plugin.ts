import fp from 'fastify-plugin'
import { registerApiRoutes } from '../../http/api-routes'
import { auditSignInAttack } from '../audit/audit-log'
import { createCallEscalation, type CallEscalation } from './call-escalation'
import {
  createGarconAlerts,
  handleGarconPushes,
  registerGarconAlertRoutes,
  type GarconAlerts,
} from './garcon-alerts'
import { createGarconAuth, type GarconAuth } from './garcon-auth'
import { registerGarconProfileRoutes } from './garcon-profile-routes'
import { createGarconProfileService } from './garcon-profile-service'
import { createGarconPush, loadVapidKeys, registerGarconPushRoutes } from './garcon-push'
import { garconChannelRule, garconShiftChannelRule, registerGarconRoutes } from './garcon-routes'
import { createGarconTips, registerGarconTipRoutes } from './garcon-tips'
import { registerWaiterTableRoutes } from './waiter-tables-routes'
import { createWaiterTablesService, type WaiterTablesService } from './waiter-tables-service'

declare module 'fastify' {
  interface FastifyInstance {
    /** Waiters' sign-in: who a request's X-Garcon-Token is. */
    garcon: GarconAuth
    /** Waiters' alerts, raised in the transaction of what caused them. */
    garconAlerts: GarconAlerts
    /** What happens at a table alerts whoever hears it, in the transaction that makes it happen. */
    alertAtTable: GarconAlerts['raiseAtTable']
    /** Waiter calls nobody answered in time, sent to every waiter on shift (decision 0045). */
    callEscalation: CallEscalation
    /** Which waiter serves which table, and who is on shift (decision 0042). */
    waiterTables: WaiterTablesService
  }
}

/** The waiters' app: sign-in, shifts and tables, alerts and their pushes, tips (decision 0041). */
export const garconPlugin = fp(
  async (app) => {
    const { db, outbox, log } = app
    const garcon = createGarconAuth(db, { now: app.now, alert: auditSignInAttack(db) })
    // Waiters' alerts: raised with what caused them, pushed to locked phones after commit.
    const garconPush = createGarconPush({
      db,
      keys: await loadVapidKeys(db, app.config.dataDir),
      subject: app.config.vapidSubject,
    })
    const garconAlerts = createGarconAlerts({ db, outbox, now: app.now })
    handleGarconPushes(outbox, garconPush, { db, broadcaster: app.realtime.broadcaster, log })
    const callEscalation = createCallEscalation({
      db,
      alerts: garconAlerts,
      delivered: () => outbox.kick(),
      log,
      now: app.now,
    })
    const waiterTables = createWaiterTablesService({ db, outbox })
    app.decorate('garcon', garcon)
    app.decorate('garconAlerts', garconAlerts)
    app.decorate<GarconAlerts['raiseAtTable']>('alertAtTable', (trx, tableSessionId, alert) =>
      garconAlerts.raiseAtTable(trx, tableSessionId, alert),
    )
    app.decorate('callEscalation', callEscalation)
    app.decorate('waiterTables', waiterTables)
    app.addHook('onReady', () => {
      callEscalation.start()
      return Promise.resolve()
    })
    app.addHook('onClose', () => callEscalation.stop())

    app.realtime.channels.add(garconChannelRule(garcon))
    app.realtime.channels.add(garconShiftChannelRule(garcon, waiterTables.isOnShift))
    const { requireWaiter } = garcon
    await registerApiRoutes(app, (api) => {
      registerGarconRoutes(api, garcon, app.signInDevices)
      registerGarconTipRoutes(api, createGarconTips(db, app.now), requireWaiter)
      registerGarconPushRoutes(api, garconPush, requireWaiter)
      registerGarconAlertRoutes(api, garconAlerts, requireWaiter)
      registerWaiterTableRoutes(api, waiterTables, requireWaiter)
      registerGarconProfileRoutes(
        api,
        createGarconProfileService({ db, now: app.now }),
        requireWaiter,
      )
    })
  },
  { name: 'garcon', dependencies: ['context', 'realtime', 'outbox'] },
)
