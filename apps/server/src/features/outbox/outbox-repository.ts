import { sql, type Kysely, type Transaction } from 'kysely'
import type { Database } from '../../db/schema'

type Executor = Kysely<Database> | Transaction<Database>

/** One side effect to deliver after commit: a kind its handler knows, and what it needs. */
export interface OutboxEntry {
  kind: string
  payload: unknown
}

export interface ClaimedEntry extends OutboxEntry {
  id: string
  attempts: number
}

/** The transactional outbox in SQL (decision 0027). */
export function createOutboxRepository(db: Kysely<Database>) {
  return {
    /** Writes entries in the caller's transaction: they exist if and only if it commits. */
    async add(entries: readonly OutboxEntry[], executor: Executor): Promise<void> {
      if (entries.length === 0) return
      await executor
        .insertInto('outbox')
        .values(
          entries.map((entry) => ({ kind: entry.kind, payload: JSON.stringify(entry.payload) })),
        )
        .execute()
    },

    /**
     * Claims up to `limit` due entries for this node: rows another node is claiming are
     * skipped (SKIP LOCKED), and the claimed ones are leased until `leaseUntil`, so nobody else
     * takes them meanwhile; a node that dies with them leaves them due again when it runs out.
     * The entries of `delivered` (the batch this node has just delivered) are marked delivered
     * at `now` in the same statement (those a handler marked already stay as they are), so a
     * batch costs one statement of the outbox and not two (issue 31, decision 0136).
     */
    async claimDue(
      now: Date,
      leaseUntil: Date,
      limit: number,
      delivered: readonly string[] = [],
    ): Promise<ClaimedEntry[]> {
      // The ids as one JSON parameter: one statement text whatever their number (it is
      // prepared once on the embedded database).
      const done = JSON.stringify(delivered)
      const marked =
        delivered.length === 0
          ? sql``
          : sql`with done as (
          update outbox set delivered_at = ${now}, attempts = attempts + 1, last_error = null
          where id in (select value::bigint from jsonb_array_elements_text(${done}::jsonb))
            and delivered_at is null
        )`
      const result = await sql<ClaimedEntry>`
        ${marked}
        update outbox set next_attempt_at = ${leaseUntil}
        where id in (
          select id from outbox
          where delivered_at is null
            -- Entries are written at the database's now() (to the microsecond); this node's
            -- clock counts milliseconds: the later of the two, or a kick right after a commit
            -- could find its entry not due yet and leave it to the next second's look.
            and next_attempt_at <= greatest(${now}::timestamptz, now())
            ${
              delivered.length === 0
                ? sql``
                : sql`and id not in (
                  select value::bigint from jsonb_array_elements_text(${done}::jsonb)
                )`
            }
          order by id
          limit ${limit}
          for update skip locked
        )
        returning id, kind, payload, attempts
      `.execute(db)
      return result.rows.sort((a, b) => Number(a.id) - Number(b.id))
    },

    /**
     * Extends to `until` the lease of the entries still held under the lease that ends at
     * `current`: an entry whose retry time was set, or that another node claimed, keeps its own.
     */
    async renewLease(ids: readonly string[], current: Date, until: Date): Promise<void> {
      if (ids.length === 0) return
      await db
        .updateTable('outbox')
        .set({ nextAttemptAt: until })
        .where('id', 'in', ids)
        .where('deliveredAt', 'is', null)
        .where('nextAttemptAt', '=', current)
        .execute()
    },

    /** Marks an entry delivered; false when it already was (then its effect must not repeat). */
    async delivered(id: string, at: Date, executor: Executor = db): Promise<boolean> {
      const result = await executor
        .updateTable('outbox')
        .set((eb) => ({ deliveredAt: at, attempts: eb('attempts', '+', 1), lastError: null }))
        .where('id', '=', id)
        .where('deliveredAt', 'is', null)
        .executeTakeFirst()
      return result.numUpdatedRows > 0n
    },

    async failed(id: string, retryAt: Date, error: string): Promise<void> {
      await db
        .updateTable('outbox')
        .set((eb) => ({
          nextAttemptAt: retryAt,
          attempts: eb('attempts', '+', 1),
          lastError: error,
        }))
        .where('id', '=', id)
        .execute()
    },

    /** Forgets entries delivered before `before`: they are done with. */
    async purgeDelivered(before: Date): Promise<void> {
      await db.deleteFrom('outbox').where('deliveredAt', '<', before).execute()
    },

    /** Entries not delivered yet (for tests and the health of the worker). */
    async undelivered(): Promise<{ kind: string; attempts: number; lastError: string | null }[]> {
      return db
        .selectFrom('outbox')
        .select(['kind', 'attempts', 'lastError'])
        .where('deliveredAt', 'is', null)
        .orderBy('id')
        .execute()
    },
  }
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>
