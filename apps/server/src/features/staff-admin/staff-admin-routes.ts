import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  createAdminStaff,
  createAdminWaiter,
  listAdminStaff,
  listAdminWaiters,
  resetAdminStaffPin,
  resetAdminWaiterPin,
  updateAdminStaff,
  updateAdminWaiter,
} from '@tableside/contracts/admin-staff'
import { registerEndpoint } from '../../http/register-endpoint'
import type { ManagerRef } from './staff-admin-deps'
import type { StaffMemberService } from './staff-member-service'
import type { WaiterAdminService } from './waiter-admin-service'

export interface StaffAdminRouteDeps {
  requireManager: (request: FastifyRequest) => Promise<ManagerRef>
  waiters: WaiterAdminService
  staff: StaffMemberService
}

/** `/admin/waiters…` and `/admin/staff…`: the signed-in manager's restaurant only. */
export function registerStaffAdminRoutes(
  app: FastifyInstance,
  { requireManager, waiters, staff }: StaffAdminRouteDeps,
): void {
  registerEndpoint(app, listAdminWaiters, async ({ request }) => {
    const manager = await requireManager(request)
    return { waiters: await waiters.list(manager.restaurantId) }
  })
  registerEndpoint(app, createAdminWaiter, async ({ request, body }) =>
    waiters.create(await requireManager(request), body),
  )
  registerEndpoint(app, updateAdminWaiter, async ({ request, params, body }) =>
    waiters.update(await requireManager(request), params.waiterId, body),
  )
  registerEndpoint(app, resetAdminWaiterPin, async ({ request, params, body }) =>
    waiters.resetPin(await requireManager(request), params.waiterId, body.pin),
  )
  registerEndpoint(app, listAdminStaff, async ({ request }) => ({
    staff: await staff.list(await requireManager(request)),
  }))
  registerEndpoint(app, createAdminStaff, async ({ request, body }) =>
    staff.create(await requireManager(request), body),
  )
  registerEndpoint(app, updateAdminStaff, async ({ request, params, body }) =>
    staff.update(await requireManager(request), params.staffId, body),
  )
  registerEndpoint(app, resetAdminStaffPin, async ({ request, params, body }) =>
    staff.resetKitchenPin(await requireManager(request), params.staffId, body.pin),
  )
}
