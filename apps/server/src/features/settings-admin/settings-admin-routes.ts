import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  getAdminSettings,
  listTimeZones,
  updateAdminSettings,
} from '@tableside/contracts/admin-settings'
import { getAdminProfile, updateAdminProfile } from '@tableside/contracts/admin-profile'
import {
  checkPaymentAccount,
  getPaymentAccount,
  updatePaymentAccount,
} from '@tableside/contracts/admin-payments'
import { registerEndpoint } from '../../http/register-endpoint'
import type { PaymentAccountService } from './payment-account-service'
import type { ProfileService } from './profile-service'
import type { SettingsAdminService } from './settings-admin-service'

/** `/admin/settings`: the signed-in manager's restaurant only. */
export function registerSettingsAdminRoutes(
  app: FastifyInstance,
  {
    requireManager,
    settings,
    profile,
    paymentAccount,
  }: {
    requireManager: (
      request: FastifyRequest,
    ) => Promise<{ id: string; restaurantId: string; name: string }>
    settings: SettingsAdminService
    profile: ProfileService
    paymentAccount: PaymentAccountService
  },
): void {
  registerEndpoint(app, getAdminSettings, async ({ request }) =>
    settings.get(await requireManager(request)),
  )
  registerEndpoint(app, listTimeZones, async ({ request }) => {
    await requireManager(request)
    return { timeZones: await settings.timeZones() }
  })
  registerEndpoint(app, updateAdminSettings, async ({ request, body }) =>
    settings.update(await requireManager(request), body),
  )
  registerEndpoint(app, getAdminProfile, async ({ request }) =>
    profile.get(await requireManager(request)),
  )
  registerEndpoint(app, updateAdminProfile, async ({ request, body }) =>
    profile.update(await requireManager(request), body),
  )
  registerEndpoint(app, getPaymentAccount, async ({ request }) =>
    paymentAccount.get(await requireManager(request)),
  )
  registerEndpoint(app, updatePaymentAccount, async ({ request, body }) =>
    paymentAccount.update(await requireManager(request), body),
  )
  registerEndpoint(app, checkPaymentAccount, async ({ request }) =>
    paymentAccount.check(await requireManager(request)),
  )
}
