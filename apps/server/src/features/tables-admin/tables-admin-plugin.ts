import fp from 'fastify-plugin'
import { registerApiRoutes } from '../../http/api-routes'
import { publicOrigin } from '../../http/request-origin'
import { newTableQrToken } from '../table-sessions/table-qr-token'
import { createTablesAdminRepository } from './tables-admin-repository'
import { registerTablesAdminRoutes } from './tables-admin-routes'
import { createTablesAdminService } from './tables-admin-service'

/** Zones, tables and their printed QR codes (decisions 0066–0067). */
export const tablesAdminPlugin = fp(
  async (app) => {
    const { db, config } = app
    await registerApiRoutes(app, (api) => {
      registerTablesAdminRoutes(
        api,
        createTablesAdminService({
          db,
          repository: createTablesAdminRepository(db),
          audit: app.audit,
          newQrToken: newTableQrToken,
          now: app.now,
        }),
        {
          requireManager: app.staff.requireManager,
          origin: (request) => publicOrigin(config, request),
        },
      )
    })
  },
  { name: 'tables-admin', dependencies: ['context', 'staff', 'audit'] },
)
