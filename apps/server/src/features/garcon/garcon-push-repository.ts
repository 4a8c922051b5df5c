import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../../db/schema'

export interface NewPushSubscription {
  waiterId: string
  sessionId: string
  endpoint: string
  p256dh: string
  auth: string
}

/** The SQL of waiters' devices subscribed to Web Push. */
export function createGarconPushRepository(db: Kysely<Database>) {
  return {
    /** The waiter's sign-in with this token hash, whatever its state. */
    sessionOf(trx: Transaction<Database>, tokenHash: string, waiterId: string) {
      return trx
        .selectFrom('garconSessions')
        .select('id')
        .where('tokenHash', '=', tokenHash)
        .where('waiterId', '=', waiterId)
        .executeTakeFirst()
    },

    /** The device's subscription, made or moved to this waiter and sign-in; its id. */
    subscribe(trx: Transaction<Database>, subscription: NewPushSubscription) {
      return trx
        .insertInto('garconPushSubscriptions')
        .values(subscription)
        .onConflict((conflict) =>
          conflict.column('endpoint').doUpdateSet({
            waiterId: subscription.waiterId,
            sessionId: subscription.sessionId,
            p256dh: subscription.p256dh,
            auth: subscription.auth,
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow()
    },

    /** Keeps the waiter's `kept` newest subscriptions and deletes the others. */
    async keepNewest(trx: Transaction<Database>, waiterId: string, kept: number): Promise<void> {
      const newest = await trx
        .selectFrom('garconPushSubscriptions')
        .select('id')
        .where('waiterId', '=', waiterId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(kept)
        .execute()
      await trx
        .deleteFrom('garconPushSubscriptions')
        .where('waiterId', '=', waiterId)
        .where(
          'id',
          'not in',
          newest.map((keep) => keep.id),
        )
        .execute()
    },

    /** How many subscriptions of the waiter at this endpoint went (0 or 1). */
    async unsubscribe(waiterId: string, endpoint: string): Promise<number> {
      const result = await db
        .deleteFrom('garconPushSubscriptions')
        .where('waiterId', '=', waiterId)
        .where('endpoint', '=', endpoint)
        .executeTakeFirst()
      return Number(result.numDeletedRows)
    },

    /** The waiter's devices whose sign-in is still on at `now`. */
    devicesSignedIn(waiterId: string, now: Date) {
      return db
        .selectFrom('garconPushSubscriptions as p')
        .innerJoin('garconSessions as s', 's.id', 'p.sessionId')
        .select(['p.id', 'p.endpoint', 'p.p256dh', 'p.auth'])
        .where('p.waiterId', '=', waiterId)
        .where('s.revokedAt', 'is', null)
        .where('s.expiresAt', '>', now)
        .execute()
    },

    async markSent(id: string, at: Date): Promise<void> {
      await db
        .updateTable('garconPushSubscriptions')
        .set({ lastSentAt: at })
        .where('id', '=', id)
        .execute()
    },

    async remove(id: string): Promise<void> {
      await db.deleteFrom('garconPushSubscriptions').where('id', '=', id).execute()
    },
  }
}
