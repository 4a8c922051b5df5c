import type { Kysely, Transaction } from 'kysely'
import type { OpeningHours, Restaurant } from '@tableside/contracts/restaurants'
import type { Database } from '../../db/schema'
import { phoneDisplay } from '../../lib/phone-number'
import type { PaymentAccountRow } from './payment-account-repository'
import { withDefaultSettings } from './restaurant-settings'

/** The acquirer a restaurant chose in the back office (decision 0121); none: the server's. */
export type ChosenAcquirer = Pick<PaymentAccountRow, 'provider'> | undefined

export interface RestaurantRepositoryOptions {
  /**
   * Whether this server can take the restaurant's payments online (a payment provider serves
   * it); when not, its profile says online payment is off whatever its own setting.
   */
  takesOnlinePayment?: (restaurantId: string, chosen: ChosenAcquirer) => boolean
}

export function createRestaurantRepository(
  db: Kysely<Database>,
  { takesOnlinePayment = () => true }: RestaurantRepositoryOptions = {},
) {
  return {
    /** The profile diners see; in `executor`, a transaction's own changes. */
    async findById(
      id: string,
      executor: Kysely<Database> | Transaction<Database> = db,
    ): Promise<Restaurant | undefined> {
      const row = await executor
        .selectFrom('restaurants')
        .leftJoin('paymentAccounts', 'paymentAccounts.restaurantId', 'restaurants.id')
        .leftJoin('fiscalSettings', 'fiscalSettings.restaurantId', 'restaurants.id')
        .select([
          'fiscalSettings.mode as receiptMode',
          'paymentAccounts.provider as acquirer',
          'paymentAccounts.methods as acquirerMethods',
          'id',
          'name',
          'nameEn',
          'description',
          'logo',
          'address',
          'phone',
          'legalName',
          'inn',
          'locale',
          'defaultLanguage',
          'currency',
          'timezone',
          'openingHours',
          'settings',
        ])
        .where('restaurants.id', '=', id)
        .executeTakeFirst()
      if (!row) return undefined
      const { acquirer, acquirerMethods, receiptMode, ...profile } = row
      const settings = withDefaultSettings(profile.settings)
      settings.onlinePayment &&= takesOnlinePayment(
        profile.id,
        acquirer === null ? undefined : { provider: acquirer },
      )
      // Diners are offered only the ways to pay the restaurant's acquirer takes.
      if (acquirerMethods) {
        settings.paymentMethods = settings.paymentMethods.filter(
          (method) => method === 'cash' || acquirerMethods.includes(method),
        )
      }
      return {
        ...profile,
        phone: profile.phone === null ? null : phoneDisplay(profile.phone),
        receipts: receiptMode !== null && receiptMode !== 'off',
        settings,
      }
    },
  }
}

export type RestaurantRepository = ReturnType<typeof createRestaurantRepository>

type Executor = Kysely<Database> | Transaction<Database>

/** Whether the restaurant exists. */
export async function restaurantExists(executor: Executor, id: string): Promise<boolean> {
  const row = await executor
    .selectFrom('restaurants')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst()
  return row !== undefined
}

/** The language the restaurant speaks to those who have not chosen theirs. */
export function restaurantLanguage(executor: Executor, id: string) {
  return executor
    .selectFrom('restaurants')
    .select('defaultLanguage')
    .where('id', '=', id)
    .executeTakeFirst()
}

/** Where the restaurant's days begin and what money it counts in. */
export function restaurantZoneAndCurrency(executor: Executor, id: string) {
  return executor
    .selectFrom('restaurants')
    .select(['timezone', 'currency'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
}

/** What a new restaurant starts with (`npm run restaurant:create`). */
export interface NewRestaurant {
  id: string
  name: string
  timezone: string
  currency: string
  locale: string
  defaultLanguage: 'ru' | 'en'
  openingHours: OpeningHours[]
}

/** Adds the restaurant; false when its id is taken (by another, or by a command run twice). */
export async function insertRestaurant(
  executor: Executor,
  restaurant: NewRestaurant,
): Promise<boolean> {
  const inserted = await executor
    .insertInto('restaurants')
    .values({ ...restaurant, openingHours: JSON.stringify(restaurant.openingHours) })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst()
  return inserted !== undefined
}

/** Every restaurant by name, as `/` lists them. */
export function listRestaurants(executor: Executor) {
  return executor
    .selectFrom('restaurants')
    .select(['id', 'name', 'logo'])
    .orderBy('name')
    .orderBy('id')
    .execute()
}

/** Whether the install has any restaurant yet (none: the first-run setup is open). */
export async function anyRestaurant(executor: Executor): Promise<boolean> {
  const row = await executor.selectFrom('restaurants').select('id').limit(1).executeTakeFirst()
  return row !== undefined
}
