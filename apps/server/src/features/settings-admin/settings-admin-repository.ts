import { sql, type Kysely, type Transaction } from 'kysely'
import type { BonusProgramSettings } from '@tableside/contracts/admin-settings'
import type { OpeningHours, RestaurantSettings } from '@tableside/contracts/restaurants'
import type { Database } from '../../db/schema'

type Executor = Kysely<Database> | Transaction<Database>

export interface StoredSettings {
  timezone: string
  openingHours: OpeningHours[]
  settings: Partial<RestaurantSettings>
  callEscalationSeconds: number
  smsDailyBudget: number
  bonusProgram: BonusProgramSettings | null
}

/**
 * All the SQL of the restaurant's settings, where each lives (decision 0069): the time zone,
 * opening hours, call escalation, the daily SMS budget (decision 0109) and the diners' settings
 * on the restaurant's row (opening hours and settings as JSON), the bonus programme in its own
 * table.
 */
export function createSettingsAdminRepository(db: Kysely<Database>) {
  return {
    /** The restaurant's settings as stored, its row held to the end of `trx` when given one. */
    async read(
      restaurantId: string,
      executor: Executor = db,
      lock = false,
    ): Promise<StoredSettings | undefined> {
      let query = executor
        .selectFrom('restaurants')
        .select(['timezone', 'openingHours', 'settings', 'callEscalationSeconds', 'smsDailyBudget'])
        .where('id', '=', restaurantId)
      // No key changes: diners' orders may still insert rows that name the restaurant meanwhile.
      if (lock) query = query.forNoKeyUpdate()
      const row = await query.executeTakeFirst()
      if (!row) return undefined
      const bonusProgram = await executor
        .selectFrom('bonusPrograms')
        .select([
          'active',
          'earnBasisPoints',
          'maxShareBasisPoints',
          'expiryDays',
          'welcomePoints',
          'birthdayPoints',
        ])
        .where('restaurantId', '=', restaurantId)
        .executeTakeFirst()
      return { ...row, bonusProgram: bonusProgram ?? null }
    },

    async write(
      restaurantId: string,
      stored: Omit<StoredSettings, 'bonusProgram'>,
      trx: Transaction<Database>,
    ): Promise<void> {
      await trx
        .updateTable('restaurants')
        .set({
          timezone: stored.timezone,
          openingHours: JSON.stringify(stored.openingHours),
          settings: JSON.stringify(stored.settings),
          callEscalationSeconds: stored.callEscalationSeconds,
          smsDailyBudget: stored.smsDailyBudget,
        })
        .where('id', '=', restaurantId)
        .execute()
    },

    /** Every time zone name the database knows (`AT TIME ZONE` takes exactly these). */
    async timeZoneNames(): Promise<string[]> {
      // A system view, not one of ours: `db/schema.ts` does not describe it.
      const { rows } = await sql<{ name: string }>`select name from pg_timezone_names`.execute(db)
      return rows.map((row) => row.name)
    },

    /** The programme's rules, made when the restaurant had none. */
    async writeBonusProgram(
      restaurantId: string,
      program: BonusProgramSettings,
      trx: Transaction<Database>,
    ): Promise<void> {
      await trx
        .insertInto('bonusPrograms')
        .values({ restaurantId, ...program })
        .onConflict((oc) => oc.column('restaurantId').doUpdateSet(program))
        .execute()
    },
  }
}
