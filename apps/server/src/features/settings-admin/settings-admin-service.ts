import type { Kysely, Transaction } from 'kysely'
import type { AuditKind } from '@tableside/contracts/audit'
import type { AdminSettings, AdminSettingsBody } from '@tableside/contracts/admin-settings'
import { restaurantChannel, restaurantUpdated } from '@tableside/contracts/realtime-events'
import type { Restaurant } from '@tableside/contracts/restaurants'
import type { Manager } from '@tableside/contracts/staff'
import type { Database } from '../../db/schema'
import { HttpError, notFound } from '../../http/http-error'
import { publishEntry, type Outbox } from '../outbox/outbox'
import { withDefaultSettings } from '../restaurants/restaurant-settings'
import { createSettingsAdminRepository, type StoredSettings } from './settings-admin-repository'
import { knowsTimeZone } from '../../lib/time-zones'
import { settingsErrors } from './settings-rules'
import { settingsVersion } from './settings-version'

export interface SettingsAdminDeps {
  db: Kysely<Database>
  audit: {
    record(
      trx: Transaction<Database>,
      manager: Manager,
      entry: AuditKind & {
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
  /** Who takes the restaurant's online payments (decisions 0032, 0121). */
  paymentProvider: (restaurantId: string) => Promise<'sandbox' | 'yookassa' | 'tbank' | null>
}

const settingsChanged = () =>
  new HttpError(
    409,
    'settings_changed',
    'Someone else saved the settings after you opened them: nothing was saved. Look at theirs and make your change again.',
  )

/**
 * The restaurant's settings as its manager edits them (decision 0069): read from where each
 * lives, checked as a whole (a bad field changes nothing), written with its audit entry and the
 * diners' `restaurant.updated` in one transaction, and in force at once on this node. A save
 * names the version it was made from and is refused when the settings changed since (0074).
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
  let timeZones: Promise<string[]> | undefined

  /**
   * The zones a save takes, asked of the database once (the view reads the zone files): a name
   * the runtime knows but PostgreSQL does not (`US/Pacific-New`) would break every report.
   */
  const knownTimeZones = (): Promise<string[]> => {
    timeZones ??= repository.timeZoneNames().then(
      (names) => names.filter(knowsTimeZone).sort(),
      (error: unknown) => {
        timeZones = undefined
        throw error
      },
    )
    return timeZones
  }

  /** `provider`: read before any transaction (PGlite has one connection: none inside one). */
  const view = (
    stored: StoredSettings,
    provider: AdminSettings['paymentProvider'],
  ): AdminSettings => {
    const settings = withDefaultSettings(stored.settings)
    settings.onlinePayment &&= provider !== null
    return {
      version: settingsVersion(stored),
      timezone: stored.timezone,
      openingHours: stored.openingHours,
      settings: { ...settings, privacyPolicyUrl: settings.privacyPolicyUrl ?? null },
      callEscalationSeconds: stored.callEscalationSeconds,
      bonusProgram: stored.bonusProgram,
      smsDailyBudget: stored.smsDailyBudget,
      paymentProvider: provider,
    }
  }

  return {
    async get(manager: Manager): Promise<AdminSettings> {
      const stored = await repository.read(manager.restaurantId)
      if (!stored) throw notFound('This restaurant does not exist.')
      return view(stored, await paymentProvider(manager.restaurantId))
    },

    timeZones: knownTimeZones,

    async update(manager: Manager, body: AdminSettingsBody): Promise<AdminSettings> {
      const { restaurantId } = manager
      const zones = new Set(await knownTimeZones())
      const provider = await paymentProvider(restaurantId)
      const errors = settingsErrors(body, {
        knowsTimeZone: (zone) => zones.has(zone),
        hasPaymentProvider: provider !== null,
      })
      if (errors.length > 0) {
        throw new HttpError(400, 'validation_failed', 'Some fields are missing or invalid.', errors)
      }
      const after = await db.transaction().execute(async (trx) => {
        const before = await repository.read(restaurantId, trx, true)
        if (!before) throw notFound('This restaurant does not exist.')
        // Read under the row's lock: of two saves made from one version, the second finds it gone.
        if (settingsVersion(before) !== body.version) throw settingsChanged()
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
            smsDailyBudget: body.smsDailyBudget,
          },
          trx,
        )
        // A programme is never deleted (its cards' points still expire by it): "none" turns it off.
        const program =
          body.bonusProgram ?? (before.bonusProgram && { ...before.bonusProgram, active: false })
        if (program) await repository.writeBonusProgram(restaurantId, program, trx)
        const stored = await repository.read(restaurantId, trx)
        if (!stored) throw notFound('This restaurant does not exist.')
        const result = view(stored, provider)
        await audit.record(trx, manager, {
          action: 'update',
          entity: 'settings',
          entityId: restaurantId,
          before: view(before, provider),
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
