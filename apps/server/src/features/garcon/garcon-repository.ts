import type { Kysely, Transaction } from 'kysely'
import type { Waiter } from '@tableside/contracts/garcon'
import type { UiLanguage } from '@tableside/contracts/restaurants'
import type { Database } from '../../db/schema'

export interface NewWaiter {
  restaurantId: string
  name: string
  login: string
  pinHash: string
}

/** All the SQL of waiters and their sign-ins. */
export function createGarconRepository(db: Kysely<Database>) {
  return {
    async addWaiter(waiter: NewWaiter): Promise<string> {
      const { id } = await db
        .insertInto('waiters')
        .values(waiter)
        .returning('id')
        .executeTakeFirstOrThrow()
      return id
    },

    async hasWaiters(restaurantId: string): Promise<boolean> {
      const row = await db
        .selectFrom('waiters')
        .select('id')
        .where('restaurantId', '=', restaurantId)
        .limit(1)
        .executeTakeFirst()
      return row !== undefined
    },

    findActiveByLogin(
      restaurantId: string,
      login: string,
    ): Promise<(Waiter & { pinHash: string; language: UiLanguage | null }) | undefined> {
      return db
        .selectFrom('waiters')
        .select(['id', 'restaurantId', 'name', 'pinHash', 'language'])
        .where('restaurantId', '=', restaurantId)
        .where('login', '=', login)
        .where('active', '=', true)
        .executeTakeFirst()
    },

    async listActiveWaiterIds(restaurantId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('waiters')
        .select('id')
        .where('restaurantId', '=', restaurantId)
        .where('active', '=', true)
        .execute()
      return rows.map((row) => row.id)
    },

    async startSession(session: {
      tokenHash: string
      waiterId: string
      createdAt: Date
      expiresAt: Date
      userAgent: string | null
    }): Promise<void> {
      await db.insertInto('garconSessions').values(session).execute()
    },

    /** Sessions of a waiter that can no longer be used; kept from piling up on each sign-in. */
    async deleteEndedSessions(waiterId: string, at: Date): Promise<void> {
      await db
        .deleteFrom('garconSessions')
        .where('waiterId', '=', waiterId)
        .where((eb) => eb.or([eb('expiresAt', '<=', at), eb('revokedAt', 'is not', null)]))
        .execute()
    },

    /** The active waiter whose unexpired, unrevoked session has this token hash. */
    findWaiterBySession(
      tokenHash: string,
      at: Date,
    ): Promise<(Waiter & { lastUsedAt: Date | null }) | undefined> {
      return db
        .selectFrom('garconSessions as s')
        .innerJoin('waiters as w', 'w.id', 's.waiterId')
        .select(['w.id', 'w.restaurantId', 'w.name', 's.lastUsedAt'])
        .where('s.tokenHash', '=', tokenHash)
        .where('s.expiresAt', '>', at)
        .where('s.revokedAt', 'is', null)
        .where('w.active', '=', true)
        .executeTakeFirst()
    },

    /** The session was used at `at` ("my devices" shows it). */
    async touchSession(tokenHash: string, at: Date): Promise<void> {
      await db
        .updateTable('garconSessions')
        .set({ lastUsedAt: at })
        .where('tokenHash', '=', tokenHash)
        .execute()
    },

    /** How many sessions it ended: 0 or 1. */
    async revokeSession(tokenHash: string, at: Date): Promise<number> {
      const result = await db
        .updateTable('garconSessions')
        .set({ revokedAt: at })
        .where('tokenHash', '=', tokenHash)
        .where('revokedAt', 'is', null)
        .executeTakeFirst()
      return Number(result.numUpdatedRows)
    },

    /** Ends every session of the waiter still in use; returns how many. */
    async revokeWaiterSessions(
      waiterId: string,
      at: Date,
      executor: Kysely<Database> | Transaction<Database> = db,
    ): Promise<number> {
      const result = await executor
        .updateTable('garconSessions')
        .set({ revokedAt: at })
        .where('waiterId', '=', waiterId)
        .where('revokedAt', 'is', null)
        .where('expiresAt', '>', at)
        .executeTakeFirst()
      return Number(result.numUpdatedRows)
    },
  }
}

export type GarconRepository = ReturnType<typeof createGarconRepository>
