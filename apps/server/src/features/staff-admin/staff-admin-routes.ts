import type { EndpointBody } from '@tableside/contracts/endpoint'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  assignAdminWaiterTables,
  createAdminStaff,
  createAdminWaiter,
  listAdminStaff,
  listAdminWaiters,
  resetAdminStaffPassword,
  resetAdminStaffPin,
  resetAdminStaffTotp,
  resetAdminWaiterPin,
  updateAdminStaff,
  updateAdminWaiter,
} from '@tableside/contracts/admin-staff'
import type { Manager } from '@tableside/contracts/staff'
import { HttpError } from '../../http/http-error'
import { registerEndpoint } from '../../http/register-endpoint'
import { withRetryAfter } from '../../lib/retry-after'
import type { NewStaffMember, StaffMemberService } from './staff-member-service'
import type { WaiterAdminService } from './waiter-admin-service'

export interface StaffAdminRouteDeps {
  requireManager: (request: FastifyRequest) => Promise<Manager>
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
  registerEndpoint(app, assignAdminWaiterTables, async ({ request, params, body }) =>
    waiters.assignTables(await requireManager(request), params.waiterId, body.tableCodes),
  )
  registerEndpoint(app, resetAdminWaiterPin, async ({ request, params, body }) =>
    waiters.resetPin(await requireManager(request), params.waiterId, body.pin),
  )
  registerEndpoint(app, listAdminStaff, async ({ request }) => ({
    staff: await staff.list(await requireManager(request)),
  }))
  registerEndpoint(app, createAdminStaff, async ({ request, body }) => {
    const manager = await requireManager(request)
    return staff.create(manager, newStaffMember(body))
  })
  registerEndpoint(app, updateAdminStaff, async ({ request, params, body }) =>
    staff.update(await requireManager(request), params.staffId, body),
  )
  registerEndpoint(app, resetAdminStaffPin, async ({ request, params, body }) =>
    staff.resetKitchenPin(await requireManager(request), params.staffId, body.pin),
  )
  registerEndpoint(app, resetAdminStaffPassword, async ({ request, params, body, reply }) =>
    withRetryAfter(reply, async () =>
      staff.resetManagerPassword(await requireManager(request), params.staffId, body),
    ),
  )
  registerEndpoint(app, resetAdminStaffTotp, async ({ request, params, body, reply }) =>
    withRetryAfter(reply, async () =>
      staff.resetManagerTotp(await requireManager(request), params.staffId, body.yourPassword),
    ),
  )
}

/**
 * The body as the service takes it: a manager with a password, a kitchen login with a PIN. The
 * contract is one object (no union in the first load), so the rule is checked here: 400 on the
 * field that is missing, or given to the wrong kind of account.
 */
function newStaffMember(body: EndpointBody<typeof createAdminStaff>): NewStaffMember {
  const { role, name, login, password, pin } = body
  const wrong = (field: 'password' | 'pin', message: string) =>
    new HttpError(400, 'validation_failed', message, [{ path: `body.${field}`, message }])
  if (role === 'manager') {
    if (pin !== undefined) throw wrong('pin', 'A manager signs in with a password, not a PIN')
    if (password === undefined) throw wrong('password', 'A manager needs a password')
    return { role, name, login, password }
  }
  if (password !== undefined) throw wrong('password', 'A kitchen login has a PIN, not a password')
  if (pin === undefined) throw wrong('pin', 'A kitchen login needs a PIN')
  return { role, name, login, pin }
}
