import type { Kysely, Transaction } from 'kysely'
import type { TaxSystem, VatRate } from '@tableside/contracts/admin-profile'
import type { Image } from '@tableside/contracts/text'
import type { Database } from '../../db/schema'

export interface StoredProfile {
  name: string
  nameEn: string | null
  address: string | null
  phone: string | null
  logo: Image | null
  legalName: string | null
  inn: string | null
  taxSystem: TaxSystem | null
  vatRate: VatRate | null
}

/** The SQL of the restaurant's profile (decision 0115): columns of its row. */
export function createProfileRepository(db: Kysely<Database>) {
  const columns = [
    'name',
    'nameEn',
    'address',
    'phone',
    'logo',
    'legalName',
    'inn',
    'taxSystem',
    'vatRate',
  ] as const
  return {
    /** As stored; under the row's lock (no key changes) to the end of `trx` when given one. */
    async read(
      restaurantId: string,
      trx?: Transaction<Database>,
    ): Promise<StoredProfile | undefined> {
      const query = (trx ?? db)
        .selectFrom('restaurants')
        .select(columns)
        .where('id', '=', restaurantId)
      return (trx ? query.forNoKeyUpdate() : query).executeTakeFirst()
    },

    async write(
      restaurantId: string,
      profile: StoredProfile,
      trx: Transaction<Database>,
    ): Promise<void> {
      await trx
        .updateTable('restaurants')
        .set({ ...profile, logo: profile.logo === null ? null : JSON.stringify(profile.logo) })
        .where('id', '=', restaurantId)
        .execute()
    },
  }
}
