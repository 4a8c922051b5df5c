import type { Kysely, Transaction } from 'kysely'
import type { AdminSettings, AdminSettingsBody } from '@tableside/contracts/admin-settings'
import { restaurantChannel, restaurantUpdated } from '@tableside/contracts/realtime-events'
import type { Restaurant } from '@tableside/contracts/restaurants'
import type { Database } from '../../db/schema'
import { HttpError, notFound } from '../../http/http-error'
import { publishEntry, type Outbox } from '../outbox/outbox'
import { withDefaultSettings } from '../restaurants/restaurant-settings'
import { createSettingsAdminRepository, type StoredSettings } from './settings-admin-repository'
import { knowsTimeZone, settingsErrors } from './settings-rules'

interface ManagerRef {
  id: string
  restaurantId: string
  name: string
}

export interface SettingsAdminDeps {
  db: Kysely<Database>
  audit: {
    record(
      trx: Transaction<Database>,
      manager: ManagerRef,
      entry: {
        action: string
        entity: string
        entityId: string | null
        before: unknown
        after: unknown
      },
    ): Promise<unknown>
  }
  outbox: Outbox
  /** The diners' profile of the restaurant, read in `trx` (the restaurants' repository). */
  profile: (restaurantId: string, trx: Transaction<Database>) => Promise<Restaurant | undefined>
  /** Drops this node's cached profile, so the next order reads the new settings. */
  forgetCached: (restaurantId: string) => void
  /** Who takes the restaurant's online payments on this server (decision 0032). */
  paymentProvider: (restaurantId: string) => 'sandbox' | null
}

/**
 * The restaurant's settings as its manager edits them (decision 0069): read from where each
 * lives, checked as a whole (a bad field changes nothing), written with its audit entry and the
 * diners' `restaurant.updated` in one transaction, and in force at once on this node.
 */
export function createSettingsAdminService({
  db,
  audit,
  outbox,
  profile,
  forgetCached,
  paymentProvider,
}: SettingsAdminDeps) {
  const repository = createSettingsAdminRepository(db)

  const view = (restaurantId: string, stored: StoredSettings): AdminSettings => {
    const provider = paymentProvider(restaurantId)
    const settings = withDefaultSettings(stored.settings)
    settings.onlinePayment &&= provider !== null
    return {
      timezone: stored.timezone,
      openingHours: stored.openingHours,
      settings: { ...settings, privacyPolicyUrl: settings.privacyPolicyUrl ?? null },
      callEscalationSeconds: stored.callEscalationSeconds,
      bonusProgram: stored.bonusProgram,
      paymentProvider: provider,
    }
  }

  return {
    async get(manager: ManagerRef): Promise<AdminSettings> {
      const stored = await repository.read(manager.restaurantId)
      if (!stored) throw notFound('This restaurant does not exist.')
      return view(manager.restaurantId, stored)
    },

    async update(manager: ManagerRef, body: AdminSettingsBody): Promise<AdminSettings> {
      const { restaurantId } = manager
      const errors = settingsErrors(body, {
        knowsTimeZone,
        hasPaymentProvider: paymentProvider(restaurantId) !== null,
      })
      if (errors.length > 0) {
        throw new HttpError(400, 'validation_failed', 'Some fields are missing or invalid.', errors)
      }
      const after = await db.transaction().execute(async (trx) => {
        const before = await repository.read(restaurantId, trx, true)
        if (!before) throw notFound('This restaurant does not exist.')
        const openingHours = [...body.openingHours].sort(
          (a, b) => a.day - b.day || a.opens.localeCompare(b.opens),
        )
        await repository.write(
          restaurantId,
          {
            timezone: body.timezone,
            openingHours,
            settings: body.settings,
            callEscalationSeconds: body.callEscalationSeconds,
          },
          trx,
        )
        // A programme is never deleted (its cards' points still expire by it): "none" turns it off.
        const program =
          body.bonusProgram ?? (before.bonusProgram && { ...before.bonusProgram, active: false })
        if (program) await repository.writeBonusProgram(restaurantId, program, trx)
        const stored = await repository.read(restaurantId, trx)
        if (!stored) throw notFound('This restaurant does not exist.')
        const result = view(restaurantId, stored)
        await audit.record(trx, manager, {
          action: 'update',
          entity: 'settings',
          entityId: restaurantId,
          before: view(restaurantId, before),
          after: result,
        })
        const restaurant = await profile(restaurantId, trx)
        if (restaurant) {
          await outbox.add(
            [publishEntry(restaurantChannel(restaurantId), restaurantUpdated, restaurant)],
            trx,
          )
        }
        return result
      })
      forgetCached(restaurantId)
      void outbox.kick()
      return after
    },
  }
}

export type SettingsAdminService = ReturnType<typeof createSettingsAdminService>
