import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'

/** The rows a waiter's card lookup reads (decision 0059). */
export function createBonusLookupRepository(db: Kysely<Database>) {
  return {
    /**
     * The card with this number at this restaurant, and its diner's name and phone. One
     * statement on the number's unique index: a card of another restaurant is simply not found,
     * the same way and as fast as a number nobody has.
     */
    cardByNumber(restaurantId: string, number: string) {
      return db
        .selectFrom('bonusCards')
        .innerJoin('clients', 'clients.id', 'bonusCards.clientId')
        .select(['bonusCards.id', 'bonusCards.number', 'clients.name', 'clients.phone'])
        .where('bonusCards.number', '=', number)
        .where('bonusCards.restaurantId', '=', restaurantId)
        .executeTakeFirst()
    },
  }
}

export type BonusLookupRepository = ReturnType<typeof createBonusLookupRepository>
