import { sql, type Kysely } from 'kysely'
import type { Database, LoginActor } from '../db/schema'

/**
 * Whose wrong secrets are counted: per restaurant, kind of sign-in and login; each count also
 * names its `source` (a device, an address, a session, or '' for the whole account).
 */
export interface BackoffLogin {
  restaurantId: string
  actor: LoginActor
  login: string
}

/** The SQL of the failures counted at each login and place (`garcon_login_failures`, every actor's). */
export function createLoginBackoffRepository(db: Kysely<Database>) {
  return {
    /**
     * Counts a failure at `at` unless the login must still wait: a failure older than
     * `forgottenBefore` starts the count again, and each from `freeFailures` on sets the wait
     * to 2^failures seconds, at most `maxWaitSeconds`. Undefined when the login must wait (or
     * the restaurant does not exist).
     */
    claim(
      { restaurantId, actor, login }: BackoffLogin,
      source: string,
      at: Date,
      rules: { forgottenBefore: Date; freeFailures: number; maxWaitSeconds: number },
    ) {
      const failures = sql<number>`case when garcon_login_failures.last_failed_at < ${rules.forgottenBefore}
        then 1 else garcon_login_failures.failures + 1 end`
      return db
        .insertInto('garconLoginFailures')
        .columns([
          'restaurantId',
          'actor',
          'login',
          'source',
          'failures',
          'retryAt',
          'lastFailedAt',
        ])
        .expression((eb) =>
          eb
            .selectFrom('restaurants')
            .select((s) => [
              'id',
              s.val(actor).as('actor'),
              s.val(login).as('login'),
              s.val(source).as('source'),
              s.val(1).as('failures'),
              s.val(at).as('retryAt'),
              s.val(at).as('lastFailedAt'),
            ])
            .where('id', '=', restaurantId),
        )
        .onConflict((oc) =>
          oc
            .columns(['restaurantId', 'actor', 'login', 'source'])
            .doUpdateSet({
              failures,
              retryAt: sql<Date>`${at}::timestamptz + make_interval(secs => case
                when ${failures} < ${rules.freeFailures} then 0
                else least(${rules.maxWaitSeconds}, power(2, ${failures})) end)`,
              lastFailedAt: at,
            })
            .where('garconLoginFailures.retryAt', '<=', at),
        )
        .returning('failures')
        .executeTakeFirst()
    },

    /** When the login may try again from `source`. */
    retryAt({ restaurantId, actor, login }: BackoffLogin, source: string) {
      return db
        .selectFrom('garconLoginFailures')
        .select('retryAt')
        .where('restaurantId', '=', restaurantId)
        .where('actor', '=', actor)
        .where('login', '=', login)
        .where('source', '=', source)
        .executeTakeFirst()
    },

    async clear({ restaurantId, actor, login }: BackoffLogin, source: string): Promise<void> {
      await db
        .deleteFrom('garconLoginFailures')
        .where('restaurantId', '=', restaurantId)
        .where('actor', '=', actor)
        .where('login', '=', login)
        .where('source', '=', source)
        .execute()
    },

    /**
     * Marks the count at `source` as told to the managers, when it has reached `failuresAtLeast`
     * and was not told since `notSince`: one node wins, the others get undefined.
     */
    markAlerted(
      { restaurantId, actor, login }: BackoffLogin,
      source: string,
      at: Date,
      when: { notSince: Date; failuresAtLeast: number },
    ) {
      return db
        .updateTable('garconLoginFailures')
        .set({ alertedAt: at })
        .where('restaurantId', '=', restaurantId)
        .where('actor', '=', actor)
        .where('login', '=', login)
        .where('source', '=', source)
        .where('failures', '>=', when.failuresAtLeast)
        .where((eb) => eb.or([eb('alertedAt', 'is', null), eb('alertedAt', '<', when.notSince)]))
        .returning('failures')
        .executeTakeFirst()
    },

    async forgetBefore(before: Date): Promise<void> {
      await db.deleteFrom('garconLoginFailures').where('lastFailedAt', '<', before).execute()
    },
  }
}
