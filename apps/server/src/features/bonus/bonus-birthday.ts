import { sql, type Kysely } from 'kysely'
import type { Database } from '../../db/schema'

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
      const { rows } = await sql<{
        cardId: string
        points: number
        expiryDays: number
        year: number
      }>`
        select c.id as "cardId", p.birthday_points as points, p.expiry_days as "expiryDays",
               extract(year from local.day)::int as year
        from bonus_cards c
        join clients cl on cl.id = c.client_id
        join bonus_programs p on p.restaurant_id = c.restaurant_id
        join restaurants r on r.id = c.restaurant_id
        cross join lateral (select (${at}::timestamptz at time zone r.timezone)::date as day) local
        where p.active and p.birthday_points > 0 and cl.birthday is not null
          and (
            to_char(cl.birthday, 'MM-DD') = to_char(local.day, 'MM-DD')
            or (
              to_char(cl.birthday, 'MM-DD') = '02-29'
              and to_char(local.day, 'MM-DD') = '02-28'
              and extract(day from (date_trunc('year', local.day) + interval '1 month 28 days')) <> 29
            )
          )
          and not exists (
            select 1 from bonus_entries e
            where e.card_id = c.id and e.kind = 'birthday'
              and e.note = 'birthday ' || extract(year from local.day)::int
          )
      `.execute(db)
      let credited = 0
      for (const row of rows) {
        const written = await db
          .insertInto('bonusEntries')
          .values({
            cardId: row.cardId,
            kind: 'birthday',
            points: row.points,
            status: 'available',
            remaining: row.points,
            expiresAt: new Date(at.getTime() + row.expiryDays * DAY_MS),
            note: `birthday ${String(row.year)}`,
            createdAt: at,
          })
          // Another sweeper got there first: the unique index keeps it to one a year.
          .onConflict((conflict) => conflict.doNothing())
          .returning('id')
          .executeTakeFirst()
        if (written) credited += 1
      }
      return credited
    },
  }
}
