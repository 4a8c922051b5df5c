import fp from 'fastify-plugin'
import { registerApiRoutes } from '../../http/api-routes'
import { registerGarconCallRoutes, registerWaiterCallRoutes } from './waiter-call-routes'
import { createWaiterCallService } from './waiter-call-service'

/** Diners call the waiter from the table; the waiters see and answer the calls (decision 0042). */
export const waiterCallsPlugin = fp(
  async (app) => {
    const { garconAlerts, callEscalation, waiterTables } = app
    const waiterCalls = createWaiterCallService({
      db: app.db,
      tableSessions: app.tableSessions,
      outbox: app.outbox,
      // The table's waiters on shift, else everyone on shift (decision 0042).
      waitersOf: (session) => waiterTables.whoHearsCalls(session),
      // A new call alerts who hears it and is due to escalate (decision 0045), in its transaction.
      alertWaiters: async (trx, call, restaurantId, waiterIds) => {
        await garconAlerts.raise(trx, restaurantId, waiterIds, {
          kind: 'waiter_call',
          table: { code: call.table.code, label: call.table.label },
          orderNumber: null,
          callId: call.id,
          detail: { reason: call.reason, comment: call.comment },
        })
        await callEscalation.schedule(trx, call.id)
      },
      callAnswered: (trx, call) => garconAlerts.callAnswered(trx, call),
      now: app.now,
    })
    await registerApiRoutes(app, (api) => {
      registerWaiterCallRoutes(api, waiterCalls)
      registerGarconCallRoutes(api, waiterCalls, app.garcon.requireWaiter)
    })
  },
  { name: 'waiter-calls', dependencies: ['context', 'outbox', 'garcon', 'table-sessions'] },
)
