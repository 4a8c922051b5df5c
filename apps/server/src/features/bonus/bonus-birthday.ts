import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { birthdaysDue, insertBirthdayCredit } from './bonus-ledger-repository'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The birthday bonus (decision 0058): on the diner's birthday, in the restaurant's time zone,
 * each of their cards at a restaurant whose programme gives birthday points gets them, once a
 * year. The entry's note names the year and a unique index (migration 0030) keeps it to one,
 * so the sweep may run as often as it likes, on as many servers. A birthday on 29 February is
 * kept on 28 February in other years. The points expire like any others.
 */
export function createBirthdayBonus({
  db,
  now = () => new Date(),
}: {
  db: Kysely<Database>
  now?: () => Date
}) {
  return {
    /** Credits today's birthdays; how many cards were credited. */
    async sweep(): Promise<number> {
      const at = now()
      const rows = await birthdaysDue(db, at)
      let credited = 0
      for (const row of rows) {
        // Another sweeper got there first: the unique index keeps it to one a year.
        const written = await insertBirthdayCredit(db, {
          cardId: row.cardId,
          kind: 'birthday',
          points: row.points,
          status: 'available',
          remaining: row.points,
          expiresAt: new Date(at.getTime() + row.expiryDays * DAY_MS),
          note: `birthday ${String(row.year)}`,
          createdAt: at,
        })
        if (written) credited += 1
      }
      return credited
    },
  }
}
