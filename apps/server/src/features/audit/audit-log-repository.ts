import { sql, type Insertable, type Kysely, type Transaction } from 'kysely'
import type { AuditLogTable, Database } from '../../db/schema'

/** The audit log's SQL (decision 0063). */
export function createAuditLogRepository(db: Kysely<Database>) {
  return {
    /** Writes the entry in `executor`: the transaction of the change it records. */
    async insert(
      executor: Transaction<Database> | Kysely<Database>,
      entry: Insertable<AuditLogTable>,
    ): Promise<void> {
      await executor.insertInto('auditLog').values(entry).execute()
    },

    /** The same entry in every restaurant's log: what the server noticed concerns them all. */
    async insertForEveryRestaurant(
      entry: Omit<Insertable<AuditLogTable>, 'restaurantId' | 'at'> & { at: Date },
    ): Promise<void> {
      await db
        .insertInto('auditLog')
        .columns([
          'restaurantId',
          'actorId',
          'actorName',
          'action',
          'entity',
          'entityId',
          'after',
          'at',
        ])
        .expression((eb) =>
          eb
            .selectFrom('restaurants')
            .select((inner) => [
              'id',
              inner.val(entry.actorId ?? null).as('actorId'),
              inner.val(entry.actorName).as('actorName'),
              inner.val(entry.action).as('action'),
              inner.val(entry.entity).as('entity'),
              inner.val(entry.entityId ?? null).as('entityId'),
              sql`${entry.after ?? null}::jsonb`.as('after'),
              sql<Date>`${entry.at}::timestamptz`.as('at'),
            ]),
        )
        .execute()
    },

    /** Up to `limit` of the restaurant's entries older than `before`, newest first. */
    page(
      restaurantId: string,
      options: { before?: string | undefined; entity?: string | undefined; limit: number },
    ) {
      let query = db
        .selectFrom('auditLog')
        .select([
          sql<string>`id::text`.as('id'),
          'at',
          'actorId',
          'actorName',
          'action',
          'entity',
          'entityId',
          'before',
          'after',
        ])
        .where('restaurantId', '=', restaurantId)
      if (options.before !== undefined) query = query.where('auditLog.id', '<', options.before)
      if (options.entity !== undefined) query = query.where('entity', '=', options.entity)
      return query.orderBy('auditLog.id', 'desc').limit(options.limit).execute()
    },
  }
}
