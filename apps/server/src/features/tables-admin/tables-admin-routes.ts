import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  createAdminTable,
  createAdminZone,
  deleteAdminZone,
  getAdminFloor,
  orderAdminZones,
  printAdminTableQr,
  rotateAdminTableToken,
  updateAdminTable,
  updateAdminZone,
} from '@tableside/contracts/admin-tables'
import type { Manager } from '@tableside/contracts/staff'
import { registerEndpoint, SENT } from '../../http/register-endpoint'
import { renderQrPdf } from './qr-print'
import type { TablesAdminService } from './tables-admin-service'

export interface TablesAdminRouteDeps {
  /** The signed-in manager (header X-Manager-Token), or 401. */
  requireManager: (request: FastifyRequest) => Promise<Manager>
  /** Where the QR links start: PUBLIC_URL, else the address the manager used (decision 0035). */
  origin: (request: FastifyRequest) => string
}

/** The back office's zones, tables and QR codes (issue 17, decisions 0066–0067). */
export function registerTablesAdminRoutes(
  app: FastifyInstance,
  tables: TablesAdminService,
  { requireManager, origin }: TablesAdminRouteDeps,
): void {
  registerEndpoint(app, getAdminFloor, async ({ request }) =>
    tables.floor(await requireManager(request), origin(request)),
  )
  registerEndpoint(app, createAdminZone, async ({ request, body }) =>
    tables.createZone(await requireManager(request), body),
  )
  registerEndpoint(app, updateAdminZone, async ({ request, params, body }) =>
    tables.updateZone(await requireManager(request), params.zoneId, body),
  )
  registerEndpoint(app, orderAdminZones, async ({ request, body }) =>
    tables.orderZones(await requireManager(request), body.zoneIds),
  )
  registerEndpoint(app, deleteAdminZone, async ({ request, params }) =>
    tables.deleteZone(await requireManager(request), params.zoneId),
  )
  registerEndpoint(app, createAdminTable, async ({ request, body }) =>
    tables.createTable(await requireManager(request), origin(request), body),
  )
  registerEndpoint(app, updateAdminTable, async ({ request, params, body }) =>
    tables.changeTable(await requireManager(request), origin(request), params.tableId, body),
  )
  registerEndpoint(app, rotateAdminTableToken, async ({ request, params }) =>
    tables.rotateToken(await requireManager(request), origin(request), params.tableId),
  )
  registerEndpoint(
    app,
    printAdminTableQr,
    async ({ request, reply, body }): Promise<typeof SENT> => {
      const manager = await requireManager(request)
      const print = await tables.printable(manager, origin(request), body.tableIds)
      const pdf = await renderQrPdf({ ...print, layout: body.layout })
      const name = body.layout === 'tent' ? 'table-tents' : 'table-qr-codes'
      void reply
        .code(200)
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${manager.restaurantId}-${name}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf)
      return SENT
    },
  )
}
