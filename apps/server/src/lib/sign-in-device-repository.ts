import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'
import type { BackoffLogin } from './login-backoff-repository'

/** The SQL of the devices staff signed in on. */
export function createSignInDeviceRepository(db: Kysely<Database>) {
  return {
    async isKnown(
      { restaurantId, actor, login }: BackoffLogin,
      device: string,
      since: Date,
    ): Promise<boolean> {
      const row = await db
        .selectFrom('signInDevices')
        .select('device')
        .where('restaurantId', '=', restaurantId)
        .where('actor', '=', actor)
        .where('login', '=', login)
        .where('device', '=', device)
        .where('lastSignedInAt', '>=', since)
        .executeTakeFirst()
      return row !== undefined
    },

    async remember(
      { restaurantId, actor, login }: BackoffLogin,
      device: string,
      at: Date,
    ): Promise<void> {
      await db
        .insertInto('signInDevices')
        .values({ restaurantId, actor, login, device, lastSignedInAt: at })
        .onConflict((oc) =>
          oc.columns(['restaurantId', 'actor', 'login', 'device']).doUpdateSet({
            lastSignedInAt: at,
          }),
        )
        .execute()
    },

    async forgetBefore(before: Date): Promise<void> {
      await db.deleteFrom('signInDevices').where('lastSignedInAt', '<', before).execute()
    },
  }
}
