import type { Kysely } from 'kysely'
import type { UiLanguage } from '@tableside/contracts/restaurants'
import type { Database } from '../../db/schema'

export interface DeviceRow {
  id: string
  tokenHash: string
  userAgent: string | null
  createdAt: Date
  lastUsedAt: Date | null
  expiresAt: Date
}

/** All the SQL of a waiter's own profile: their language, PIN and signed-in devices. */
export function createGarconProfileRepository(db: Kysely<Database>) {
  return {
    profile(waiterId: string) {
      return db
        .selectFrom('waiters')
        .select(['id', 'name', 'login', 'language', 'onShift', 'pinHash'])
        .where('id', '=', waiterId)
        .executeTakeFirst()
    },

    async setLanguage(waiterId: string, language: UiLanguage | null): Promise<void> {
      await db.updateTable('waiters').set({ language }).where('id', '=', waiterId).execute()
    },

    /**
     * The new PIN, and every other session of the waiter ended, in one transaction; `keep` is
     * the hash of the token that changed it. Returns how many sessions it ended.
     */
    async changePin(waiterId: string, pinHash: string, keep: string, at: Date): Promise<number> {
      return db.transaction().execute(async (trx) => {
        await trx.updateTable('waiters').set({ pinHash }).where('id', '=', waiterId).execute()
        const ended = await trx
          .updateTable('garconSessions')
          .set({ revokedAt: at })
          .where('waiterId', '=', waiterId)
          .where('tokenHash', '!=', keep)
          .where('revokedAt', 'is', null)
          .where('expiresAt', '>', at)
          .executeTakeFirst()
        return Number(ended.numUpdatedRows)
      })
    },

    /** The waiter's sessions still in use. */
    devices(waiterId: string, at: Date): Promise<DeviceRow[]> {
      return db
        .selectFrom('garconSessions')
        .select(['id', 'tokenHash', 'userAgent', 'createdAt', 'lastUsedAt', 'expiresAt'])
        .where('waiterId', '=', waiterId)
        .where('revokedAt', 'is', null)
        .where('expiresAt', '>', at)
        .orderBy('lastUsedAt', (ob) => ob.desc().nullsLast())
        .orderBy('createdAt', 'desc')
        .execute()
    },

    /** Ends one session of this waiter still in use; 0 when it is not theirs or already over. */
    async endDevice(waiterId: string, deviceId: string, at: Date): Promise<number> {
      const result = await db
        .updateTable('garconSessions')
        .set({ revokedAt: at })
        .where('id', '=', deviceId)
        .where('waiterId', '=', waiterId)
        .where('revokedAt', 'is', null)
        .where('expiresAt', '>', at)
        .executeTakeFirst()
      return Number(result.numUpdatedRows)
    },
  }
}

export type GarconProfileRepository = ReturnType<typeof createGarconProfileRepository>
