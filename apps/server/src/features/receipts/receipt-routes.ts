import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  getFiscalSettings,
  listFailedReceipts,
  retryReceipt,
  updateFiscalSettings,
} from '@tableside/contracts/receipts'
import type { Manager } from '@tableside/contracts/staff'
import { registerEndpoint } from '../../http/register-endpoint'
import type { FiscalSettingsService } from './fiscal-settings-service'
import type { ReceiptService } from './receipt-service'

/** `/admin/fiscal-settings` and `/admin/receipts/…`: the signed-in manager's restaurant only. */
export function registerReceiptRoutes(
  app: FastifyInstance,
  deps: {
    requireManager: (request: FastifyRequest) => Promise<Manager>
    settings: FiscalSettingsService
    receipts: ReceiptService
  },
): void {
  const { requireManager, settings, receipts } = deps
  registerEndpoint(app, getFiscalSettings, async ({ request }) =>
    settings.get(await requireManager(request)),
  )
  registerEndpoint(app, updateFiscalSettings, async ({ request, body }) =>
    settings.update(await requireManager(request), body),
  )
  registerEndpoint(app, listFailedReceipts, async ({ request }) => ({
    receipts: await receipts.failed((await requireManager(request)).restaurantId),
  }))
  registerEndpoint(app, retryReceipt, async ({ request, params }) => {
    const manager = await requireManager(request)
    return receipts.retry(manager, params.receiptId)
  })
}
