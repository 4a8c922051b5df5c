import fp from 'fastify-plugin'
import { registerApiRoutes } from '../../http/api-routes'
import { hashSecret } from '../../lib/secret-hash'
import { registerStaffAdminRoutes } from './staff-admin-routes'
import { createStaffMemberService } from './staff-member-service'
import { createWaiterAdminService } from './waiter-admin-service'

/** The back office's waiters and staff accounts (decision 0068). */
export const staffAdminPlugin = fp(
  async (app) => {
    const { db, audit, now } = app
    await registerApiRoutes(app, (api) => {
      registerStaffAdminRoutes(api, {
        requireManager: app.staff.requireManager,
        waiters: createWaiterAdminService({
          db,
          audit,
          hashSecret,
          now,
          assignTables: app.waiterTables.assignByManager,
          afterTablesMoved: () => void app.outbox.kick(),
        }),
        staff: createStaffMemberService({
          db,
          audit,
          hashSecret,
          confirmPassword: app.staff.service.confirmPassword,
          now,
        }),
      })
    })
  },
  { name: 'staff-admin', dependencies: ['context', 'staff', 'audit', 'garcon', 'outbox'] },
)
