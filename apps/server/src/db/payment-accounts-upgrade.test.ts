import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestRestaurant } from '../features/menu/test-menu-file'
import { testDatabaseKinds } from '../test/test-database'
import type { DatabaseHandle } from './database'
import { loadMigrations, migrate } from './migrate'
import { seedDemo } from './seed-demo'

/**
 * Migration 0051 (issue 29, decision 0132): `payment_accounts` names whose account a row holds.
 * Every account an older release stored was YooKassa's; a row without one stays without.
 */
describe.each(testDatabaseKinds)('Acquirer accounts after an upgrade on $name', (kind) => {
  let database: DatabaseHandle

  beforeAll(async () => {
    database = await kind.openBlank()
    const migrations = await loadMigrations()
    await migrate(
      database.db,
      migrations.filter((migration) => migration.version < '0051'),
    )
    await seedDemo(database.db)
    await createTestRestaurant(database.db, 'plain')
    await createTestRestaurant(database.db, 'left')
    // As 0048 left them: a YooKassa shop, none chosen, and none chosen keeping a YooKassa shop.
    await sql`insert into payment_accounts
        (restaurant_id, provider, account_id, secret_sealed, secret_last4, live, methods)
      values ('demo', 'yookassa', '100500', 'sealed', 'abcd', false, array['card', 'sbp']),
        ('plain', 'none', null, null, null, false, array['card']),
        ('left', 'none', '200600', 'sealed2', 'wxyz', true, array['sbp'])`.execute(database.db)
    await migrate(database.db, migrations)
  })
  afterAll(() => database.close())

  it('says whose every stored account is, and changes nothing else', async () => {
    const rows = await database.db
      .selectFrom('paymentAccounts')
      .select(['restaurantId', 'provider', 'accountProvider', 'accountId', 'secretSealed', 'live'])
      .orderBy('restaurantId')
      .execute()
    expect(rows).toEqual([
      {
        restaurantId: 'demo',
        provider: 'yookassa',
        accountProvider: 'yookassa',
        accountId: '100500',
        secretSealed: 'sealed',
        live: false,
      },
      {
        restaurantId: 'left',
        provider: 'none',
        accountProvider: 'yookassa',
        accountId: '200600',
        secretSealed: 'sealed2',
        live: true,
      },
      {
        restaurantId: 'plain',
        provider: 'none',
        accountProvider: null,
        accountId: null,
        secretSealed: null,
        live: false,
      },
    ])
  })

  it('takes T-Bank from now on, and never an account that is nobody’s or another’s', async () => {
    await sql`update payment_accounts set provider = 'tbank', account_provider = 'tbank'
      where restaurant_id = 'demo'`.execute(database.db)
    const refused = [
      sql`update payment_accounts set provider = 'tbank' where restaurant_id = 'left'`,
      sql`update payment_accounts set account_provider = null where restaurant_id = 'left'`,
      sql`update payment_accounts set account_provider = 'tbank' where restaurant_id = 'plain'`,
      sql`update payment_accounts set provider = 'paypal' where restaurant_id = 'plain'`,
    ]
    for (const statement of refused) {
      await expect(statement.execute(database.db)).rejects.toThrow(/check constraint/)
    }
  })
})
